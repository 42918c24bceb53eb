/**
 * The reliability promises of the foundation, on real processes: CLIs exit by themselves, bad
 * configuration gives a one-line error, a SIGKILL during an import loses nothing committed and the
 * server serves again within 15 s, and two app processes share one PostgreSQL without local state.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import { openDatabase } from '@/server/db/client';

import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import {
  freePort,
  requireBuild,
  run,
  serverEntry as server,
  start,
  stop,
  tempDir,
  waitForHealth,
} from './processes';

const seedCli = 'src/seed/cli.ts';
const importCli = 'src/features/catalog/server/import-cli.ts';

function importFile(dir: string, lines: number): string {
  const file = path.join(dir, 'catalogue.jsonl');
  const categories = [
    'print/art/sculptures',
    'models/aircraft/military',
    'print/home-office/furniture',
    'models/car/sport-car',
  ];
  const body = Array.from({ length: lines }, (_, i) =>
    JSON.stringify({
      externalId: `bulk-${i}`,
      title: `Bulk model ${i}`,
      tags: ['bulk', `t${i % 50}`],
      category: categories[i % categories.length],
      price: (i % 40) + 0.99,
      licence: 'royalty_free',
      formats: ['stl'],
      designer: `bulk_designer_${i % 20}`,
    }),
  ).join('\n');
  fs.writeFileSync(file, `${body}\n`);
  return file;
}

describe.skipIf(Boolean(env.DATABASE_URL))('embedded database (PGlite)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDir('pglite');
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seed and import CLIs exit by themselves, also on an existing data folder', async () => {
    const first = await run(seedCli, ['--models', '40'], { DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Seeded 40 models/);
    const again = await run(seedCli, ['--models', '40'], { DATA_DIR: dataDir }, 60_000);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already has 40 models/);
    const imported = await run(importCli, [importFile(dataDir, 30)], { DATA_DIR: dataDir }, 60_000);
    expect(imported.code, imported.stdout + imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/30 new or changed, 0 unchanged, 0 rejected/);
    const rerun = await run(
      importCli,
      [path.join(dataDir, 'catalogue.jsonl')],
      { DATA_DIR: dataDir },
      60_000,
    );
    expect(rerun.stdout).toMatch(/0 new or changed, 30 unchanged/);
  }, 150_000);

  it('import reports bad lines and exits with status 2', async () => {
    const file = path.join(dataDir, 'bad.jsonl');
    fs.writeFileSync(file, '{"externalId": "x"}\nnot json\n');
    const result = await run(importCli, [file], { DATA_DIR: dataDir }, 60_000);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^line 1: title: /m);
    expect(result.stdout).toMatch(/^line 2: not valid JSON$/m);
  });

  it('after SIGKILL during an import, the server serves again within 15 s with every committed batch', async () => {
    requireBuild();
    const file = importFile(dataDir, 60_000);
    const importer = start(importCli, [file], { DATA_DIR: dataDir });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the import showed no progress')), 60_000);
      importer.stderr!.on('data', (d: Buffer) => {
        if (/lines read/.test(d.toString())) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    importer.kill('SIGKILL');
    await new Promise((r) => importer.once('exit', r));

    const port = await freePort();
    const app = start(server, [], { DATA_DIR: dataDir, PORT: String(port) });
    try {
      const ms = await waitForHealth(port, 15_000);
      console.info(`restarted after the killed import: healthy after ${ms} ms`);
      expect(ms).toBeLessThan(15_000);
      const page = await fetch(`http://127.0.0.1:${port}/3d-models`);
      expect(page.status).toBe(200);
    } finally {
      await stop(app);
    }
    expect(app.exitCode).toBe(0);

    const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const [row] = await handle.query<{ bulk: number; without_picture: number }>(
        `SELECT count(*) FILTER (WHERE external_id LIKE 'bulk-%')::int AS bulk,
                count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM preview_images p WHERE p.model_id = m.id))::int AS without_picture
         FROM models m`,
      );
      // Batches of 1,000 commit whole: never a part of one, never a model without its picture.
      expect(row!.bulk % 1000).toBe(0);
      expect(row!.bulk).toBeGreaterThanOrEqual(1000);
      expect(row!.without_picture).toBe(0);
    } finally {
      await handle.close();
    }
  }, 150_000);

  it('an unwritable data folder gives a one-line error', async () => {
    requireBuild();
    const blocker = path.join(dataDir, 'a-file');
    fs.writeFileSync(blocker, '');
    const result = await run(
      server,
      [],
      { DATA_DIR: path.join(blocker, 'data'), PORT: String(await freePort()) },
      60_000,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Error: The data folder .* is not writable: set DATA_DIR/);
  });
});

describe('configuration errors', () => {
  beforeAll(requireBuild);

  it('a port in use gives a one-line error', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, '0.0.0.0', r));
    try {
      const result = await run(server, [], { PORT: String(port), DATA_DIR: tempDir('port') }, 60_000);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Error: port ${port} is already in use: stop the other program or set PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('a bad DATABASE_URL gives a one-line error', async () => {
    const unreachable = await run(
      server,
      [],
      { PORT: String(await freePort()), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      60_000,
    );
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    expect(unreachable.stderr).toMatch(
      /^Error: Cannot connect to DATABASE_URL \(postgres:\/\/nobody@127\.0\.0\.1:1\/none\): /,
    );
    const malformed = await run(server, [], { DATABASE_URL: 'mysql://x' }, 60_000);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr.trim()).toBe(
      'Error: Invalid environment variable DATABASE_URL: must be a postgres:// or postgresql:// URL (got "mysql://x")',
    );
  });
});

describe.skipIf(!env.DATABASE_URL)('PostgreSQL with two app processes', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.cleanup());

  it('a model written by another process is served by both app processes (no process-local state)', async () => {
    requireBuild();
    const url = t.url!;
    const ports = [await freePort(), await freePort()];
    const apps = ports.map((port) =>
      start(server, [], {
        DATABASE_URL: url,
        PORT: String(port),
        SEED_MODELS: '30',
        // Not about the demo models' background work (decision 0058): the cores stay with the test.
        DEMO_MODEL_WORKERS: '0',
        DATA_DIR: tempDir('two'),
      }),
    );
    try {
      // Both start at once on an empty database: one seeds, the other waits for it.
      await Promise.all(ports.map((port) => waitForHealth(port, 120_000)));
      const dir = tempDir('two-import');
      const file = path.join(dir, 'one.jsonl');
      fs.writeFileSync(
        file,
        `${JSON.stringify({ externalId: 'shared-1', title: 'Shared Teapot Written Once', category: 'models/food/dish', price: 0, licence: 'royalty_free', formats: ['fbx'], designer: 'shared_writer' })}\n`,
      );
      const written = await run(importCli, [file], { DATABASE_URL: url }, 60_000);
      expect(written.code, written.stdout + written.stderr).toBe(0);
      const [row] = await t.handle.query<{ slug: string }>(
        `SELECT slug FROM models WHERE external_id = 'shared-1'`,
      );
      for (const port of ports) {
        const response = await fetch(`http://127.0.0.1:${port}/3d-models/food/dish/${row!.slug}`);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('Shared Teapot Written Once');
      }
    } finally {
      await Promise.all(apps.map(stop));
    }
  }, 180_000);

  it('when the database goes away: health answers 503 and pages show the localized 500 page', async () => {
    requireBuild();
    const doomed = await createTestDatabase();
    const port = await freePort();
    const app = start(server, [], {
      DATABASE_URL: doomed.url!,
      PORT: String(port),
      SEED_MODELS: '20',
      DEMO_MODEL_WORKERS: '0',
      DATA_DIR: tempDir('gone'),
    });
    try {
      await waitForHealth(port, 90_000);
      const name = new URL(doomed.url!).pathname.slice(1);
      await t.handle.exec(`DROP DATABASE ${name} WITH (FORCE)`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
      const page = await fetch(`http://127.0.0.1:${port}/de/3d-modelle`);
      expect(page.status).toBe(500);
      expect(await page.text()).toContain('Etwas ist schiefgelaufen');
    } finally {
      await stop(app);
      await doomed.cleanup().catch(() => {});
    }
  }, 150_000);
});
