/**
 * `npm run bench -- search [--models 2000000] [--database-url URL]`: search latency measured from this
 * (second) process over HTTP with 8 concurrent clients, each case for 20 s after a 3 s warm-up, queries
 * drawn from a realistic mix built from the catalogue's own tag vocabulary (Thingi10K): common words,
 * rare words, 1- and 2-letter prefixes, typos, phrases, operators. Without --database-url it starts a
 * throw-away PostgreSQL cluster and seeds it. It uses the work tree's production build (`next build`
 * first if there is none) and reads the server's peak memory (VmHWM) at the end. The targets are issue
 * 4's, or issue 26 §3's (set for 10,000,000 models) when over 2,500,000 models are listed:
 *                                                                  issue 4                 issue 26 §3
 *   suggestions      GET /api/internal/items/live_search.json?q…   p50 ≤ 10, p95 ≤ 30 ms   p95 ≤ 30 ms
 *   search           GET /api/internal/items?keywords=…&facets=0   p95 ≤ 100 ms            p95 ≤ 60 ms
 *   filtered+facets  keywords and three filters, facet counts      p95 ≤ 150 ms            p95 ≤ 100 ms
 *   deep page        keywords, page 200                            p95 ≤ 150 ms            p95 ≤ 100 ms
 *   image search     a listing by `image_id` (16 pictures)         p95 ≤ 200 ms            p95 ≤ 200 ms
 *   memory           the app process's peak resident memory        ≤ 1,024 MB              ≤ 2,560 MB
 * Before the cases it waits for the server's listing index (decision 0014) to be built. At the end it
 * states the index's bytes per model, as the size of the snapshot the server wrote (decision 0064). */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';

import { loadSourceModels } from '@/seed/catalog-source';

import { seededDatabase, spawnServer, type SeededDatabaseOptions } from './serve';

export type SearchBenchmarkOptions = SeededDatabaseOptions;

