/**
 * `npm run bench -- freshness [--models 2000000] [--database-url URL] [--seconds 60]` (issue 26 §1,
 * decision 0065): search while the catalogue changes. On a seeded PostgreSQL database, the built server
 * answers 8 clients searching (the search benchmark's query mix, first page with its total) while this
 * process writes 20 changes a second straight to the database, as another instance would: each renames
 * a published model to a new word and reprices it; every tenth unpublishes a model renamed before. For
 * every fourth rename and every unpublish, a prober searches for its word every 20 ms until the answer
 * shows it (or, for an unpublished model, no longer does): the time from the commit to then. (Probing
 * every change would add ~60 searches a second to the 8 clients' load.) A first round of the same
 * length, without writes, is the baseline. The rounds start once the 1-minute load average is below 0.5
 * (waited for up to 5 minutes after the index is built). Targets: search p95 ≤ 50 ms,
 * commit to visible p99 ≤ 1 s, and no full build of the index during the run (the server's log).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { get, percentile, queryMixes, startServer } from './search';
import { seededDatabase, type SeededDatabaseOptions } from './serve';

export interface FreshnessOptions extends SeededDatabaseOptions {
  seconds: number;
}

const clients = 8;
const writesPerSecond = 20;
const probeEveryMs = 20;
const targets = { searchP95Ms: 50, visibleP99Ms: 1_000 };
const log = (message: string) => console.error(`[freshness] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (ms: number) => Math.round(ms * 10) / 10;

const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** The total of a search for `word`. */
function totalFor(base: URL, word: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: `/api/internal/items?keywords=${word}&facets=0&per_page=1`,
        agent: probeAgent,
        headers: { accept: 'application/json' },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          try {
            resolve((JSON.parse(body) as { data: { total: number } }).data.total);
          } catch (error) {
            reject(new Error(`${response.statusCode}: ${body.slice(0, 200)} (${String(error)})`));
          }
        });
      },
    );
    request.on('error', reject);
  });
}

/** Ms from `committedAt` until a search for `word` totals `expected`. */
async function visibleAfter(base: URL, word: string, expected: number, committedAt: number): Promise<number> {
  for (;;) {
    if ((await totalFor(base, word)) === expected) return performance.now() - committedAt;
    if (performance.now() - committedAt > 30_000) throw new Error(`"${word}" not ${expected} after 30 s`);
    await sleep(probeEveryMs);
  }
}

const fullBuilds = (logFile: string) =>
  fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('listing index built')).length;

