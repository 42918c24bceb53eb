/**
 * Catalogue and search reads on streaming read replicas (DATABASE_READ_URL, decision 0062). Each query
 * of the read handle goes to a replica that is alive and has replayed the primary's WAL of at least
 * DATABASE_READ_MAX_LAG_MS ago (checked twice a second), in turn; otherwise, and for a visitor who has
 * just written (read-your-writes), to the primary. A replica that fails a query with a connection
 * error is skipped from then on until it passes a check again, and the query is sent to the primary:
 * a dying replica costs a visitor nothing. /metrics reports each replica's state and lag and where the
 * reads went (decision 0051).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

import { env } from '@/env';
import { logger } from '@/server/logger';
import { metrics } from '@/server/metrics/registry';

import { getDatabase, type Database, type QueryFn } from './client';
import { TimedPgClient } from './query-metrics';

/** What a feature needs to read: the query builder and raw SQL, without transactions or writes. */
export interface ReadDatabase {
  db: Database;
  query: QueryFn;
}

export interface ReplicaOptions {
  urls: string[];
  /** A replica that has not replayed the primary's WAL of this long ago is skipped. */
  maxLagMs: number;
  checkEveryMs?: number;
}

export interface ReplicaState {
  /** `host:port/database`: the replica in logs and on /metrics, without its user or password. */
  name: string;
  usable: boolean;
  /** Bytes of WAL the replica is behind the primary at the last check; null when it did not answer. */
  lagBytes: number | null;
  /**
   * Seconds the replica was behind the primary at the last check that reached it: how long ago the
   * primary was at the newest of its sampled positions that the replica has replayed (0: all of them;
   * to the check interval). Kept while it does not answer; null until a check found it at a position
   * sampled in the last few seconds.
   */
  lagSeconds: number | null;
  lastError: string | null;
}

/** What Drizzle and raw SQL pass to a pool's `query`: a config object or a text, and values. */
type PgQueryArgs = [unknown, unknown?];
type PgQuery = (...args: PgQueryArgs) => Promise<pg.QueryResult>;

interface Replica {
  name: string;
  pool: pg.Pool;
  usable: boolean;
  replayed: bigint | null;
  /** When the primary was at the newest sampled position the replica has replayed. */
  caughtUpAt: number | null;
  lagSeconds: number | null;
  lastError: string | null;
}

/**
 * `host:port/database` of a replica's URL: its name in logs and on /metrics. Built from those parts
 * alone, so that no user, password or `?password=` parameter can show.
 */
