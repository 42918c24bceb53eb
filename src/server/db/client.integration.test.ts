import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';

import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { csvRow } from './csv';
import { openDatabase, runMigrations } from './client';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

describe('database client', () => {
  it('applies migrations idempotently', async () => {
    const before = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    await runMigrations(t.handle);
    await runMigrations(t.handle);
    const after = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(after[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('has pg_trgm and unaccent', async () => {
    const [row] = await t.handle.query<{ plain: string; sim: number }>(
      "SELECT f_unaccent('Chaisé Ærø') AS plain, similarity('chair', 'chiar') AS sim",
    );
    expect(row!.plain).toBe('Chaise AEro');
    expect(row!.sim).toBeGreaterThan(0);
  });

  it('bulk-loads csv with quotes, arrays and nulls intact', async () => {
    await t.handle.exec('CREATE TABLE copy_probe (a text, b text[], c int)');
    await t.handle.copyCsv('copy_probe', ['a', 'b', 'c'], csvRow(['say "hi", ok', ['x,y', 'q"uote'], null]));
    const [row] = await t.handle.query<{ a: string; b: string[]; c: number | null }>(
      'SELECT a, b, c FROM copy_probe',
    );
    expect(row).toEqual({ a: 'say "hi", ok', b: ['x,y', 'q"uote'], c: null });
  });

  it('rejects bad catalogue data with constraints', async () => {
    await expect(
      t.handle.query(`INSERT INTO users (username, email) VALUES ('bad name!', 'x@example.com')`),
    ).rejects.toThrow(/users_username_format/);
  });

  it.skipIf(!env.DATABASE_URL)('lets several instances migrate one PostgreSQL database at once', async () => {
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    const name = `concurrent_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const handles = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ url: url.toString(), poolMax: 2 })),
      );
      const [row] = await handles[0]!.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(row!.n).toBeGreaterThanOrEqual(2);
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
