/**
 * The one database client of a process. Without DATABASE_URL: PGlite (PostgreSQL in WASM, in-process)
 * persisted under DATA_DIR/db. With it: a node-postgres pool. Both get the same migrations.
 */
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

import { env } from '@/env';
import { acquireDataDirLock, type DataDirLock } from '@/server/db/data-dir-lock';
import { instrumentPglite, pgPoolUse, TimedPgClient, type PoolUse } from '@/server/db/query-metrics';
import { AppError } from '@/server/errors';

/** Both drivers expose the same query builder; typed as the node-postgres flavour. */
export type Database = NodePgDatabase<Record<string, never>>;

/** One transaction's query builder: what a feature's server/api functions take to join the caller's transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type QueryFn = <T>(sqlText: string, params?: unknown[]) => Promise<T[]>;

/** Raw SQL on one database or one transaction. */
export interface SqlSession {
  /** Rows of one parameterised statement. */
  query: QueryFn;
  /** Runs several SQL statements at once (Drizzle's `execute` sends one). */
  exec(sqlText: string): Promise<void>;
  /** Bulk-loads CSV text (no header) into `table (columns)` with COPY. */
  copyCsv(table: string, columns: readonly string[], csv: string): Promise<void>;
}

export interface DatabaseHandle extends SqlSession {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Runs `work` in one transaction on one connection: all of it commits, or none of it. */
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
  /** How busy its connections are now (for /metrics). */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; without it PGlite is used. */
  url?: string;
  /** PGlite data folder; undefined = in memory. Ignored with `url`. */
  dataDir?: string;
  poolMax?: number;
  migrate?: boolean;
}

export const migrationsFolder = path.resolve(process.cwd(), 'drizzle');

/** The extensions every embedded database is opened with (also by backup and restore). */
export const pgliteExtensions = { pg_trgm, unaccent };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (env.isBuildPhase) {
    throw new AppError('INTERNAL', 'The database must not be opened during `next build`.');
  }
  const handle = options.url
    ? await openPostgres(options.url, options.poolMax ?? 10)
    : await openPglite(options.dataDir);
  if (options.migrate !== false) {
    try {
      await runMigrations(handle);
    } catch (error) {
      await handle.close().catch(() => {});
      throw new AppError('DATABASE_UNAVAILABLE', `Cannot migrate the database: ${errorText(error)}`);
    }
  }
  return handle;
}

/**
 * Old WAL segments are deleted at a checkpoint, not kept for re-use: PostgreSQL's default keeps 80 MB
 * of them in the data folder for good, which on a demo catalogue is a tenth of the whole folder.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'min_wal_size=32MB', '-c', 'wal_recycle=off'];

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (dataDir) {
    lock = acquireDataDirLock(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, extensions: pgliteExtensions, startParams: pgliteStartParams });
  } catch (error) {
    lock?.release();
    throw new AppError(
      'DATABASE_UNAVAILABLE',
      `Cannot open the embedded database at ${dataDir}: ${String(error)}`,
    );
  }
  const poolUse = instrumentPglite(client);
  const db = drizzlePglite(client) as unknown as Database;
  const session = (target: Pick<PGlite, 'query' | 'exec'>): SqlSession => ({
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await target.query<T>(sqlText, params)).rows,
    exec: async (sqlText) => {
      await target.exec(sqlText);
    },
    copyCsv: async (table, columns, csv) => {
      await target.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
        blob: new Blob([csv]),
      });
    },
  });
  return {
    kind: 'pglite',
    db,
    ...session(client),
    transaction: (work) => client.transaction((tx) => work(session(tx as unknown as PGlite))),
    poolUse,
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    Client: TimedPgClient,
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: 10_000,
    // Page-sized queries: JIT compilation costs ~100 ms where the query itself takes a few.
    options: '-c jit=off',
  });
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => {});
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new AppError(
      'DATABASE_UNAVAILABLE',
      `Cannot connect to DATABASE_URL (${redactUrl(url)}): ${errorText(error)}`,
    );
  }
  const db = drizzleNodePg(pool) as Database;
  const session = (target: pg.Pool | pg.PoolClient): SqlSession => ({
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await target.query(sqlText, params)).rows as T[],
    exec: async (sqlText) => {
      await target.query(sqlText);
    },
    copyCsv: async (table, columns, csv) => {
      const connection = target instanceof pg.Pool ? await target.connect() : target;
      try {
        const stream = connection.query(
          copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`),
        );
        await pipeline(Readable.from([csv]), stream);
      } finally {
        if (connection !== target) connection.release();
      }
    },
  });
  return {
    kind: 'postgres',
    db,
    ...session(pool),
    transaction: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(session(connection));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    },
    poolUse: () => pgPoolUse(pool),
    close: async () => {
      await pool.end();
    },
  };
}

/** Applies pending migrations; idempotent, and serialised across processes on PostgreSQL. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  // One connection holds the lock and runs the migrations: several instances may start at once.
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock(7243001)');
    try {
      await migrateNodePg(drizzleNodePg(connection), { migrationsFolder });
    } finally {
      await connection.query('SELECT pg_advisory_unlock(7243001)');
    }
  } finally {
    connection.release();
  }
}

/** A postgres:// URL with its password hidden, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorText(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

// ---- the process-wide handle --------------------------------------------------------------------

const globalKey = Symbol.for('marketplace.database');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DatabaseHandle> };

/**
 * The process's database, opened and migrated on first use. Kept on globalThis so that the custom
 * server, Next's bundled route code and CLIs in one process share one client (PGlite allows one).
 */
export function getDatabase(): Promise<DatabaseHandle> {
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    g[globalKey] = openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : env.databaseDir,
      poolMax: env.DATABASE_POOL_MAX,
    });
    g[globalKey].catch(() => {
      delete g[globalKey];
    });
  }
  return g[globalKey];
}

/** Makes `handle` the process's database (tests, and tools that open their own). */
export function setDatabase(handle: DatabaseHandle): void {
  (globalThis as GlobalWithDb)[globalKey] = Promise.resolve(handle);
}

/** The process's database if it was opened (or is being opened); never opens it. */
export function openedDatabase(): Promise<DatabaseHandle> | undefined {
  return (globalThis as GlobalWithDb)[globalKey];
}

export async function getDb(): Promise<Database> {
  return (await getDatabase()).db;
}

export async function closeDatabase(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const pending = g[globalKey];
  delete g[globalKey];
  if (pending) await (await pending.catch(() => undefined))?.close();
}