export function replicaName(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
    return `${host}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** `16/B374D848` → a number of bytes. */
export function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** Connection failures and a replica's own refusals: the same query may be sent to the primary. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '40001', // canceling statement due to conflict with recovery
]);

function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && unavailableCodes.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}

/** meshbay_db_reads_total: where a read went. */
function countRead(source: 'primary' | 'replica'): void {
  metrics().dbReads.inc({ source });
}

class ReplicaSet {
  private readonly replicas: Replica[];
  /** The primary's WAL position, sampled at each check (the last few seconds). */
  private samples: { at: number; lsn: bigint }[] = [];
  private turn = 0;
  private readonly timer: NodeJS.Timeout;
  readonly handle: ReadDatabase;

  constructor(
    private readonly primaryPool: pg.Pool,
    private readonly options: ReplicaOptions,
  ) {
    this.replicas = options.urls.map((url) => {
      const pool = new pg.Pool({
        Client: TimedPgClient,
        connectionString: url,
        max: env.DATABASE_POOL_MAX,
        // A replica that does not answer at once is skipped, not waited for.
        connectionTimeoutMillis: 1_000,
        options: '-c jit=off',
      });
      pool.on('error', () => {});
      return {
        name: replicaName(url),
        pool,
        usable: false,
        replayed: null,
        caughtUpAt: null,
        lagSeconds: null,
        lastError: 'not checked yet',
      };
    });
    const router = {
      query: (...args: PgQueryArgs) => this.route(args),
    };
    const db = drizzle(router as unknown as pg.Pool) as Database;
    this.handle = {
      db,
      query: async <T>(sqlText: string, params: unknown[] = []) =>
        (await router.query(sqlText, params)).rows as T[],
    };
    this.timer = setInterval(() => void this.check(), options.checkEveryMs ?? 500);
    this.timer.unref();
  }

  /** Reads the primary's position and every replica's; marks each replica usable or not. */
  async check(): Promise<void> {
    const now = Date.now();
    try {
      const { rows } = await this.primaryPool.query<{ lsn: string }>(
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      this.samples.push({ at: now, lsn: parseLsn(rows[0]!.lsn) });
    } catch {
      return; // Without the primary's position no replica can be judged; they keep their state.
    }
    this.samples = this.samples.filter((sample) => sample.at >= now - this.options.maxLagMs - 5_000);
    // The WAL the replicas must have replayed: the primary's position maxLagMs ago (or the oldest known).
    const due =
      [...this.samples].reverse().find((sample) => sample.at <= now - this.options.maxLagMs) ??
      this.samples[0]!;
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const { rows } = await replica.pool.query<{ standby: boolean; lsn: string | null }>(
            'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn',
          );
          const { standby, lsn } = rows[0]!;
          if (!standby || lsn === null)
            throw new Error('not a streaming replica (pg_is_in_recovery() is false)');
          const replayed = parseLsn(lsn);
          replica.replayed = replayed;
          // Kept from a past check while the replica is behind every position still held.
          const caughtUp = this.samples.findLast((sample) => sample.lsn <= replayed);
          if (caughtUp) replica.caughtUpAt = caughtUp.at;
          replica.lagSeconds = replica.caughtUpAt === null ? null : (now - replica.caughtUpAt) / 1000;
          this.setUsable(
            replica,
            replica.replayed >= due.lsn,
            replica.replayed >= due.lsn ? null : 'lagging',
          );
        } catch (error) {
          replica.replayed = null;
          this.setUsable(
            replica,
            false,
            error instanceof Error ? error.message || error.name : String(error),
          );
        }
      }),
    );
  }

  states(): ReplicaState[] {
    const primary = this.samples.at(-1)?.lsn;
    return this.replicas.map((replica) => ({
      name: replica.name,
      usable: replica.usable,
      lagBytes:
        replica.replayed === null || primary === undefined
          ? null
          : Number(primary > replica.replayed ? primary - replica.replayed : 0n),
      lagSeconds: replica.lagSeconds,
      lastError: replica.lastError,
    }));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.replicas.map((replica) => replica.pool.end().catch(() => {})));
  }

  private setUsable(replica: Replica, usable: boolean, reason: string | null): void {
    if (replica.usable !== usable)
      logger.info(
        { replica: replica.name, usable, reason },
        usable ? 'read replica in use' : 'read replica skipped',
      );
    replica.usable = usable;
    replica.lastError = reason;
  }

  private pick(): Replica | null {
    const usable = this.replicas.filter((replica) => replica.usable);
    if (usable.length === 0) return null;
    this.turn = (this.turn + 1) % usable.length;
    return usable[this.turn]!;
  }

  private async route(args: PgQueryArgs) {
    const context = shared.context.getStore();
    let replica: Replica | null;
    if (context?.primary) replica = null;
    else if (context?.pinned !== undefined) replica = context.pinned?.usable ? context.pinned : null;
    else replica = this.pick();
    if (context && !context.primary && context.pinned === undefined) context.pinned = replica;
    // Each statement counts once, under the source that answered it (or failed it for a reason of its own).
    if (replica) {
      try {
        const result = await (replica.pool.query as PgQuery).apply(replica.pool, args);
        countRead('replica');
        return result;
      } catch (error) {
        if (!isUnavailable(error)) {
          countRead('replica');
          throw error;
        }
        this.setUsable(replica, false, error instanceof Error ? error.message : String(error));
      }
    }
    countRead('primary');
    return (this.primaryPool.query as PgQuery).apply(this.primaryPool, args);
  }
}

// ---- the process-wide state (on globalThis: the custom server and the app's bundle share it) ----

/** Where the reads of a piece of work go: all to the primary, or all to the first source they met. */
interface ReadContext {
  primary: boolean;
  /** Set by the first read of `withOneReadSource` work: that replica, or null for the primary. */
  pinned?: Replica | null;
}

interface Shared {
  context: AsyncLocalStorage<ReadContext>;
  replicas?: Promise<ReplicaSet | null>;
}
const sharedKey = Symbol.for('marketplace.readReplicas');
const shared: Shared =
  ((globalThis as Record<symbol, unknown>)[sharedKey] as Shared | undefined) ??
  ((globalThis as Record<symbol, unknown>)[sharedKey] = {
    context: new AsyncLocalStorage<ReadContext>(),
  } as Shared);

/** Runs `work` with all its reads on the primary: a visitor who has just written reads it back. */
export function withPrimaryReads<T>(work: () => T): T {
  return shared.context.run({ primary: true }, work);
}

/**
 * Runs `work` with all its reads on one source (the replica its first read went to, or the primary),
 * so that what it reads fits together: replicas replay the same WAL, but not in step. Inside
 * `withPrimaryReads`, they stay on the primary.
 */
export function withOneReadSource<T>(work: () => T): T {
  return readsFromPrimary() ? work() : shared.context.run({ primary: false }, work);
}

/** Whether the reads of the current request or job go to the primary. */
export function readsFromPrimary(): boolean {
  return shared.context.getStore()?.primary === true;
}

async function primaryPool(): Promise<pg.Pool> {
  const handle = await getDatabase();
  if (handle.kind !== 'postgres') throw new Error('read replicas need DATABASE_URL (PostgreSQL)');
  return (handle.db as unknown as { $client: pg.Pool }).$client;
}

async function openReplicaSet(options: ReplicaOptions): Promise<ReplicaSet> {
  const set = new ReplicaSet(await primaryPool(), options);
  await set.check();
  return set;
}

/** Sends the process's catalogue reads to these replicas (tests; the server takes DATABASE_READ_URL); null: none. */
export async function setReadReplicas(options: ReplicaOptions | null): Promise<void> {
  const previous = await shared.replicas?.catch(() => null);
  shared.replicas = options ? openReplicaSet(options) : Promise.resolve(null);
  await previous?.close();
  await shared.replicas;
}

function replicaSet(): Promise<ReplicaSet | null> {
  shared.replicas ??=
    env.DATABASE_READ_URL.length > 0
      ? openReplicaSet({ urls: env.DATABASE_READ_URL, maxLagMs: env.DATABASE_READ_MAX_LAG_MS })
      : Promise.resolve(null);
  return shared.replicas;
}

/** Whether this process has read replicas (the server then sets the read-your-writes cookie). */
export function hasReadReplicas(): boolean {
  return env.DATABASE_READ_URL.length > 0;
}

/**
 * Where a catalogue or search read goes: the replicas (with the primary behind them) when there are
 * any, else the database itself.
 */
export async function getReadDatabase(): Promise<ReadDatabase> {
  const set = await replicaSet();
  if (set) return set.handle; // Its statements count where each is routed.
  countRead('primary');
  return getDatabase();
}

export async function getReadDb(): Promise<Database> {
  return (await getReadDatabase()).db;
}

/** The replicas' states now (for /metrics and tests); empty without replicas. */
export async function readReplicaStates(): Promise<ReplicaState[]> {
  return (await replicaSet())?.states() ?? [];
}

/** Checks the replicas at once instead of at the next tick (tests). */
export async function checkReadReplicas(): Promise<void> {
  await (await replicaSet())?.check();
}
