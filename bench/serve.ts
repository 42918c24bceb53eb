/** The built server as `npm start` serves it, for benchmarks: one process, its output in a log file. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Starts `scripts/serve.sh` (it execs node: the pid is the server's) with `env` over the production defaults. */
export function spawnServer(root: string, env: Record<string, string>, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'w');
  return spawn('bash', ['scripts/serve.sh'], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, NODE_ENV: 'production', SEED_ON_START: '0', NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
}

/** `npm run seed -- --models N` on `databaseUrl`, its output shown; throws when it fails. */
export function seedCatalogue(root: string, databaseUrl: string, models: number, dataDir: string): void {
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/seed/cli.ts', '--models', String(models)],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
  );
  if (seed.status !== 0) throw new Error('the seed failed');
}

/** What a benchmark on a seeded catalogue is given (`bench/run.ts`). */
export interface SeededDatabaseOptions {
  root: string;
  models: number;
  /** An already seeded database; otherwise a throw-away cluster is started and seeded. */
  databaseUrl?: string;
  startCluster: () => { url: string; dir: string };
  stopCluster: (dir: string) => void;
}

/**
 * The database to measure: `databaseUrl`, or a throw-away cluster seeded with `models` models (the
 * seed's files in `dataDir`). `release` stops the cluster it started, if any.
 */
export function seededDatabase(
  options: SeededDatabaseOptions,
  dataDir: string,
  log: (message: string) => void,
): { url: string; release: () => void } {
  if (options.databaseUrl) return { url: options.databaseUrl, release: () => {} };
  const cluster = options.startCluster();
  try {
    log(`seeding ${options.models.toLocaleString('en-US')} models …`);
    seedCatalogue(options.root, cluster.url, options.models, dataDir);
  } catch (error) {
    options.stopCluster(cluster.dir);
    throw error;
  }
  return { url: cluster.url, release: () => options.stopCluster(cluster.dir) };
}
