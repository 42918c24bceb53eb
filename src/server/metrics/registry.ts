/**
 * The process's Prometheus metrics (decision 0051), served at /metrics by the custom server. One registry
 * per process, kept on globalThis: the custom server and Next's bundle of the app load this module
 * separately, and what the app's code records must be what the server reports.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

import { logger } from '@/server/logger';

/** Seconds: a page takes a few milliseconds from the cache and a few hundred at worst when rendered. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const queryBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Seconds: a local file takes well under a millisecond, an object store tens; an upload takes as long as its client. */
const fileBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  const registry = new Registry();
  // Process memory, CPU, event-loop lag, garbage collection, open handles (prom-client's own names).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'meshbay_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'meshbay_http_request_duration_seconds',
      help: "Time from a request's arrival to the end of its response, by method and route pattern.",
      labelNames: ['method', 'route'] as const,
      buckets: requestBuckets,
      registers,
    }),
    httpServerErrors: new Counter({
      name: 'meshbay_http_server_errors_total',
      help: 'Responses with a 5xx status, by route pattern.',
      labelNames: ['route'] as const,
      registers,
    }),
    dbQueryDuration: new Histogram({
      name: 'meshbay_db_query_duration_seconds',
      help: 'Time one database statement took on its connection (waiting for a connection not included).',
      buckets: queryBuckets,
      registers,
    }),
    dbQueryErrors: new Counter({
      name: 'meshbay_db_query_errors_total',
      help: 'Database statements that failed.',
      registers,
    }),
    dbReads: new Counter({
      name: 'meshbay_db_reads_total',
      help: 'Catalogue and search reads by where they went: replica, or primary (no replica usable, read-your-writes, a replica failing). With replicas each statement of the read handle, without them each getReadDb() call.',
      labelNames: ['source'] as const,
      registers,
    }),
    fileStoreOperations: new Counter({
      name: 'meshbay_file_store_operations_total',
      help: 'File store operations by driver (local, s3), operation and outcome: ok, missing (no such file), error.',
      labelNames: ['driver', 'operation', 'outcome'] as const,
      registers,
    }),
    fileStoreDuration: new Histogram({
      name: 'meshbay_file_store_operation_seconds',
      help: 'Time one file store operation took, by driver and operation (a stream: until it opened; a local path: until it was lent).',
      labelNames: ['driver', 'operation'] as const,
      buckets: fileBuckets,
      registers,
    }),
    pageCacheLookups: new Counter({
      name: 'meshbay_page_cache_requests_total',
      help: 'Page requests by page-cache result: hit, stale (served while re-rendered), miss (rendered, and recorded when cacheable), bypass (never cached: signed in, or the cache is off).',
      labelNames: ['result'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const metricsKey = Symbol.for('marketplace.metrics');

export function metrics(): Metrics {
  const holder = globalThis as typeof globalThis & { [metricsKey]?: Metrics };
  return (holder[metricsKey] ??= createMetrics());
}

/** A scrape does not wait longer than this for one gauge (a query behind an exhausted pool). */
const readBudgetMs = 2000;

/**
 * A gauge whose values are read when Prometheus scrapes. `read` sets them; when it fails (the database
 * is gone for a moment) or takes longer than the budget, the gauge keeps its last values and a warning
 * is logged, so that one source's trouble neither fails nor stalls the scrape. Registered once per
 * process, whoever asks first.
 */
export function scrapedGauge<Label extends string>(
  options: { name: string; help: string; labelNames?: readonly Label[] },
  read: (gauge: Gauge<Label>) => Promise<void> | void,
): void {
  const { registry } = metrics();
  if (registry.getSingleMetric(options.name)) return;
  new Gauge<Label>({
    ...options,
    registers: [registry],
    async collect() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not read within ${readBudgetMs} ms`)), readBudgetMs);
      });
      try {
        await Promise.race([read(this), late]);
      } catch (error) {
        logger.warn({ err: error, metric: options.name }, 'metric not read');
      } finally {
        clearTimeout(timer);
      }
    },
  });
}

/**
 * `read` shared by the gauges of one scrape: the registry collects every metric at once, so the gauges
 * that ask while a read is under way get its answer, and the next scrape reads anew.
 */
export function sharedWhileRunning<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= read().finally(() => {
      running = undefined;
    }));
}
