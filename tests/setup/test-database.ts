/**
 * A fresh, migrated database per test file: an in-memory PGlite by default, or a new database on
 * the PostgreSQL server of DATABASE_URL (dropped afterwards). It becomes the process's database, so
 * repositories and queries under test use it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { env } from '@/env';
import { openDatabase, setDatabase, type DatabaseHandle } from '@/server/db/client';

export interface TestDatabase {
  handle: DatabaseHandle;
  filesRoot: string;
  /** The PostgreSQL URL of the test database; undefined for PGlite. */
  url?: string;
  cleanup(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-files-'));
  if (!env.DATABASE_URL) {
    const handle = await openDatabase({});
    setDatabase(handle);
    return {
      handle,
      filesRoot,
      cleanup: async () => {
        await handle.close();
        fs.rmSync(filesRoot, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(env.DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolMax: 4 });
  setDatabase(handle);
  return {
    handle,
    filesRoot,
    url: url.toString(),
    cleanup: async () => {
      await handle.close().catch(() => {});
      const drop = new pg.Client({ connectionString: env.DATABASE_URL });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
      fs.rmSync(filesRoot, { recursive: true, force: true });
    },
  };
}
