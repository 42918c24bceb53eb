/**
 * `npm run backup` and `npm run restore` on real processes (issue 29 §2, decision 0050): a seeded
 * catalogue (with the seed's orders, credits, conversations and pictures) is backed up, wiped and
 * restored into an empty place; every table's row count and rows (an md5 of each table's rows in
 * order, computed here independently of the tools' own checks) and every file's hash are the same,
 * the app serves the restored data, and a restore into a place that is not empty is refused.
 * PGlite without DATABASE_URL; PostgreSQL (pg_dump/pg_restore) with it.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import sharp from 'sharp';

import { env } from '@/env';
import { silentProgress } from '@/ops/backup/progress';
import { restore } from '@/ops/backup/restore';
import { grantReward } from '@/features/orders/server/api';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { storeUserPicture } from '@/server/images/user-pictures';

import { freePort, requireBuild, run, serverEntry, start, stop, tempDir, waitForHealth } from './processes';

const seedCli = 'src/seed/cli.ts';
const backupCli = 'src/ops/backup-cli.ts';
const restoreCli = 'src/ops/restore-cli.ts';
const seedModels = '6';

type Fingerprint = Record<string, { rows: number; md5: string }>;

/** Every table's row count and the md5 of its rows' text in order (fixed time zone and formats). */
async function fingerprint(handle: DatabaseHandle): Promise<Fingerprint> {
  return handle.transaction(async (tx) => {
    await tx.exec(
      "SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL extra_float_digits = 1",
    );
    const tables = await tx.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const result: Fingerprint = {};
    for (const { name } of tables) {
      const [row] = await tx.query<{ rows: number; md5: string }>(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5
         FROM ${name} AS t`,
      );
      result[name] = row!;
    }
    return result;
  });
}

function fileHashes(root: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  if (!fs.existsSync(root)) return hashes;
  for (const entry of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(root, entry);
    if (fs.statSync(file).isFile())
      hashes[entry] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return hashes;
}

/** Beyond the seed: a member's credits (a community reward) and an uploaded picture. */
async function addActivity(handle: DatabaseHandle, filesDir: string): Promise<void> {
  const [member] = await handle.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
  await handle.db.transaction((tx) =>
    grantReward(tx, {
      userId: member!.id,
      amountCents: 750,
      rewardKey: 'backup-test',
      now: new Date('2031-01-02T03:04:05Z'),
      expiresAt: null,
    }),
  );
  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  await storeUserPicture('backup-test', png, filesDir);
}

/** What the seed made that a backup must keep: orders, credits, conversations and stored pictures. */
function expectSeededActivity(tables: Fingerprint, files: Record<string, string>) {
  expect(tables['public.orders']!.rows).toBeGreaterThan(0);
  expect(tables['public.points_ledger']!.rows).toBeGreaterThan(0);
  expect(tables['public.messages']!.rows).toBeGreaterThan(0);
  expect(Object.keys(files).some((key) => key.startsWith('pictures/backup-test/'))).toBe(true);
  expect(Object.keys(files).length).toBeGreaterThan(10);
}

async function withDatabase<T>(
  options: { dataDir?: string; url?: string },
  work: (handle: DatabaseHandle) => Promise<T>,
) {
  const handle = await openDatabase({ ...options, migrate: false, poolMax: 2 });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

describe.skipIf(Boolean(env.DATABASE_URL))('backup and restore of the embedded database (PGlite)', () => {
  let root: string;
  beforeAll(() => {
    requireBuild();
    root = tempDir('backup');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('restores every row and file into a wiped data folder, serves it, and refuses a folder in use', async () => {
    const dataDir = path.join(root, 'data');
    const backupDir = path.join(root, 'backup');
    const seeded = await run(seedCli, ['--models', seedModels], { DATA_DIR: dataDir, SEED_ON_START: '0' });
    expect(seeded.code, seeded.stderr).toBe(0);
    await withDatabase({ dataDir: path.join(dataDir, 'db') }, (handle) =>
      addActivity(handle, path.join(dataDir, 'files')),
    );
    // The key a server generates to sign download links (without AUTH_SECRET): links sent must still work.
    const signingKey = 'k'.repeat(43);
    fs.writeFileSync(path.join(dataDir, 'auth-secret'), signingKey, { mode: 0o600 });
    const before = await withDatabase({ dataDir: path.join(dataDir, 'db') }, fingerprint);
    const filesBefore = fileHashes(path.join(dataDir, 'files'));
    expectSeededActivity(before, filesBefore);

    const backedUp = await run(backupCli, [backupDir], { DATA_DIR: dataDir });
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stderr).toMatch(/files copied: \d+\/\d+/);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.files).toHaveLength(Object.keys(filesBefore).length);
    expect(manifest.tables.find((t: { name: string }) => t.name === 'public.models').rows).toBe(
      before['public.models']!.rows,
    );

    fs.rmSync(dataDir, { recursive: true, force: true });
    const restored = await run(restoreCli, [backupDir], { DATA_DIR: dataDir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored \d+ tables/);
    expect(await withDatabase({ dataDir: path.join(dataDir, 'db') }, fingerprint)).toEqual(before);
    expect(fileHashes(path.join(dataDir, 'files'))).toEqual(filesBefore);
    expect(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(signingKey);

    const again = await run(restoreCli, [backupDir], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Refusing to restore into a place that is not empty: .*holds a database/);

    // A damaged backup is refused before anything is written.
    const empty = path.join(root, 'empty');
    const picture = manifest.files.find((f: { key: string }) => f.key.startsWith('pictures')).key as string;
    fs.appendFileSync(path.join(backupDir, 'files', picture), 'x');
    const emptyPlace = {
      dataDir: empty,
      databaseDir: path.join(empty, 'db'),
      filesDir: path.join(empty, 'files'),
    };
    await expect(restore(emptyPlace, backupDir, silentProgress)).rejects.toThrow(
      /does not match the manifest's sha256: the backup is damaged/,
    );
    expect(fs.existsSync(path.join(empty, 'db', 'PG_VERSION'))).toBe(false);

    const [model] = await withDatabase({ dataDir: path.join(dataDir, 'db') }, (handle) =>
      handle.query<{ url: string; title: string }>(
        `SELECT '/3d-models/' || c.path || '/' || m.slug AS url, m.title FROM models m
         JOIN categories c ON c.id = m.category_id
         WHERE m.status = 'published' AND m.title ~ '^[A-Za-z0-9 ]+$' ORDER BY m.id LIMIT 1`,
      ),
    );
    const port = await freePort();
    const app = start(serverEntry, [], { DATA_DIR: dataDir, PORT: String(port), SEED_ON_START: '0' });
    try {
      await waitForHealth(port, 30_000);
      const page = await fetch(`http://127.0.0.1:${port}${model!.url}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(model!.title);
      const file = await fetch(`http://127.0.0.1:${port}/files/${picture}`);
      expect(file.status).toBe(200);
      const served = createHash('sha256')
        .update(Buffer.from(await file.arrayBuffer()))
        .digest('hex');
      expect(served).toBe(filesBefore[picture.split('/').join(path.sep)]);
    } finally {
      await stop(app);
    }
  }, 180_000);
});

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

