/**
 * The gauges the custom server owns, read at each scrape: the database's connections and read replicas,
 * the job queue and the page cache. (The listing index registers its own, from the catalogue feature.)
 */
import { openedDatabase } from '@/server/db/client';
import { readReplicaStates } from '@/server/db/read-replicas';
import { queueDepth } from '@/server/jobs/queue';

import { metrics, scrapedGauge, sharedWhileRunning } from './registry';

export interface PageCacheFigures {
  size(): number;
  bytes(): number;
}

/** Job kinds seen since the start keep reporting (as 0) once their jobs are done. */
const jobKinds = new Set<string>();

export function registerServerMetrics(options: { pageCache: PageCacheFigures }): void {
  scrapedGauge(
    {
      name: 'meshbay_db_pool_connections',
      help: 'Database connections by state: max (the pool may open), open, busy (running a statement, or lent to a transaction on PostgreSQL). PGlite has one.',
      labelNames: ['state'] as const,
    },
    async (gauge) => {
      const handle = await openedDatabase();
      if (!handle) return;
      const use = handle.poolUse();
      gauge.set({ state: 'max' }, use.max);
      gauge.set({ state: 'open' }, use.open);
      gauge.set({ state: 'busy' }, use.busy);
    },
  );
  scrapedGauge(
    {
      name: 'meshbay_db_pool_waiting',
      help: 'Statements and transactions waiting for a database connection.',
    },
    async (gauge) => {
      const handle = await openedDatabase();
      if (handle) gauge.set(handle.poolUse().waiting);
    },
  );

  // One series per read replica (decision 0062), none without them; the replicas' own checks measured
  // them, so a scrape asks nothing. Reset first: only the replicas of now are reported.
  scrapedGauge(
    {
      name: 'meshbay_db_read_replica_up',
      help: 'Whether catalogue and search reads go to the read replica now: 1, or 0 while it is skipped (not answering, or lagging more than DATABASE_READ_MAX_LAG_MS).',
      labelNames: ['replica'] as const,
    },
    async (gauge) => {
      const replicas = await readReplicaStates();
      gauge.reset();
      for (const replica of replicas) gauge.set({ replica: replica.name }, replica.usable ? 1 : 0);
    },
  );
  scrapedGauge(
    {
      name: 'meshbay_db_read_replica_lag_seconds',
      help: 'Seconds the read replica was behind the primary at the last check that reached it (to the check interval, 0.5 s); kept while it does not answer.',
      labelNames: ['replica'] as const,
    },
    async (gauge) => {
      const replicas = await readReplicaStates();
      gauge.reset();
      for (const replica of replicas)
        if (replica.lagSeconds !== null) gauge.set({ replica: replica.name }, replica.lagSeconds);
    },
  );

  // Both queue gauges ask in one scrape: one query for the two.
  const readQueue = sharedWhileRunning(async () => {
    const handle = await openedDatabase();
    if (!handle) return [];
    const depth = await queueDepth(handle);
    for (const row of depth) jobKinds.add(row.kind);
    return [...jobKinds].map(
      (kind) =>
        depth.find((row) => row.kind === kind) ?? {
          kind,
          due: 0,
          scheduled: 0,
          running: 0,
          oldestDueSeconds: 0,
        },
    );
  });
  scrapedGauge(
    {
      name: 'meshbay_job_queue_jobs',
      help: 'Unfinished background jobs by kind and state: due (queued, waiting for a runner), scheduled (queued for later: retries, periodic jobs), running.',
      labelNames: ['kind', 'state'] as const,
    },
    async (gauge) => {
      for (const row of await readQueue()) {
        gauge.set({ kind: row.kind, state: 'due' }, row.due);
        gauge.set({ kind: row.kind, state: 'scheduled' }, row.scheduled);
        gauge.set({ kind: row.kind, state: 'running' }, row.running);
      }
    },
  );
  scrapedGauge(
    {
      name: 'meshbay_job_queue_oldest_due_seconds',
      help: 'Seconds the longest-waiting due job of a kind has been due (0: none waits).',
      labelNames: ['kind'] as const,
    },
    async (gauge) => {
      for (const row of await readQueue()) gauge.set({ kind: row.kind }, row.oldestDueSeconds);
    },
  );

  scrapedGauge({ name: 'meshbay_page_cache_entries', help: 'Pages held in the page cache.' }, (gauge) =>
    gauge.set(options.pageCache.size()),
  );
  scrapedGauge(
    { name: 'meshbay_page_cache_bytes', help: 'Bytes of the pages held in the page cache (uncompressed).' },
    (gauge) => gauge.set(options.pageCache.bytes()),
  );
  scrapedGauge(
    {
      name: 'meshbay_page_cache_hit_ratio',
      help: 'Share of cacheable page requests answered from the cache (hit or stale) since the start; rate() of meshbay_page_cache_requests_total gives it over a window.',
    },
    async (gauge) => {
      const { values } = await metrics().pageCacheLookups.get();
      const count = (result: string) => values.find((value) => value.labels.result === result)?.value ?? 0;
      const answered = count('hit') + count('stale');
      const cacheable = answered + count('miss');
      gauge.set(cacheable === 0 ? 0 : answered / cacheable);
    },
  );
}
