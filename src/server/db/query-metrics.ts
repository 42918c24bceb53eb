/**
 * Times every statement on its connection for /metrics (decision 0051) and tells how busy the
 * connections are: node-postgres through a pool whose clients time their queries, PGlite (one connection,
 * statements one at a time) through the lock it takes around each statement.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { metrics } from '@/server/metrics/registry';

export interface PoolUse {
  /** Connections the pool may open. */
  max: number;
  /** Open connections. */
  open: number;
  /** Connections running a statement (node-postgres: or lent to a transaction). */
  busy: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
}

function record(startedMs: number, failed: boolean): void {
  const { dbQueryDuration, dbQueryErrors } = metrics();
  dbQueryDuration.observe((performance.now() - startedMs) / 1000);
  if (failed) dbQueryErrors.inc();
}

type Callback = (error: unknown, result: unknown) => void;
const untimedQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

/** A node-postgres client that times its queries, promise and callback form (the pool uses the latter). */
export class TimedPgClient extends pg.Client {}
TimedPgClient.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
  const startedMs = performance.now();
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last] as Callback;
    args[last] = (error: unknown, result: unknown) => {
      record(startedMs, Boolean(error));
      callback(error, result);
    };
    return untimedQuery.apply(this, args);
  }
  const result = untimedQuery.apply(this, args);
  // A submittable (COPY streams) returns itself, not a promise: not timed.
  if (result instanceof Promise) {
    result.then(
      () => record(startedMs, false),
      () => record(startedMs, true),
    );
  }
  return result;
} as typeof pg.Client.prototype.query;

export function pgPoolUse(pool: pg.Pool): PoolUse {
  return {
    max: pool.options.max ?? 10,
    open: pool.totalCount,
    busy: pool.totalCount - pool.idleCount,
    waiting: pool.waitingCount,
  };
}

type ExclusiveRunner = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Wraps PGlite's per-statement lock (`_runExclusiveQuery`, which its query, exec and transaction
 * statements all take). A PGlite without it still works; its statements are then not timed.
 */
export function instrumentPglite(client: PGlite): () => PoolUse {
  let waiting = 0;
  let busy = 0;
  const target = client as unknown as { _runExclusiveQuery?: ExclusiveRunner };
  const runExclusive = target._runExclusiveQuery;
  if (typeof runExclusive === 'function') {
    target._runExclusiveQuery = <T>(work: () => Promise<T>) => {
      waiting++;
      let started = false;
      return runExclusive
        .call(client, async () => {
          started = true;
          waiting--;
          busy++;
          const startedMs = performance.now();
          let failed = true;
          try {
            const result = await work();
            failed = false;
            return result;
          } finally {
            busy--;
            record(startedMs, failed);
          }
        })
        .finally(() => {
          if (!started) waiting--;
        }) as Promise<T>;
    };
  }
  return () => ({ max: 1, open: client.closed ? 0 : 1, busy, waiting });
}
