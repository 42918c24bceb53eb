/**
 * The demo catalogue's background work (issue 28, decision 0058): a first start on an empty data folder,
 * as `npm start` does after its build (`scripts/serve.sh`, embedded database, `SEED_MODELS` models), timed
 * until every model has its procedural mesh, files and pictures; the disk that takes; and the latency of
 * listing pages while the work runs and after (the server's cost of running it).
 * Goals: all 2,010 models in under 10 minutes on a 2-core machine, under 1 GB.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
    : null;
};

function megabytes(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  const out = spawnSync('du', ['-sk', dir], { encoding: 'utf8' }).stdout;
  return Math.round(Number(out.split('\t')[0]) / 102.4) / 10;
}

/** Demo-model jobs queued or running; null before the seed has queued them. */
async function unfinished(base: string): Promise<number | null> {
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const states = [...metrics.matchAll(/^meshbay_job_queue_jobs\{kind="demo_model",state="(\w+)"\} (\d+)$/gm)];
  if (states.length === 0) return null;
  return states.reduce((sum, match) => sum + Number(match[2]), 0);
}

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

export async function runDemoModelsBenchmark(root: string, models: number) {
  const server = path.join(root, '.next/marketplace-server/main.mjs');
  if (!fs.existsSync(server)) throw new Error('the app is not built: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-demo-models-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const loadBefore = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  const child = spawn('bash', [path.join(root, 'scripts/serve.sh')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_MODELS: String(models),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const lines: string[] = [];
  try {
    let ready: number | null = null;
    while (ready === null) {
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${log}`);
      if (seconds() > 600) throw new Error(`not ready after 600 s:\n${log}`);
      try {
        if ((await fetch(`${base}/api/health`)).status === 200) ready = seconds();
      } catch {
        // Not listening yet.
      }
      if (ready === null) await sleep(250);
    }
    lines.push(`ready after ${ready} s (seed included)`);
    const during: number[] = [];
    const progress: string[] = [];
    let lastReport = 0;
    for (;;) {
      const waiting = await unfinished(base);
      if (waiting === 0) break;
      if (seconds() > 3600) throw new Error('the demo models took over an hour');
      during.push(await timedGet(`${base}/3d-models?page=${1 + Math.floor(Math.random() * 80)}`));
      if (seconds() - lastReport >= 60) {
        lastReport = seconds();
        progress.push(
          `${seconds()} s: ${waiting === null ? 0 : models - waiting} of ${models} (load ${os.loadavg()[0]!.toFixed(2)})`,
        );
      }
      await sleep(1000);
    }
    const done = seconds();
    const after: number[] = [];
    for (let i = 0; i < 60; i++) {
      after.push(await timedGet(`${base}/3d-models?page=${1 + Math.floor(Math.random() * 80)}`));
      await sleep(100);
    }
    const files = path.join(dataDir, 'files');
    const disk = {
      totalMb: megabytes(dataDir),
      demoFilesMb: megabytes(path.join(files, 'demo-models')),
      picturesMb: megabytes(path.join(files, 'previews/rendered')),
      viewerMb: megabytes(path.join(files, 'viewer')),
      databaseMb: megabytes(path.join(dataDir, 'db')),
    };
    // Failed attempts are logged (warn): count the jobs they belong to.
    const failed = new Set(
      [...log.matchAll(/"job":(\d+),"kind":"demo_model"[^\n]*"msg":"job failed"/g)].map((match) => match[1]),
    ).size;
    lines.push(...progress);
    lines.push(
      `all ${models} models done ${done} s after start, ${Math.round((done - ready) * 10) / 10} s after ready`,
    );
    lines.push(`disk: ${JSON.stringify(disk)}`);
    lines.push(
      `listing page p50/p95 while working: ${percentile(during, 50)}/${percentile(during, 95)} ms (${during.length} requests); after: ${percentile(after, 50)}/${percentile(after, 95)} ms`,
    );
    const minutes = (done - ready) / 60;
    const failedGoal = minutes >= 10 || disk.totalMb >= 1024;
    return {
      failed: failedGoal,
      result: {
        models,
        loadAverageBefore: loadBefore,
        loadAverageAfter: os.loadavg().map((l) => Math.round(l * 100) / 100),
        readySeconds: ready,
        doneSeconds: done,
        workSeconds: Math.round((done - ready) * 10) / 10,
        disk,
        failedJobs: failed,
        listingDuringMs: { p50: percentile(during, 50), p95: percentile(during, 95), n: during.length },
        listingAfterMs: { p50: percentile(after, 50), p95: percentile(after, 95), n: after.length },
      },
      lines,
    };
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await sleep(2000);
    // BENCH_KEEP_DATA=1 keeps the data folder to look into (its path is printed).
    if (process.env.BENCH_KEEP_DATA === '1') console.log(`data folder kept: ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