export async function runFreshnessBenchmark(options: FreshnessOptions) {
  const seeded = seededDatabase(options, fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fresh-seed-')), log);
  const databaseUrl = seeded.url;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  const pool = { current: null as pg.Pool | null };
  try {
    // No background work of the demo catalogue (pictures, meshes) competing with the searches.
    server = await startServer(options.root, databaseUrl, {
      LOG_LEVEL: 'info',
      JOB_WORKERS: '0',
      DEMO_MODEL_WORKERS: '0',
    });
    const { base } = server;
    log('waiting for the listing index …');
    const first = await get(base, '/api/internal/items?keywords=box&facets=0', 600_000);
    if (first.status !== 200) throw new Error(`the first search answered ${first.status}`);
    const database = (pool.current = new pg.Pool({ connectionString: databaseUrl, max: 4 }));
    const { rows } = await database.query<{ id: number }>(
      `SELECT id FROM models WHERE status = 'published' ORDER BY random() LIMIT $1`,
      [options.seconds * writesPerSecond + 100],
    );
    const ids = rows.map((row) => row.id);
    // The build of the index (a minute of CPU at 2,000,000 models) raises the load: wait for it to settle.
    for (const quietBy = Date.now() + 300_000; os.loadavg()[0]! >= 0.5 && Date.now() < quietBy;)
      await sleep(5_000);
    const loadAverage = os.loadavg().map((l) => Math.round(l * 100) / 100);
    const buildsBefore = fullBuilds(server.logFile);

    const searches = queryMixes().searches.map(
      (k) => `/api/internal/items?keywords=${encodeURIComponent(k)}&facets=0`,
    );
    const errors: string[] = [];
    const visible: number[] = [];
    let next = 0;
    const searcher = async (until: number, latencies: number[]) => {
      while (performance.now() < until) {
        const pathAndQuery = searches[next++ % searches.length]!;
        try {
          const { status, ms } = await get(base, pathAndQuery);
          if (status !== 200) errors.push(`${status} ${pathAndQuery}`);
          latencies.push(ms);
        } catch (error) {
          errors.push(String(error));
        }
      }
    };
    const probes: Promise<void>[] = [];
    const renamed: { id: number; word: string }[] = [];
    const writer = async (until: number) => {
      const started = performance.now();
      for (let write = 0; performance.now() < until; write++) {
        await sleep(Math.max(0, started + (write * 1000) / writesPerSecond - performance.now()));
        const word = `fresh${write}q${Date.now().toString(36)}`;
        const unpublish = write % 10 === 9 && renamed.length > 0;
        const target = unpublish ? renamed.shift()! : { id: ids[write % ids.length]!, word };
        if (unpublish)
          await database.query(`UPDATE models SET status = 'draft', updated_at = now() WHERE id = $1`, [
            target.id,
          ]);
        else {
          await database.query(
            `UPDATE models SET title = $2, price_cents = price_cents + 100, updated_at = now() WHERE id = $1`,
            [target.id, `Probe ${word}`],
          );
          renamed.push(target);
        }
        const committedAt = performance.now();
        if (unpublish || write % 4 === 0)
          probes.push(
            visibleAfter(base, target.word, unpublish ? 0 : 1, committedAt).then(
              (ms) => void visible.push(ms),
              (error: unknown) => void errors.push(String(error)),
            ),
          );
      }
    };
    const searchAlone = async () => {
      const latencies: number[] = [];
      const until = performance.now() + options.seconds * 1000;
      await Promise.all(Array.from({ length: clients }, () => searcher(until, latencies)));
      return latencies;
    };
    log(`baseline, ${options.seconds} s: ${clients} clients searching, no writes …`);
    const alone = await searchAlone();
    log(`${options.seconds} s: ${clients} clients searching, ${writesPerSecond} writes/s …`);
    const latencies: number[] = [];
    const until = performance.now() + options.seconds * 1000;
    await Promise.all([writer(until), ...Array.from({ length: clients }, () => searcher(until, latencies))]);
    await Promise.all(probes);
    const buildsDuring = fullBuilds(server.logFile) - buildsBefore;

    visible.sort((a, b) => a - b);
    const figures = (ms: number[]) => {
      ms.sort((a, b) => a - b);
      return {
        requests: ms.length,
        p50: round(percentile(ms, 50)),
        p95: round(percentile(ms, 95)),
        p99: round(percentile(ms, 99)),
      };
    };
    const baseline = figures(alone);
    const search = figures(latencies);
    const fresh = {
      writes: visible.length,
      p50: round(percentile(visible, 50)),
      p95: round(percentile(visible, 95)),
      p99: round(percentile(visible, 99)),
      max: round(visible.at(-1) ?? NaN),
    };
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    const searchOk = search.p95 <= targets.searchP95Ms && errors.length === 0;
    const freshOk = fresh.p99 <= targets.visibleP99Ms;
    const lines = [
      `load average before: ${loadAverage.join(', ')}`,
      `BASE  search without writes p95: ${baseline.p95} ms — p50 ${baseline.p50}, p99 ${baseline.p99}; ${baseline.requests} requests`,
      `${pass(searchOk)}  search under writes p95: ${search.p95} ms (target ≤ ${targets.searchP95Ms}) — p50 ${search.p50}, p99 ${search.p99}; ${search.requests} requests, ${errors.length} errors${errors.length ? ` (${errors.slice(0, 3).join('; ')})` : ''}`,
      `${pass(freshOk)}  commit to visible p99: ${fresh.p99} ms (target ≤ ${targets.visibleP99Ms}) — p50 ${fresh.p50}, p95 ${fresh.p95}, max ${fresh.max}; ${fresh.writes} writes`,
      `${pass(buildsDuring === 0)}  full builds of the index during the run: ${buildsDuring} (target 0)`,
    ];
    return {
      result: {
        models: options.models,
        seconds: options.seconds,
        loadAverage,
        baseline,
        search,
        fresh,
        buildsDuring,
      },
      lines,
      failed: !(searchOk && freshOk && buildsDuring === 0),
    };
  } finally {
    await pool.current?.end();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await sleep(1000);
    }
    seeded.release();
  }
}
