/**
 * Read replicas (decision 0062) on a real streaming replica of the throw-away PostgreSQL cluster
 * (`scripts/postgres-temp.sh replica`: pg_basebackup -R): catalogue reads go to it while it keeps up,
 * to the primary when it lags, inside read-your-writes and when it is stopped mid-test (the read in
 * flight is answered all the same); /metrics tells each replica's state and lag, and where reads went. Runs where the suite runs on that cluster (CI's PostgreSQL pass:
 * DATABASE_URL and PG_TEMP_DIR set); the embedded database has no replicas.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readYourWritesCookieName, sessionCookieName } from '@/server/auth/cookies';
import { withReadYourWrites } from '@/server/http/read-your-writes';
import { metrics } from '@/server/metrics/registry';
import { registerServerMetrics } from '@/server/metrics/server-metrics';

import {
  firstReplicaUsable,
  readsOnReplica,
  replicaStartMs,
  startStreamingReplica,
  throwAwayCluster,
  waitUntil,
  type StreamingReplica,
} from '../../../tests/fixtures/streaming-replica';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import {
  checkReadReplicas,
  getReadDatabase,
  readReplicaStates,
  setReadReplicas,
  withOneReadSource,
  withPrimaryReads,
} from './read-replicas';

/** One sample's value from the text exposition, as Prometheus reads it. */
async function sample(name: string, labels: string): Promise<number | undefined> {
  const text = await metrics().registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe.runIf(throwAwayCluster)('catalogue reads on a streaming replica', () => {
  let t: TestDatabase;
  let replica: StreamingReplica | undefined;
  let replicaUrl = '';

  beforeAll(async () => {
    t = await createTestDatabase();
    await t.handle.exec(`CREATE TABLE replica_probe (id int PRIMARY KEY, word text NOT NULL)`);
    replica = startStreamingReplica(throwAwayCluster!);
    replicaUrl = replica.urlOf(t.url!);
    await setReadReplicas({ urls: [replicaUrl], maxLagMs: 2_000, checkEveryMs: 100 });
    await waitUntil(firstReplicaUsable, replicaStartMs);
    registerServerMetrics({ pageCache: { size: () => 0, bytes: () => 0 } });
  }, 120_000);
  afterAll(async () => {
    await setReadReplicas(null);
    replica?.remove();
    await t.cleanup();
  });

  it('reads from the replica while it keeps up; a write shows there as it is replayed', async () => {
    await waitUntil(firstReplicaUsable, 10_000);
    expect(await readsOnReplica()).toBe(true);
    expect(await withPrimaryReads(readsOnReplica)).toBe(false);
    await t.handle.query(`INSERT INTO replica_probe VALUES (1, 'first')`);
    await waitUntil(async () => {
      const rows = await (await getReadDatabase()).query<{ word: string }>('SELECT word FROM replica_probe');
      return rows.length === 1;
    }, 5_000);
  });

  it('skips a replica that falls behind by more than the allowed lag, and uses it again once it catches up', async () => {
    replica!.sql('SELECT pg_wal_replay_pause()');
    try {
      await t.handle.query(`INSERT INTO replica_probe VALUES (2, 'while paused')`);
      await waitUntil(async () => !(await readReplicaStates())[0]!.usable, 5_000);
      expect((await readReplicaStates())[0]).toMatchObject({ usable: false, lastError: 'lagging' });
      expect((await readReplicaStates())[0]!.lagBytes).toBeGreaterThan(0);
      // Read from the primary meanwhile: the new row is there.
      expect(await readsOnReplica()).toBe(false);
      const rows = await (
        await getReadDatabase()
      ).query<{ id: number }>('SELECT id FROM replica_probe ORDER BY id');
      expect(rows.map((row) => row.id)).toEqual([1, 2]);
    } finally {
      replica!.sql('SELECT pg_wal_replay_resume()');
    }
    await waitUntil(firstReplicaUsable, 10_000);
    expect(await readsOnReplica()).toBe(true);
  });

  it('reports the replica on /metrics by host:port/database: in use or skipped, its lag, and where reads went', async () => {
    await waitUntil(firstReplicaUsable, 10_000);
    const { name } = (await readReplicaStates())[0]!;
    expect(name).toBe(`127.0.0.1:${new URL(replicaUrl).port}${new URL(t.url!).pathname}`);
    const replicaLabel = `replica="${name}"`;
    expect(await sample('meshbay_db_read_replica_up', replicaLabel)).toBe(1);
    // In use: within the allowed 2 s, give or take a check's interval on a busy machine.
    expect(await sample('meshbay_db_read_replica_lag_seconds', replicaLabel)).toBeLessThan(3);

    const reads = async (source: string) =>
      (await sample('meshbay_db_reads_total', `source="${source}"`)) ?? 0;
    const before = { replica: await reads('replica'), primary: await reads('primary') };
    expect(await readsOnReplica()).toBe(true);
    expect(await withPrimaryReads(readsOnReplica)).toBe(false);
    expect(await withPrimaryReads(readsOnReplica)).toBe(false);
    expect({
      replica: (await reads('replica')) - before.replica,
      primary: (await reads('primary')) - before.primary,
    }).toEqual({ replica: 1, primary: 2 });

    // Held back by more than the allowed 2 s: skipped, and its lag says by how much.
    replica!.sql('SELECT pg_wal_replay_pause()');
    try {
      await t.handle.exec(`CREATE TABLE replica_metrics_probe (id int)`);
      await waitUntil(async () => !(await readReplicaStates())[0]!.usable, 5_000);
      expect(await sample('meshbay_db_read_replica_up', replicaLabel)).toBe(0);
      expect(await sample('meshbay_db_read_replica_lag_seconds', replicaLabel)).toBeGreaterThan(2);
    } finally {
      replica!.sql('SELECT pg_wal_replay_resume()');
    }
    await waitUntil(firstReplicaUsable, 10_000);
    expect(await sample('meshbay_db_read_replica_up', replicaLabel)).toBe(1);
    expect(await sample('meshbay_db_read_replica_lag_seconds', replicaLabel)).toBeLessThan(3);
  });

  it('keeps the reads of one piece of work on one source', async () => {
    await waitUntil(firstReplicaUsable, 10_000);
    const sources = await withOneReadSource(async () => [await readsOnReplica(), await readsOnReplica()]);
    expect(sources).toEqual([true, true]);
    expect(await withPrimaryReads(() => withOneReadSource(readsOnReplica))).toBe(false);
  });

  it('sends a signed-in visitor’s write, and their reads for a while after it, to the primary', async () => {
    const server = http.createServer((req, res) => {
      void withReadYourWrites(req, res, 5, async () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ replica: await readsOnReplica() }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ask = async (method: string, cookie?: string) => {
      const response = await fetch(base, { method, headers: cookie ? { cookie } : {} });
      return {
        ...((await response.json()) as { replica: boolean }),
        setCookie: response.headers.get('set-cookie'),
      };
    };
    try {
      await waitUntil(firstReplicaUsable, 10_000);
      expect(await ask('GET')).toEqual({ replica: true, setCookie: null });
      const write = await ask('POST', `${sessionCookieName}=token`);
      expect(write.replica).toBe(false);
      expect(write.setCookie).toBe(
        `${readYourWritesCookieName}=1; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=5`,
      );
      expect(await ask('GET', `${sessionCookieName}=token; ${readYourWritesCookieName}=1`)).toMatchObject({
        replica: false,
      });
      // A guest's write (a view count) reads the primary too, and sets no cookie.
      expect(await ask('POST')).toEqual({ replica: false, setCookie: null });
      await waitUntil(firstReplicaUsable, 10_000);
      expect(await ask('GET', `${sessionCookieName}=token`)).toMatchObject({ replica: true });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers a read from the primary when the replica stops mid-test, and skips the replica after', async () => {
    // No check between the stop and the read: the read itself meets the dead replica.
    await setReadReplicas({ urls: [replicaUrl], maxLagMs: 2_000, checkEveryMs: 600_000 });
    await waitUntil(async () => {
      await checkReadReplicas();
      return firstReplicaUsable();
    }, 10_000);
    expect(await readsOnReplica()).toBe(true);
    replica!.halt();
    const rows = await (
      await getReadDatabase()
    ).query<{ id: number }>('SELECT id FROM replica_probe ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
    const [state] = await readReplicaStates();
    expect(state!.usable).toBe(false);
    expect(state!.lastError).toMatch(/terminat|ECONNREFUSED|connect|shut/i);
    expect(await readsOnReplica()).toBe(false);
    await checkReadReplicas();
    expect((await readReplicaStates())[0]!.usable).toBe(false);
    // Reported down, with the lag it had when it last answered; no replica, no series.
    const replicaLabel = `replica="${state!.name}"`;
    expect(await sample('meshbay_db_read_replica_up', replicaLabel)).toBe(0);
    expect(await sample('meshbay_db_read_replica_lag_seconds', replicaLabel)).toBeGreaterThanOrEqual(0);
    await setReadReplicas(null);
    expect(await sample('meshbay_db_read_replica_up', replicaLabel)).toBeUndefined();
  });
});
