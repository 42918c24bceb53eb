/**
 * Upgrades from an earlier release (issue 29 §3, decision 0055): every fixture under
 * tests/fixtures/upgrade/ (made by scripts/make-upgrade-fixture.sh from an older commit: its migrations
 * and demo seed) is upgraded by the current code: its migrations (`runMigrations`, what `npm run
 * db:migrate` and every server start run), then the built app started on it. Checked:
 * - the migration log: the release's entries untouched, then each current migration once, in order,
 *   with the hash of its file as it is today (so a released migration edited later fails here); the
 *   app's start (the second migrator run) adds nothing;
 * - nothing lost: every table of the old release still exists with the same row count, and every column
 *   it had holds the same values (md5 of each column's text in primary-key order, src/ops/upgrade),
 *   except a column a migration applied during the upgrade is known to rewrite (`rewrites` below);
 * - the app serves the old data: home, the listing, an old model's page and one of its pictures, and an
 *   old account (demo-buyer, signed in with its password) sees its old purchases and an old order.
 * PGlite (the data folder) without DATABASE_URL; PostgreSQL (the dump restored into a new database on
 * that server) with it.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import { connectionFor, findRestoreTool, runTool } from '@/ops/backup/postgres-tools';
import { majorVersion } from '@/ops/backup/manifest';
import { contentsLike, type TableContent } from '@/ops/upgrade/table-contents';
import { openDatabase, runMigrations, type DatabaseHandle } from '@/server/db/client';

import { freePort, requireBuild, root, serverEntry, start, stop, tempDir, waitForHealth } from './processes';

const fixturesRoot = path.join(root, 'tests/fixtures/upgrade');
const demoPassword = 'demo-password-2026';

/**
 * Columns that a migration rewrites on purpose: not compared when that migration ran during the
 * upgrade (it is not in the fixture's migration log). Every entry says what the migration does.
 */
const rewrites: { migration: string; column: string; why: string }[] = [
  {
    migration: '0030_tutorials',
    column: 'public.designer_tutorials.software',
    why: 'one software name (text) becomes a list (text[]): "Blender" → {Blender}',
  },
];

interface DatabaseFixture {
  serverVersion: string;
  migrations: { hash: string; createdAt: string }[];
  tables: TableContent[];
}

interface FixtureManifest {
  sourceCommit: string;
  lastMigration: string;
  embedded: DatabaseFixture & { archive: string };
  postgres: DatabaseFixture & { dump: string; dumpVersion: string };
}

interface Migration {
  tag: string;
  hash: string;
  createdAt: string;
}

/** The current migrations as drizzle records them: journal time and the sha256 of the file. */
function currentMigrations(): Migration[] {
  const folder = path.join(root, 'drizzle');
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({
    tag: entry.tag,
    createdAt: String(entry.when),
    hash: createHash('sha256')
      .update(fs.readFileSync(path.join(folder, `${entry.tag}.sql`)))
      .digest('hex'),
  }));
}

const fixtures = fs.existsSync(fixturesRoot)
  ? fs
      .readdirSync(fixturesRoot)
      .filter((name) => fs.existsSync(path.join(fixturesRoot, name, 'manifest.json')))
      .map((name) => ({
        name,
        dir: path.join(fixturesRoot, name),
        manifest: JSON.parse(
          fs.readFileSync(path.join(fixturesRoot, name, 'manifest.json'), 'utf8'),
        ) as FixtureManifest,
      }))
  : [];