const concurrency = 8;
const warmUpMs = 3_000;
const durationMs = 20_000;
const log = (message: string) => console.error(`[search] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Issue 4's targets at 2,000,000 models, and issue 26 §3's at 10,000,000. */
const targetSets = {
  'issue 4': {
    suggestions: { p50: 10, p95: 30 },
    search: { p95: 100 },
    filtered: { p95: 150 },
    deep: { p95: 150 },
    image: { p95: 200 },
    memoryMb: 1024,
  },
  'issue 26 §3': {
    suggestions: { p95: 30 },
    search: { p95: 60 },
    filtered: { p95: 100 },
    deep: { p95: 100 },
    image: { p95: 200 },
    memoryMb: 2560,
  },
};

/* The query mix ---------------------------------------------------------------------------------- */

/** A deterministic pseudo-random sequence, so every run asks the same questions. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function vocabulary() {
  const counts = new Map<string, number>();
  const titleWords = new Map<string, number>();
  for (const model of loadSourceModels()) {
    for (const tag of model.tags)
      if (/^[a-z][a-z ]{2,20}$/.test(tag)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    for (const word of model.name.toLowerCase().split(/[^a-z]+/))
      if (word.length >= 4) titleWords.set(word, (titleWords.get(word) ?? 0) + 1);
  }
  const byFrequency = (map: Map<string, number>) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  const tags = byFrequency(counts);
  return {
    common: tags.slice(0, 60),
    rare: tags.slice(-400),
    titleWords: byFrequency(titleWords).slice(0, 300),
  };
}

function typo(word: string, next: () => number) {
  const i = Math.floor(next() * (word.length - 1));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

export function queryMixes(seed = 42) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const { common, rare, titleWords } = vocabulary();
  const letters = 'abcdefghijklmnoprstw';
  const suggestions: string[] = [];
  for (let i = 0; i < 400; i++) {
    const r = next();
    const word = pick(r < 0.7 ? common : titleWords);
    if (r < 0.15) suggestions.push(pick([...letters]));
    else if (r < 0.3) suggestions.push(word.slice(0, 2));
    else if (r < 0.75) suggestions.push(word.slice(0, 3 + Math.floor(next() * 3)));
    else if (r < 0.9) suggestions.push(word);
    else suggestions.push(typo(word, next));
  }
  const searches: string[] = [];
  for (let i = 0; i < 400; i++) {
    const r = next();
    if (r < 0.3) searches.push(pick(common));
    else if (r < 0.45) searches.push(pick(rare));
    else if (r < 0.55) searches.push(`${pick(common)} ${pick(titleWords)}`);
    else if (r < 0.62) searches.push(`${pick(common)} OR ${pick(common)}`);
    else if (r < 0.69) searches.push(`+${pick(common)} -${pick(common)}`);
    else if (r < 0.76) searches.push(`"${pick(common)} ${pick(titleWords)}"`);
    else if (r < 0.84) searches.push(`${pick(titleWords).slice(0, 3)}*`);
    else if (r < 0.9) {
      const word = pick(common.filter((w) => w.length >= 4 && !w.includes(' ')));
      searches.push(`${word.slice(0, 1)}?${word.slice(2)}`);
    } else searches.push(pick(titleWords));
  }
  const filters = [
    'formats[]=stl',
    'free=1',
    'sale_off=1',
    'features[]=pbr',
    'formats[]=obj',
    'licenses[]=exclude_3d_print',
  ];
  const filtered = searches.map((keywords) => {
    const chosen = new Set<string>();
    while (chosen.size < 3) chosen.add(pick(filters));
    return { keywords, extra: [...chosen].join('&') };
  });
  return { suggestions, searches, filtered, deep: common.slice(0, 40) };
}

/* Load ------------------------------------------------------------------------------------------- */

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

export function get(
  base: URL,
  pathAndQuery: string,
  timeoutMs = 30_000,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: pathAndQuery,
        agent,
        headers: { accept: 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
  });
}

export function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

async function load(base: URL, paths: string[]) {
  let index = 0;
  const run = async (until: number, record: number[] | null, errors: string[]) => {
    while (performance.now() < until) {
      const pathAndQuery = paths[index++ % paths.length]!;
      try {
        const { status, ms } = await get(base, pathAndQuery);
        if (status !== 200) errors.push(`${status} ${pathAndQuery}`);
        record?.push(ms);
      } catch (error) {
        errors.push(`${error instanceof Error ? error.message : String(error)} ${pathAndQuery}`);
      }
    }
  };
  const warmErrors: string[] = [];
  const warmUntil = performance.now() + warmUpMs;
  await Promise.all(Array.from({ length: concurrency }, () => run(warmUntil, null, warmErrors)));
  const latencies: number[] = [];
  const errors: string[] = [];
  const until = performance.now() + durationMs;
  await Promise.all(Array.from({ length: concurrency }, () => run(until, latencies, errors)));
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / (durationMs / 1000)),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? NaN),
    errors: errors.length,
    firstErrors: errors.slice(0, 3),
  };
}

/* Server ------------------------------------------------------------------------------------------ */

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function fileBytes(file: string): number | null {
  try {
    return fs.statSync(file).size;
  } catch {
    return null;
  }
}

/** The server's default LISTING_SNAPSHOT_MODELS: smaller indexes are not written. */
const snapshotMinModels = 100_000;

/** Seconds until `file` exists (written and renamed into place), or null after `timeoutMs`. */
async function waitForFile(file: string, timeoutMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (fileBytes(file) !== null) return Math.round((performance.now() - started) / 100) / 10;
    await sleep(500);
  }
  return null;
}

/** How many models the listing shows with no filter (its total). */
async function listedModels(base: URL): Promise<number> {
  const response = await fetch(new URL('/api/internal/items?facets=0&per_page=1', base));
  if (response.status !== 200) throw new Error(`the unfiltered listing answered ${response.status}`);
  return ((await response.json()) as { data: { total: number } }).data.total;
}

function peakMemoryMb(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024);
  } catch {
    return null;
  }
}

/** The built server on a free port, healthy; `env` over the benchmark's (`LOG_LEVEL` warn). */
export async function startServer(
  root: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; base: URL; logFile: string; dataDir: string }> {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    log('no production build: next build …');
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (build.status !== 0) throw new Error('next build failed');
  }
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `bench-search-server-${port}.log`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-data-'));
  const child = spawnServer(
    root,
    {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    logFile,
  );
  const base = new URL(`http://127.0.0.1:${port}`);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    const healthy = await get(base, '/api/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (healthy) return { child, base, logFile, dataDir };
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error(
    `the server did not become healthy in 180 s:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`,
  );
}

/* Image search ------------------------------------------------------------------------------------ */

