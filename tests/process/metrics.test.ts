/**
 * Issue 29 §4: /metrics on the built app, a real process (decision 0051). Who may read it (the token, or
 * a client on this machine not forwarded by a proxy; anyone else gets the 404 of an unknown path), that
 * it is Prometheus' text format, that a page request moves its route's counter and histogram, and that
 * the database, job-queue, page-cache and search-index gauges hold plausible values.
 */
import fs from 'node:fs';
import os from 'node:os';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readAppRoutes } from '@/server/metrics/route-patterns';

import { freePort, requireBuild, root, serverEntry, start, stop, tempDir, waitForServer } from './processes';

const token = 'metrics-test-token-0123456789abcdef';

/** This machine's address on a network (not loopback): a request to it comes from it. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

interface Exposition {
  help: Map<string, string>;
  type: Map<string, string>;
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

/** Parses Prometheus' text format strictly: every line is a HELP, a TYPE or a sample of a declared family. */
function parseExposition(text: string): Exposition {
  const exposition: Exposition = { help: new Map(), type: new Map(), samples: [] };
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = new RegExp(`^# HELP (${name}) (.+)$`).exec(line);
    if (help) {
      exposition.help.set(help[1]!, help[2]!);
      continue;
    }
    const type = new RegExp(`^# TYPE (${name}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      expect(exposition.help.has(type[1]!), `HELP before TYPE of ${type[1]}`).toBe(true);
      exposition.type.set(type[1]!, type[2]!);
      continue;
    }
    const sample = new RegExp(`^(${name})(?:\\{(.*)\\})? (\\S+)$`).exec(line);
    expect(sample, `a sample line: ${line}`).not.toBeNull();
    const [, sampleName, labelText, valueText] = sample!;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (labelText ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    const value = valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    // prom-client writes NaN as `Nan` (the event-loop lag before its first sample); Prometheus reads
    // NaN in any case.
    expect(Number.isNaN(value) && valueText!.toLowerCase() !== 'nan', `a number: ${line}`).toBe(false);
    const family = exposition.type.has(sampleName!)
      ? sampleName!
      : sampleName!.replace(/_(bucket|sum|count)$/, '');
    expect(exposition.type.has(family), `TYPE declared for ${sampleName}`).toBe(true);
    exposition.samples.push({ name: sampleName!, labels, value });
  }
  return exposition;
}

function valueOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  const found = exposition.samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found.reduce((sum, sample) => sum + sample.value, 0);
}

describe('/metrics of the built app', () => {
  let server: ReturnType<typeof start> | undefined;
  let port = 0;
  let base = '';
  const dataDir = tempDir('metrics');

  async function scrape(): Promise<Exposition> {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parseExposition(await response.text());
  }

  beforeAll(async () => {
    requireBuild();
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = start(serverEntry, [], {
      PORT: String(port),
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // From 80 models on, the seed attaches its demo meshes and queues their analyses; with no runner
      // (JOB_WORKERS 0) they stay queued, so the queue gauges have something to count.
      SEED_MODELS: '80',
      JOB_WORKERS: '0',
      PAGE_CACHE_SECONDS: '600',
      METRICS_TOKEN: token,
    });
    await waitForServer(server, port, 240_000);
  }, 300_000);

  afterAll(async () => {
    if (server) await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a client on this machine, and one with the token; anyone else gets a 404', async () => {
    const status = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      const body = await response.text();
      if (response.status !== 200) expect(body).not.toContain('meshbay_');
      return response.status;
    };
    const forwarded = { 'x-forwarded-for': '203.0.113.7' };
    expect(await status(`${base}/metrics`)).toBe(200);
    // A proxy on this machine forwarding someone else's request:
    expect(await status(`${base}/metrics`, forwarded)).toBe(404);
    expect(await status(`${base}/metrics`, { ...forwarded, authorization: `Bearer ${token}` })).toBe(200);
    expect(await status(`${base}/metrics`, { ...forwarded, authorization: `Bearer ${token}0` })).toBe(404);
    expect(await status(`${base}/metrics`, { ...forwarded, authorization: token })).toBe(404);
    if (!outsideAddress) return;
    const outside = `http://${outsideAddress}:${port}/metrics`;
    expect(await status(outside)).toBe(404);
    expect(await status(outside, { authorization: `Bearer ${token}` })).toBe(200);
  });

  it('is Prometheus text with HELP and TYPE for every metric, the process’s memory included', async () => {
    const exposition = await scrape();
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'meshbay_http_requests_total',
      'meshbay_http_request_duration_seconds',
      'meshbay_http_server_errors_total',
      'meshbay_db_query_duration_seconds',
      'meshbay_db_query_errors_total',
      'meshbay_db_pool_connections',
      'meshbay_db_pool_waiting',
      'meshbay_job_queue_jobs',
      'meshbay_job_queue_oldest_due_seconds',
      'meshbay_page_cache_requests_total',
      'meshbay_page_cache_entries',
      'meshbay_page_cache_bytes',
      'meshbay_page_cache_hit_ratio',
      'meshbay_search_index_models',
      'meshbay_search_index_terms',
      'meshbay_search_index_versions_behind',
      'meshbay_search_index_lag_seconds',
      'meshbay_search_index_building',
      'meshbay_search_index_last_build_seconds',
    ]) {
      expect(exposition.help.get(name), name).toBeTruthy();
      expect(exposition.type.get(name), name).toBeTruthy();
    }
    expect(exposition.type.get('meshbay_http_request_duration_seconds')).toBe('histogram');
    const memory = valueOf(exposition, 'process_resident_memory_bytes');
    expect(memory).toBeGreaterThan(50 * 2 ** 20);
    expect(memory).toBeLessThan(4 * 2 ** 30);
  });

  it('counts and times a page under its route pattern, in any locale, and the page cache’s answers', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/[locale]/about-us' };
    const pages = ['/fr/about-us', '/fr/about-us', '/about-us'];
    for (const page of pages) {
      const response = await fetch(`${base}${page}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      await response.text();
    }
    const listing = await fetch(`${base}/de/3d-modelle?keywords=robot`, { headers: { accept: 'text/html' } });
    expect(listing.status).toBe(200);
    await listing.text();
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);

    expect(moved('meshbay_http_requests_total', { ...route, status: '200' })).toBe(pages.length);
    expect(moved('meshbay_http_request_duration_seconds_count', route)).toBe(pages.length);
    expect(moved('meshbay_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      pages.length,
    );
    expect(moved('meshbay_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(
      moved('meshbay_http_requests_total', { method: 'GET', route: '/[locale]/3d-models', status: '200' }),
    ).toBe(1);
    // The scrape before this one was counted, under its own route.
    expect(valueOf(after, 'meshbay_http_requests_total', { route: '/metrics' })).toBeGreaterThan(0);
    // No label holds a raw path.
    const routes = new Set(after.samples.flatMap((sample) => sample.labels.route ?? []));
    for (const label of routes) expect(label).not.toMatch(/\/(fr|de)\/|\?/);

    expect(moved('meshbay_page_cache_requests_total', { result: 'miss' })).toBeGreaterThanOrEqual(2);
    expect(moved('meshbay_page_cache_requests_total', { result: 'hit' })).toBe(1);
    expect(valueOf(after, 'meshbay_page_cache_entries')).toBeGreaterThanOrEqual(2);
    const ratio = valueOf(after, 'meshbay_page_cache_hit_ratio');
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThan(1);
  });

  it('holds plausible database, job-queue and search-index figures', async () => {
    // A search brings the listing index up to date with the catalogue.
    await (await fetch(`${base}/3d-models?keywords=robot`, { headers: { accept: 'text/html' } })).text();
    const exposition = await scrape();
    const upSeconds = Date.now() / 1000 - valueOf(exposition, 'process_start_time_seconds');

    expect(valueOf(exposition, 'meshbay_db_pool_connections', { state: 'max' })).toBe(1);
    expect(valueOf(exposition, 'meshbay_db_pool_connections', { state: 'open' })).toBe(1);
    expect(valueOf(exposition, 'meshbay_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(valueOf(exposition, 'meshbay_db_query_duration_seconds_count')).toBeGreaterThan(100);

    // The seed queued mesh analyses during this start, and no runner took them.
    const due = valueOf(exposition, 'meshbay_job_queue_jobs', { kind: 'mesh_analysis', state: 'due' });
    expect(due).toBeGreaterThan(0);
    expect(Number.isInteger(due)).toBe(true);
    expect(valueOf(exposition, 'meshbay_job_queue_jobs', { kind: 'mesh_analysis', state: 'running' })).toBe(
      0,
    );
    const oldest = valueOf(exposition, 'meshbay_job_queue_oldest_due_seconds', { kind: 'mesh_analysis' });
    expect(oldest).toBeGreaterThan(0);
    expect(oldest).toBeLessThan(upSeconds + 5);

    const models = valueOf(exposition, 'meshbay_search_index_models');
    expect(models).toBeGreaterThanOrEqual(40);
    expect(models).toBeLessThanOrEqual(200);
    expect(valueOf(exposition, 'meshbay_search_index_terms')).toBeGreaterThan(10);
    expect(valueOf(exposition, 'meshbay_search_index_versions_behind')).toBe(0);
    expect(valueOf(exposition, 'meshbay_search_index_lag_seconds')).toBe(0);
    expect(valueOf(exposition, 'meshbay_search_index_last_build_seconds')).toBeGreaterThan(0);
  });

  it('labels routes from the build’s route list, the same routes the source declares', () => {
    const built = readAppRoutes({ root, dev: false }).filter((route) => !route.startsWith('/_'));
    expect(new Set(built)).toEqual(new Set(readAppRoutes({ root, dev: true })));
  });
});
