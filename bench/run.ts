/**
 * `npm run bench -- <name> [options]`: runs one benchmark on a throw-away PostgreSQL 15 cluster
 * (durable settings) and prints a JSON result and a one-line summary.
 *   seed    [--models 2000000]   the demo-catalogue seed (COPY, indexes built after loading), then
 *                                listing-page latency on the result (bench/listing-latency.ts)
 *   import  [--lines 2000000]    the catalogue import of a generated JSON Lines file
 *   home    [--models 100000] [--only server|lighthouse|js|images] [--url http://…]
 *                                the home page against its targets (bench/home-page.ts): server
 *                                latency, Lighthouse, JavaScript shipped, image sizes; PASS/FAIL per
 *                                figure; --url measures a running server instead of starting one
 *   search  [--models 2000000] [--database-url URL]
 *                                search latency over HTTP with 8 clients (bench/search.ts): live
 *                                suggestions, searches, filters with facets, deep pages, memory;
 *                                --database-url measures an already seeded database
 *   start   [--models 2000000] [--database-url URL] [--rounds 3]
 *                                how soon a starting server answers its first search: without the
 *                                listing-index snapshot, from it, and from one a change behind
 *                                (bench/start-time.ts; needs a build)
 *   freshness [--models 2000000] [--database-url URL] [--seconds 60]
 *                                search while 20 changes a second are written: search p95, commit to
 *                                visible p99, full index builds (bench/freshness.ts; needs a build)
 *   checkout --url http://… [--rounds 60]
 *                                the checkout over HTTP against a running server (bench/checkout.ts):
 *                                a new buyer adds two models and pays, per round; p50/p95 in ms
 *   pages   --url http://… [--rounds 5] [--set core|community|all] [--only label,label]
 *                                Lighthouse (mobile preset) on home, listing, a model page, a search
 *                                page and a designer profile, with an empty Next.js page as the
 *                                baseline in the same rounds (bench/pages.ts)
 *   hydration --url http://…[,http://…] [--rounds 7]
 *                                main-thread script and long-task time of loading and hydrating the
 *                                listing, a model page and a search page (home as a reference) in
 *                                Chromium at 4× CPU slowdown; several URLs are measured interleaved
 *                                (bench/hydration.ts)
 *   mesh    [--triangles 2000000] binary STL parse + figures on one core, and peak memory per
 *                                triangle; then BVH self-intersections + thin walls on a torus of
 *                                min(N, 1000000) triangles, and the whole pipeline's peak memory
 *                                (bench/mesh.ts)
 *   fingerprint [--models 2000000] stolen-model lookup: the in-memory fingerprint index filled with
 *                                synthetic fingerprints, 200 lookups, p50/p95 in ms (bench/fingerprint.ts)
 *   index-queries --snapshot FILE [--rounds 3]
 *                                the listing index's own time per query, in-process, on a snapshot a
 *                                server wrote: the search mixes' first pages, filters with facets and
 *                                page 200, one at a time (bench/index-queries.ts)
 *   demo-models [--models 2010] a first start on an empty data folder timed until every demo model has its
 *                                procedural mesh, files and pictures; disk; listing latency meanwhile
 *                                (bench/demo-models.ts; needs a build)
 *   print-estimate [--meshes DIR] the print cost and time estimate against PrusaSlicer on the shared
 *                                meshes (bench/print-estimate.ts; needs `apt-get install prusa-slicer`)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { homeParts, runHomeBenchmark, type HomePart } from './home-page';
import { runMeshBenchmark } from './mesh';
import { runCheckoutBenchmark } from './checkout';
import { runDemoModelsBenchmark } from './demo-models';
import { runFreshnessBenchmark } from './freshness';
import type { SeededDatabaseOptions } from './serve';
import { runFingerprintBenchmark } from './fingerprint';
import { runHydrationBenchmark } from './hydration';
import { runIndexQueriesBenchmark } from './index-queries';
import { runPagesBenchmark } from './pages';
import { testMeshDir } from '../tests/fixtures/test-meshes';

import { runPrintEstimateBenchmark } from './print-estimate';
import { runSearchBenchmark } from './search';
import { runStartTimeBenchmark } from './start-time';

const root = path.resolve(import.meta.dirname, '..');
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    models: { type: 'string' },
    lines: { type: 'string', default: '2000000' },
    only: { type: 'string' },
    url: { type: 'string' },
    'database-url': { type: 'string' },
    triangles: { type: 'string', default: '2000000' },
    rounds: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '60' },
    set: { type: 'string', default: 'core' },
    meshes: { type: 'string', default: testMeshDir },
    snapshot: { type: 'string' },
  },
});
const name = positionals[0];

function startCluster(): { url: string; dir: string } {
  const out = execFileSync('bash', [path.join(root, 'scripts/postgres-temp.sh')], { encoding: 'utf8' });
  const url = /DATABASE_URL=(\S+)/.exec(out)![1]!;
  const dir = /PG_TEMP_DIR=(\S+)/.exec(out)![1]!;
  return { url, dir };
}

function stopCluster(dir: string) {
  execFileSync('bash', [path.join(root, 'scripts/postgres-temp.sh'), 'stop', dir]);
}

/** What a benchmark on a seeded catalogue of `models` models needs (`--database-url`: already seeded). */
function seededDatabaseOptions(models: number): SeededDatabaseOptions {
  return { root, models, databaseUrl: values['database-url'], startCluster, stopCluster };
}