/** A deterministic picture: a coloured background with a few shapes, like a product shot. */
function picture(seed: number): Promise<Buffer> {
  const next = random(seed);
  const colour = () =>
    `rgb(${Math.floor(next() * 256)},${Math.floor(next() * 256)},${Math.floor(next() * 256)})`;
  const shapes = Array.from({ length: 4 }, () => {
    const [x, y, r] = [next() * 640, next() * 480, 40 + next() * 160];
    return next() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour()}"/>`
      : `<rect x="${x - r}" y="${y - r}" width="${r * 2}" height="${r * 1.4}" fill="${colour()}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${colour()}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Uploads `count` pictures as the search box does (under the upload rate limit) and returns their ids. */
async function uploadSearchImages(base: URL, count: number): Promise<string[]> {
  const ids: string[] = [];
  // The double-submit CSRF token of a visitor without a session (decision 0019).
  const csrf = await fetch(new URL('/api/internal/csrf', base));
  const { token } = ((await csrf.json()) as { data: { token: string } }).data;
  for (let i = 0; i < count; i++) {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(await picture(1000 + i))], { type: 'image/jpeg' }), 'p.jpg');
    const response = await fetch(new URL('/api/internal/users/upload_search_image', base), {
      method: 'POST',
      headers: { origin: base.origin, cookie: `__Host-csrf=${token}`, 'x-csrf-token': token },
      body,
    });
    if (response.status !== 201)
      throw new Error(`image upload answered ${response.status}: ${await response.text()}`);
    ids.push(((await response.json()) as { data: { imageId: string } }).data.imageId);
  }
  return ids;
}

/* The benchmark ----------------------------------------------------------------------------------- */

export async function runSearchBenchmark(options: SearchBenchmarkOptions) {
  const seeded = seededDatabase(options, fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-seed-')), log);
  const databaseUrl = seeded.url;
  let server: ChildProcess | null = null;
  try {
    const started = await startServer(options.root, databaseUrl);
    server = started.child;
    log('waiting for the listing index …');
    const indexStarted = performance.now();
    // A cold 10,000,000-model database takes over 10 minutes to read.
    const first = await get(started.base, '/api/internal/items?keywords=box&facets=0', 1_800_000);
    if (first.status !== 200) throw new Error(`the first search answered ${first.status}`);
    const indexSeconds = Math.round((performance.now() - indexStarted) / 100) / 10;
    log(`listing index ready after ${indexSeconds} s`);
    const listed = await listedModels(started.base);
    const targetSet = listed > 2_500_000 ? 'issue 26 §3' : 'issue 4';
    const targets = targetSets[targetSet];
    log(`${listed.toLocaleString('en-US')} models listed: ${targetSet}'s targets`);
    // The server writes its index's snapshot after the build (decision 0064): 2 GB at 10,000,000
    // models. The cases wait for it, so the disk and the hashing are not measured as search.
    const snapshotFile = path.join(started.dataDir, 'listing-index', 'snapshot.bin');
    if (listed >= snapshotMinModels) {
      const waited = await waitForFile(snapshotFile, 300_000);
      log(waited === null ? 'no snapshot within 300 s' : `snapshot written ${waited} s after the index`);
    }
    const imageIds = await uploadSearchImages(started.base, 16);
    const mixes = queryMixes();
    const q = encodeURIComponent;
    const cases = [
      {
        name: 'suggestions',
        paths: mixes.suggestions.map((text) => `/api/internal/items/live_search.json?query=${q(text)}`),
        targets: targets.suggestions,
      },
      {
        name: 'search, first page with total',
        paths: mixes.searches.map((keywords) => `/api/internal/items?keywords=${q(keywords)}&facets=0`),
        targets: targets.search,
      },
      {
        name: 'search, three filters and facet counts',
        paths: mixes.filtered.map(
          ({ keywords, extra }) => `/api/internal/items?keywords=${q(keywords)}&${extra}`,
        ),
        targets: targets.filtered,
      },
      {
        name: 'search, page 200',
        paths: mixes.deep.map((keywords) => `/api/internal/items?keywords=${q(keywords)}&page=200&facets=0`),
        targets: targets.deep,
      },
      {
        name: 'image search',
        paths: imageIds.map((id) => `/api/internal/items?image_id=${id}&facets=0`),
        targets: targets.image,
      },
    ];
    const results: Record<string, unknown> = {};
    const lines: string[] = [];
    let passed = 0;
    let total = 0;
    for (const c of cases) {
      log(`${c.name}: ${concurrency} clients, ${durationMs / 1000} s …`);
      const figures = await load(started.base, c.paths);
      results[c.name] = figures;
      for (const [key, max] of Object.entries(c.targets)) {
        const value = figures[key as 'p50' | 'p95'];
        const pass = value <= max && figures.errors === 0;
        total++;
        if (pass) passed++;
        lines.push(
          `${pass ? 'PASS' : 'FAIL'}  ${c.name} ${key}: ${value} ms (target ≤ ${max} ms) — p50 ${figures.p50}, p95 ${figures.p95}, p99 ${figures.p99}, max ${figures.max} ms; ${figures.requests} requests, ${figures.perSecond}/s, ${figures.errors} errors${figures.errors ? ` (${figures.firstErrors.join('; ')})` : ''}`,
        );
      }
    }
    const memoryMb = peakMemoryMb(server.pid);
    total++;
    const memoryPass = memoryMb !== null && memoryMb <= targets.memoryMb;
    if (memoryPass) passed++;
    lines.push(
      `${memoryPass ? 'PASS' : 'FAIL'}  app process peak memory: ${memoryMb} MB (target ≤ ${targets.memoryMb} MB)`,
    );
    lines.push(`listing index built in ${indexSeconds} s after the server answered its health check`);
    const snapshotBytes = fileBytes(snapshotFile);
    lines.push(
      snapshotBytes === null
        ? 'no listing-index snapshot was written during the run'
        : `listing-index snapshot: ${(snapshotBytes / 1e6).toFixed(1)} MB, ${Math.round(snapshotBytes / listed)} bytes per listed model`,
    );
    return {
      result: {
        models: options.models,
        listed,
        targets: targetSet,
        snapshotBytes,
        concurrency,
        durationSeconds: durationMs / 1000,
        cases: results,
        memoryMb,
        indexSeconds,
      },
      lines,
      summary: `search: ${passed}/${total} figures pass`,
    };
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await sleep(1000);
    }
    seeded.release();
  }
}
