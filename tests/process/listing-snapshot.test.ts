/**
 * Issue 26 §2 (decision 0064): the built server keeps its listing index on disk and starts from it. With
 * LISTING_SNAPSHOT_MODELS=1 even the small test catalogue is kept: the first start builds and writes
 * the snapshot, the next one reads it instead of building, and a damaged snapshot is refused with a
 * warning and the index built from the database, with the same answers each time.
 */
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort, requireBuild, serverEntry, start, stop, tempDir, waitForServer } from './processes';

const dataDir = tempDir('listing-snapshot');
const snapshotFile = path.join(dataDir, 'listing-index', 'snapshot.bin');

interface Run {
  search: { total: number; ids: number[] };
  logs: string;
}

/** Starts the server on `dataDir`, searches once, stops it. */
async function startAndSearch(): Promise<Run> {
  const firstStart = !fs.existsSync(snapshotFile);
  const port = await freePort();
  const server = start(serverEntry, [], {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_MODELS: '60',
    DEMO_MODEL_WORKERS: '0',
    JOB_WORKERS: '0',
    LISTING_SNAPSHOT_MODELS: '1',
    LOG_LEVEL: 'info',
  });
  try {
    await waitForServer(server, port, 180_000);
    const response = await fetch(
      `http://127.0.0.1:${port}/api/internal/items?keywords=a*&per_page=48&facets=0`,
    );
    const { data } = (await response.json()) as { data: { total: number; items: { id: number }[] } };
    const search = { total: data.total, ids: data.items.map((item) => item.id) };
    // The first start writes the snapshot in the background, after its build. Waited for by its log
    // line, which comes after the file is in place (waiting for the file, the line could still be on
    // its way through the pipe).
    const deadline = Date.now() + 30_000;
    const written = () =>
      fs.existsSync(snapshotFile) && server.output().stdout.includes('listing index snapshot written');
    while (firstStart && !written() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return { search, logs: server.output().stdout };
  } finally {
    await stop(server);
  }
}

const logged = (logs: string, message: string) =>
  logs
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; reason?: string; models?: number })
    .filter((entry) => entry.msg === message);

describe('the listing index kept on disk', () => {
  let first: Run;
  beforeAll(async () => {
    requireBuild();
    first = await startAndSearch();
  }, 240_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is written after the first build', () => {
    expect(first.search.total).toBeGreaterThan(0);
    expect(logged(first.logs, 'listing index snapshot written')).toHaveLength(1);
    expect(logged(first.logs, 'listing index read from its snapshot')).toHaveLength(0);
    expect(fs.statSync(snapshotFile).size).toBeGreaterThan(1_000);
  });

  it('is read at the next start instead of a build, with the same answers', async () => {
    const second = await startAndSearch();
    expect(logged(second.logs, 'listing index read from its snapshot')).toEqual([
      expect.objectContaining({ models: 60 }),
    ]);
    expect(second.search).toEqual(first.search);
  }, 120_000);

  it('is refused when damaged: the index is built from the database, the answers the same', async () => {
    const bytes = fs.readFileSync(snapshotFile);
    bytes[bytes.length - 5]! ^= 0xff;
    fs.writeFileSync(snapshotFile, bytes);
    const third = await startAndSearch();
    expect(logged(third.logs, 'listing index snapshot not used; building from the database')).toEqual([
      expect.objectContaining({ reason: 'its contents do not match its hash' }),
    ]);
    expect(logged(third.logs, 'listing index read from its snapshot')).toHaveLength(0);
    expect(third.search).toEqual(first.search);
  }, 120_000);
});