/** `--name`'s value as a whole number from `min` to `max`, or a one-line error. */
function wholeNumber(name: string, value: string | undefined, min: number, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  return number;
}

/** `--models` (default 2,000,000; `_` and `,` allowed between digits), at least 1. */
function modelsOption(): number {
  const models = Number((values.models ?? '2000000').replace(/[_,]/g, ''));
  if (!Number.isInteger(models) || models < 1)
    throw new Error(`--models must be a whole number (got "${values.models}")`);
  return models;
}

function timed(script: string, args: string[], env: Record<string, string>) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0)
    throw new Error(`${script} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return { seconds: Math.round(seconds * 10) / 10, stdout: result.stdout };
}

function writeImportFile(lines: number): string {
  const file = path.join(os.tmpdir(), `bench-import-${lines}.jsonl`);
  if (fs.existsSync(file)) return file;
  const categories = [
    'print/art/sculptures',
    'models/aircraft/military',
    'print/home-office/furniture',
    'models/car/sport-car',
    'print/games-toys/dice',
    'models/animal/bird',
  ];
  const licences = ['royalty_free', 'custom', 'editorial_royalty_free'];
  const fd = fs.openSync(file, 'w');
  let chunk = '';
  for (let i = 0; i < lines; i++) {
    chunk += `${JSON.stringify({
      externalId: `bench-${i}`,
      title: `Benchmark model ${i} ${['chair', 'dragon', 'gear', 'vase', 'rocket'][i % 5]}`,
      description: 'Generated for the import benchmark.',
      tags: ['bench', `tag${i % 997}`, `group${i % 31}`],
      category: categories[i % categories.length],
      price: ((i % 5000) / 100 + 1).toFixed(2),
      discount: i % 7 === 0 ? '0.50' : 0,
      licence: licences[i % licences.length],
      formats: i % 2 ? ['stl', '3mf'] : ['fbx', 'obj'],
      designer: `bench_designer_${i % 5000}`,
    })}\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, chunk);
  fs.closeSync(fd);
  return file;
}

function report(result: Record<string, unknown>, summary: string, lines: string[] = []) {
  console.log(
    JSON.stringify(
      {
        benchmark: name,
        machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
        ...result,
      },
      null,
      2,
    ),
  );
  for (const line of lines) console.log(line);
  console.log(summary);
}