describe.skipIf(!env.DATABASE_URL || !hasPgDump)('backup and restore of PostgreSQL (pg_dump)', () => {
  let root: string;
  const databases: string[] = [];
  const admin = () => new pg.Client({ connectionString: env.DATABASE_URL });
  async function newDatabase(): Promise<string> {
    const name = `backup_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    databases.push(name);
    const url = new URL(env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  }
  beforeAll(() => {
    root = tempDir('backup-pg');
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('restores every row and file into an empty database and data folder, and refuses a database with tables', async () => {
    const source = { url: await newDatabase(), dataDir: path.join(root, 'source') };
    const target = { url: await newDatabase(), dataDir: path.join(root, 'target') };
    const backupDir = path.join(root, 'backup');
    const seeded = await run(seedCli, ['--models', seedModels], {
      DATABASE_URL: source.url,
      DATA_DIR: source.dataDir,
    });
    expect(seeded.code, seeded.stderr).toBe(0);
    await withDatabase({ url: source.url }, (handle) =>
      addActivity(handle, path.join(source.dataDir, 'files')),
    );
    const before = await withDatabase({ url: source.url }, fingerprint);
    const filesBefore = fileHashes(path.join(source.dataDir, 'files'));
    expectSeededActivity(before, filesBefore);

    const backedUp = await run(backupCli, [backupDir], {
      DATABASE_URL: source.url,
      DATA_DIR: source.dataDir,
    });
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['database.dump', 'files', 'manifest.json']);

    const restored = await run(restoreCli, [backupDir], {
      DATABASE_URL: target.url,
      DATA_DIR: target.dataDir,
    });
    expect(restored.code, restored.stderr).toBe(0);
    expect(await withDatabase({ url: target.url }, fingerprint)).toEqual(before);
    expect(fileHashes(path.join(target.dataDir, 'files'))).toEqual(filesBefore);

    const again = await run(restoreCli, [backupDir], {
      DATABASE_URL: target.url,
      DATA_DIR: path.join(root, 'other'),
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /Refusing to restore into a place that is not empty: the database of DATABASE_URL has \d+ tables/,
    );
  }, 180_000);
});