async function withDatabase<T>(
  options: { dataDir?: string; url?: string },
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({ ...options, migrate: false, poolMax: 2 });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

const migrationLog = (handle: DatabaseHandle) =>
  handle.query<{ id: number; hash: string; createdAt: string }>(
    'SELECT id, hash, created_at::text AS "createdAt" FROM drizzle.__drizzle_migrations ORDER BY id',
  );

/** The data folder's archive (db/ and files/, or only `members`) unpacked into `target`. */
function unpack(archive: string, target: string, members: string[] = []): void {
  fs.mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xJf', archive, '-C', target, ...members]);
}

/** Every difference between the old release's tables and the upgraded ones, as readable lines. */
function lostContent(
  before: TableContent[],
  after: Map<string, TableContent | null>,
  appliedNow: Set<string>,
): string[] {
  const exempt = new Set(rewrites.filter((r) => appliedNow.has(r.migration)).map((r) => r.column));
  const problems: string[] = [];
  for (const table of before) {
    const now = after.get(table.name);
    if (!now) {
      problems.push(`table ${table.name} is gone`);
      continue;
    }
    if (now.rows !== table.rows) problems.push(`table ${table.name} has ${now.rows} rows, not ${table.rows}`);
    const columns = new Map(now.columns.map((column) => [column.name, column]));
    for (const column of table.columns) {
      const name = `${table.name}.${column.name}`;
      const found = columns.get(column.name);
      if (!found) problems.push(`column ${name} is gone`);
      else if (found.md5 !== column.md5 && !exempt.has(name))
        problems.push(`column ${name} changed (${column.type} → ${found.type})`);
    }
  }
  return problems;
}

/** Session cookie of a demo account, logged in through the API as the log-in form does. */
async function logIn(origin: string, login: string): Promise<string> {
  const guestToken = 'upgrade-test-csrf-token-0123456789abcdefghij';
  const response = await fetch(`${origin}/api/internal/users/log_in`, {
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/json',
      'x-csrf-token': guestToken,
      cookie: `__Host-csrf=${guestToken}`,
    },
    body: JSON.stringify({ login, password: demoPassword }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0]!)
    .join('; ');
}

interface OldData {
  model: { url: string; title: string };
  order: { id: number; title: string };
}

/** An old published model and an old fulfilled order of demo-buyer (titles plain enough to find in HTML). */
async function oldData(handle: DatabaseHandle): Promise<OldData> {
  const [model] = await handle.query<{ url: string; title: string }>(
    `SELECT '/3d-models/' || c.path || '/' || m.slug AS url, m.title FROM models m
     JOIN categories c ON c.id = m.category_id
     WHERE m.status = 'published' AND m.title ~ '^[A-Za-z0-9 ]+$' ORDER BY m.id LIMIT 1`,
  );
  const [order] = await handle.query<{ id: number; title: string }>(
    `SELECT o.id, l.title FROM orders o JOIN users u ON u.id = o.user_id JOIN order_lines l ON l.order_id = o.id
     WHERE u.username = 'demo-buyer' AND o.status = 'fulfilled' AND l.title ~ '^[A-Za-z0-9 ]+$'
     ORDER BY o.id LIMIT 1`,
  );
  expect(model, 'the fixture has a published model').toBeDefined();
  expect(order, "the fixture has a fulfilled order of demo-buyer's").toBeDefined();
  return { model: model!, order: order! };
}

async function expectServes(origin: string, old: OldData): Promise<void> {
  const home = await fetch(`${origin}/`);
  expect(home.status).toBe(200);
  const listing = await fetch(`${origin}/3d-models`);
  expect(listing.status).toBe(200);
  expect(await listing.text()).toMatch(/\/3d-models\/[^"]+\/[^"]+"/);

  const modelPage = await fetch(`${origin}${old.model.url}`);
  expect(modelPage.status).toBe(200);
  const modelHtml = await modelPage.text();
  expect(modelHtml).toContain(old.model.title);
  const picture = /\/files\/[^"' ,]+\.webp/.exec(modelHtml)?.[0];
  expect(picture, 'the model page shows a stored picture').toBeDefined();
  const pictureResponse = await fetch(`${origin}${picture}`);
  expect(pictureResponse.status).toBe(200);
  expect(pictureResponse.headers.get('content-type')).toBe('image/webp');

  const cookie = await logIn(origin, 'demo-buyer');
  const purchases = await fetch(`${origin}/purchases`, { headers: { cookie } });
  expect(purchases.status).toBe(200);
  expect(await purchases.text()).toContain(old.order.title);
  const order = await fetch(`${origin}/orders/${old.order.id}`, { headers: { cookie } });
  expect(order.status).toBe(200);
  expect(await order.text()).toContain(old.order.title);
}

/**
 * The upgrade itself, on a database restored from the fixture: the migrations and the checks, the built
 * app started on it (and stopped), the migration log once more.
 */
async function upgradeAndCheck(
  fixture: DatabaseFixture,
  place: { dataDir: string; url?: string },
): Promise<void> {
  const open = place.url ? { url: place.url } : { dataDir: path.join(place.dataDir, 'db') };
  const settings: Record<string, string> = {
    DATA_DIR: place.dataDir,
    ...(place.url && { DATABASE_URL: place.url }),
  };
  const migrations = currentMigrations();
  const released = new Set(fixture.migrations.map((m) => m.createdAt));
  const appliedNow = new Set(migrations.filter((m) => !released.has(m.createdAt)).map((m) => m.tag));
  expect(appliedNow.size, 'the fixture is older than the current migrations').toBeGreaterThan(0);
  const tables = fixture.tables.filter((table) => !table.name.startsWith('drizzle.'));

  // One connection for the old state, the migrations (the function `npm run db:migrate` and the
  // server's start run) and the state after them: PGlite takes seconds to open.
  const { old, log, after } = await withDatabase(open, async (handle) => {
    const old = await oldData(handle);
    expect(await migrationLog(handle)).toEqual(
      fixture.migrations.map((m, index) => ({ id: index + 1, ...m })),
    );
    await runMigrations(handle);
    const log = await migrationLog(handle);
    return { old, log, after: await contentsLike(handle, tables) };
  });
  // The release's own entries as it wrote them, then each migration it did not have, once, in order.
  expect(log.slice(0, fixture.migrations.length)).toEqual(
    fixture.migrations.map((m, index) => ({ id: index + 1, ...m })),
  );
  const tagAt = new Map(migrations.map((m) => [m.createdAt, m.tag]));
  expect(
    log.map(({ hash, createdAt }) => ({
      tag: tagAt.get(createdAt) ?? 'not a current migration',
      hash,
      createdAt,
    })),
  ).toEqual(migrations);
  expect(lostContent(tables, after, appliedNow)).toEqual([]);

  const port = await freePort();
  const app = start(serverEntry, [], { ...settings, PORT: String(port) });
  try {
    await waitForHealth(port, 30_000);
    await expectServes(`http://127.0.0.1:${port}`, old);
  } catch (error) {
    const { stdout, stderr } = app.output();
    throw new Error(`${String(error)}\n--- server output:\n${stdout}\n${stderr}`, { cause: error });
  } finally {
    await stop(app);
  }
  // The app's start ran the migrator again: nothing more applied.
  expect(await withDatabase(open, migrationLog)).toEqual(log);
}

// Without a fixture the upgrade tests below would check nothing and pass.
it('has a fixture of an earlier release', () => {
  expect(fixtures.map((fixture) => fixture.name)).not.toEqual([]);
});

describe.skipIf(Boolean(env.DATABASE_URL))(
  'upgrade of an earlier release: the embedded data folder (PGlite)',
  () => {
    let tmp: string;
    beforeAll(() => {
      requireBuild();
      tmp = tempDir('upgrade');
    });
    afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

    it.each(fixtures)(
      '$name: migrates once, keeps every row, serves the old data',
      async ({ name, dir, manifest }) => {
        const dataDir = path.join(tmp, name);
        unpack(path.join(dir, manifest.embedded.archive), dataDir);
        await upgradeAndCheck(manifest.embedded, { dataDir });
      },
      120_000,
    );
  },
);

describe.skipIf(!env.DATABASE_URL)(
  'upgrade of an earlier release: a PostgreSQL database (its pg_dump)',
  () => {
    let tmp: string;
    const databases: string[] = [];
    const admin = () => new pg.Client({ connectionString: env.DATABASE_URL });
    beforeAll(() => {
      requireBuild();
      tmp = tempDir('upgrade-pg');
    });
    afterAll(async () => {
      const client = admin();
      await client.connect();
      for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    /** A new, empty database on DATABASE_URL's server, and that server's major version. */
    async function newDatabase(): Promise<{ url: string; serverMajor: number }> {
      const name = `upgrade_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const client = admin();
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
      await client.end();
      databases.push(name);
      const url = new URL(env.DATABASE_URL!);
      url.pathname = `/${name}`;
      return { url: url.toString(), serverMajor: majorVersion(rows[0]!.server_version) };
    }

    it.each(fixtures)(
      '$name: migrates once, keeps every row, serves the old data',
      async ({ name, dir, manifest }) => {
        const { url, serverMajor } = await newDatabase();
        const restoreTool = findRestoreTool(serverMajor, majorVersion(manifest.postgres.dumpVersion));
        const connection = connectionFor(url);
        await runTool(
          restoreTool.command,
          [
            '--no-owner',
            '--no-acl',
            '--single-transaction',
            '--exit-on-error',
            '--dbname',
            connection.dbname,
            path.join(dir, manifest.postgres.dump),
          ],
          connection.env,
        );
        // The release's file store (the seed writes the same files for both databases).
        const dataDir = path.join(tmp, name);
        unpack(path.join(dir, manifest.embedded.archive), dataDir, ['files']);
        await upgradeAndCheck(manifest.postgres, { dataDir, url });
      },
      120_000,
    );
  },
);