async function home() {
  const models = Number((values.models ?? '100000').replace(/[_,]/g, ''));
  if (!Number.isInteger(models) || models < 1)
    throw new Error(`--models must be a whole number (got "${values.models}")`);
  if (values.only !== undefined && !(homeParts as readonly string[]).includes(values.only))
    throw new Error(`--only must be one of ${homeParts.join(', ')} (got "${values.only}")`);
  if (values.url !== undefined && !/^https?:\/\/[^/]+/.test(values.url))
    throw new Error(`--url must be an http(s) address such as http://localhost:3000 (got "${values.url}")`);
  const outcome = await runHomeBenchmark({
    root,
    models,
    only: values.only as HomePart | undefined,
    url: values.url,
    startCluster,
    stopCluster,
  });
  report(outcome.result, outcome.summary, outcome.lines);
  // A missed figure is reported, not an error; a part that could not be measured is.
  if (outcome.failed) process.exitCode = 1;
}

if (name === 'mesh') {
  const triangles = Number(values.triangles.replace(/[_,]/g, ''));
  if (!Number.isInteger(triangles) || triangles < 100)
    throw new Error(`--triangles must be a whole number of at least 100 (got "${values.triangles}")`);
  const outcome = runMeshBenchmark(root, triangles);
  report(outcome.result, `mesh: ${outcome.failed ? 'FAIL' : 'PASS'}`, outcome.lines);
  if (outcome.failed) process.exitCode = 1;
} else if (name === 'fingerprint') {
  const models = Number((values.models ?? '2000000').replace(/[_,]/g, ''));
  if (!Number.isInteger(models) || models < 1)
    throw new Error(`--models must be a whole number (got "${values.models}")`);
  const outcome = runFingerprintBenchmark(models);
  report(
    { ...outcome.result, loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100) },
    `fingerprint: ${outcome.failed ? 'FAIL' : 'PASS'}`,
    outcome.lines,
  );
  if (outcome.failed) process.exitCode = 1;
} else if (name === 'demo-models') {
  const models = Number((values.models ?? '2010').replace(/[_,]/g, ''));
  if (!Number.isInteger(models) || models < 1 || models > 20_000)
    throw new Error(`--models must be a whole number from 1 to 20000 (got "${values.models}")`);
  const outcome = await runDemoModelsBenchmark(root, models);
  report(outcome.result, `demo-models: ${outcome.failed ? 'FAIL' : 'PASS'}`, outcome.lines);
  if (outcome.failed) process.exitCode = 1;
} else if (name === 'print-estimate') {
  const outcome = runPrintEstimateBenchmark(values.meshes);
  report(outcome.result, `print-estimate: ${outcome.failed ? 'FAIL' : 'PASS'}`, outcome.lines);
  if (outcome.failed) process.exitCode = 1;
} else if (name === 'index-queries') {
  if (!values.snapshot) throw new Error('index-queries needs --snapshot, a listing-index snapshot file');
  const rounds = wholeNumber('rounds', values.rounds === '60' ? '3' : values.rounds, 1, 20);
  const outcome = await runIndexQueriesBenchmark(values.snapshot, rounds);
  report(outcome.result, outcome.summary, outcome.lines);
} else if (name === 'search') {
  const outcome = await runSearchBenchmark(
    seededDatabaseOptions(Number((values.models ?? '2000000').replace(/[_,]/g, ''))),
  );
  report(outcome.result, outcome.summary, outcome.lines);
} else if (name === 'start') {
  const models = modelsOption();
  const rounds = wholeNumber('rounds', values.rounds === '60' ? '3' : values.rounds, 1, 20);
  const outcome = await runStartTimeBenchmark({ ...seededDatabaseOptions(models), rounds });
  report(outcome.result, `start: ${outcome.failed ? 'FAIL' : 'PASS'}`, outcome.lines);
  if (outcome.failed) process.exitCode = 1;
} else if (name === 'freshness') {
  const models = modelsOption();
  const seconds = wholeNumber('seconds', values.seconds, 5, 600);
  const outcome = await runFreshnessBenchmark({ ...seededDatabaseOptions(models), seconds });
  report(outcome.result, `freshness: ${outcome.failed ? 'FAIL' : 'PASS'}`, outcome.lines);
  if (outcome.failed) process.exitCode = 1;
} else if (name === 'checkout') {
  const rounds = Number(values.rounds);
  if (!values.url || !/^https?:\/\/[^/]+/.test(values.url))
    throw new Error('checkout needs --url, the address of a running server (npm start or npm run serve)');
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 500)
    throw new Error(`--rounds must be a whole number from 1 to 500 (got "${values.rounds}")`);
  const outcome = await runCheckoutBenchmark(values.url, rounds);
  report(outcome.result, outcome.summary);
} else if (name === 'pages') {
  const rounds = Number(values.rounds === '60' ? '5' : values.rounds);
  if (!values.url || !/^https?:\/\/[^/]+/.test(values.url))
    throw new Error('pages needs --url, the address of a running server (npm start or npm run serve)');
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50)
    throw new Error(`--rounds must be a whole number from 1 to 50 (got "${values.rounds}")`);
  if (values.set !== 'core' && values.set !== 'community' && values.set !== 'all')
    throw new Error(`--set must be core, community or all (got "${values.set}")`);
  const only = values.only ? values.only.split(',').map((label) => label.trim()) : undefined;
  const outcome = await runPagesBenchmark(values.url, rounds, values.set, only);
  report(outcome.result, outcome.summary, outcome.lines);
  if (outcome.failed) process.exitCode = 1;
} else if (name === 'hydration') {
  const rounds = Number(values.rounds === '60' ? '7' : values.rounds);
  const bases = (values.url ?? '').split(',').filter(Boolean);
  if (bases.length === 0 || !bases.every((base) => /^https?:\/\/[^/]+/.test(base)))
    throw new Error(
      'hydration needs --url, one or more running servers (comma-separated http://… addresses)',
    );
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50)
    throw new Error(`--rounds must be a whole number from 1 to 50 (got "${values.rounds}")`);
  const outcome = await runHydrationBenchmark(bases, rounds);
  report(outcome.result, outcome.summary, outcome.lines);
} else if (name === 'home') {
  await home().catch((error: unknown) => {
    // A setup failure (build, seed, server, bad option): one clear message and a non-zero exit.
    console.error(`home: setup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
} else if (name === 'seed' || name === 'import') {
  const cluster = startCluster();
  try {
    const env = {
      DATABASE_URL: cluster.url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-')),
    };
    if (name === 'seed') {
      const models = Number(values.models ?? '2000000');
      const run = timed('src/seed/cli.ts', ['--models', String(models)], env);
      const listing: unknown = JSON.parse(
        timed('bench/listing-latency.ts', [], env).stdout.trim().split('\n').pop()!,
      );
      report(
        { models, seconds: run.seconds, listingMs: listing },
        `seed: ${models.toLocaleString('en-US')} models on PostgreSQL in ${run.seconds} s`,
      );
    } else {
      const lines = Number(values.lines);
      const file = writeImportFile(lines);
      const first = timed('src/features/catalog/server/import-cli.ts', [file], env);
      const again = timed('src/features/catalog/server/import-cli.ts', [file], env);
      report(
        {
          lines,
          firstSeconds: first.seconds,
          rerunSeconds: again.seconds,
          firstOutput: first.stdout.trim().split('\n').pop(),
          rerunOutput: again.stdout.trim().split('\n').pop(),
        },
        `import: ${lines.toLocaleString('en-US')} lines on PostgreSQL in ${first.seconds} s (re-run, unchanged: ${again.seconds} s)`,
      );
    }
  } finally {
    stopCluster(cluster.dir);
  }
} else {
  throw new Error(
    'usage: npm run bench -- seed [--models N] | import [--lines N] | home [--models N] [--only server|lighthouse|js|images] [--url URL] | search [--models N] [--database-url URL] | freshness [--models N] [--database-url URL] [--seconds N] | start [--models N] [--database-url URL] [--rounds N] | checkout --url URL [--rounds N] | pages --url URL [--rounds N] [--set core|community|all] [--only LABEL,LABEL] | hydration --url URL[,URL] [--rounds N] | mesh [--triangles N] | demo-models [--models N] | print-estimate [--meshes DIR] | index-queries --snapshot FILE [--rounds N]',
  );
}
