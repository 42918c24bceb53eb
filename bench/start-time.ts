/**
 * `npm run bench -- start [--models 2000000] [--database-url URL] [--rounds 3]` (issue 26 §2, decision
 * 0064): how soon a starting instance answers its first search on a large catalogue. On a seeded
 * PostgreSQL database, the built server is started on an empty data folder (no snapshot: it builds the
 * listing index from the database, then writes the snapshot), then `rounds` times on that folder (it
 * reads the snapshot), then once after a model was renamed in the database (it answers from the
 * snapshot and takes the change from the change log, decision 0065: the time until the new title is found is reported too). Each
 * start is timed from the process's spawn to its first search answered 200; target ≤ 10 s.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { freePort } from '../tests/process/processes';

import { seededDatabase, spawnServer, type SeededDatabaseOptions } from './serve';

export interface StartTimeOptions extends SeededDatabaseOptions {
  rounds: number;
}

const log = (message: string) => console.error(`[start] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const targetMs = 10_000;

interface Started {
  child: ChildProcess;
  base: string;
  logFile: string;
}

async function startServer(root: string, databaseUrl: string, dataDir: string): Promise<Started> {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `bench-start-server-${port}.log`);
  const child = spawnServer(
    root,
    {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JOB_WORKERS: '0',
      DEMO_MODEL_WORKERS: '0',
      LOG_LEVEL: 'info',
    },
    logFile,
  );
  return { child, base: `http://127.0.0.1:${port}`, logFile };
}

async function stopServer({ child }: Started): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Ms from now until `path` answers 200 (polled every 50 ms). */
async function untilAnswered(
  base: string,
  pathname: string,
  timeoutMs: number,
  accept: (body: unknown) => boolean = () => true,
) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${base}${pathname}`, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 200 && accept(await response.json())) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${pathname} not answered within ${timeoutMs} ms`);
}

const logLines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

interface Round {
  kind: 'no snapshot' | 'snapshot' | 'snapshot behind';
  firstSearchMs: number;
  /** Behind: until the renamed model is found. */
  freshMs?: number;
  rssMiB: number;
  logged: string[];
}

async function timedStart(
  root: string,
  databaseUrl: string,
  dataDir: string,
  kind: Round['kind'],
  renamed?: string,
): Promise<Round> {
  const spawned = performance.now();
  const server = await startServer(root, databaseUrl, dataDir);
  try {
    await untilAnswered(server.base, '/api/internal/items?keywords=chair&facets=0', 900_000);
    const firstSearchMs = Math.round(performance.now() - spawned);
    let freshMs: number | undefined;
    if (renamed) {
      const hasTotal = (body: unknown) => (body as { data: { total: number } }).data.total > 0;
      await untilAnswered(server.base, `/api/internal/items?keywords=${renamed}&facets=0`, 900_000, hasTotal);
      freshMs = Math.round(performance.now() - spawned);
    }
    if (kind === 'no snapshot') {
      log('waiting for the snapshot to be written …');
      const deadline = Date.now() + 300_000;
      while (!logLines(server.logFile).some((line) => line.msg === 'listing index snapshot written')) {
        if (Date.now() > deadline) throw new Error('no snapshot written within 5 minutes');
        await sleep(500);
      }
    }
    const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    const rssMiB = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
    const logged = logLines(server.logFile)
      .filter((line) => String(line.msg).startsWith('listing index'))
      .map(
        (line) =>
          `${String(line.msg)} ${JSON.stringify({ models: line.models, ms: line.ms, reason: line.reason })}`,
      );
    return { kind, firstSearchMs, freshMs, rssMiB, logged };
  } finally {
    await stopServer(server);
  }
}

export async function runStartTimeBenchmark(options: StartTimeOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-data-'));
  const seeded = seededDatabase(options, dataDir, log);
  const databaseUrl = seeded.url;
  try {
    const loadAverage = os.loadavg().map((l) => Math.round(l * 100) / 100);
    const rounds: Round[] = [];
    fs.rmSync(path.join(dataDir, 'listing-index'), { recursive: true, force: true });
    log('start without a snapshot …');
    rounds.push(await timedStart(options.root, databaseUrl, dataDir, 'no snapshot'));
    const snapshotBytes = fs.statSync(path.join(dataDir, 'listing-index', 'snapshot.bin')).size;
    for (let i = 0; i < options.rounds; i++) {
      log(`start from the snapshot (${i + 1}/${options.rounds}) …`);
      rounds.push(await timedStart(options.root, databaseUrl, dataDir, 'snapshot'));
    }
    // A change the snapshot does not hold: the start answers from it, and takes the change from the log.
    const renamed = `Renamedsnapshotprobe${Date.now().toString(36)}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `UPDATE models SET title = $1, updated_at = now() WHERE id = (SELECT min(id) FROM models WHERE status = 'published')`,
      [renamed],
    );
    await client.end();
    log('start from a snapshot one change behind …');
    rounds.push(await timedStart(options.root, databaseUrl, dataDir, 'snapshot behind', renamed));

    const fromSnapshot = rounds
      .filter((round) => round.kind !== 'no snapshot')
      .map((round) => round.firstSearchMs);
    const result = {
      models: options.models,
      loadAverage,
      snapshotBytes,
      bytesPerModel: Math.round(snapshotBytes / options.models),
      rounds,
      firstSearchMs: {
        withoutSnapshot: rounds[0]!.firstSearchMs,
        fromSnapshotMedian: median(fromSnapshot),
        fromSnapshotMax: Math.max(...fromSnapshot),
        target: targetMs,
      },
    };
    const failed = Math.max(...fromSnapshot) > targetMs;
    return {
      result,
      failed,
      lines: rounds.map(
        (round) =>
          `${round.kind.padEnd(16)} first search ${(round.firstSearchMs / 1000).toFixed(1)} s` +
          (round.freshMs ? `, renamed model found ${(round.freshMs / 1000).toFixed(1)} s` : '') +
          `, RSS ${round.rssMiB} MiB`,
      ),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    seeded.release();
  }
}
