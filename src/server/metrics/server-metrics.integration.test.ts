/**
 * The database, job-queue, page-cache and file-store metrics against a migrated database (PGlite here,
 * PostgreSQL in CI with DATABASE_URL), read through the registry as Prometheus would. The read replicas'
 * gauges with a replica: src/server/db/read-replicas.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { getReadDb } from '@/server/db/read-replicas';
import {
  deleteFile,
  fileExists,
  FileNotFoundError,
  readFile,
  readFileStream,
  withLocalFile,
  writeFile,
} from '@/server/files/store';
import { enqueueJob, claimJob, queueDepth } from '@/server/jobs/queue';

import { metrics } from './registry';
import { registerServerMetrics } from './server-metrics';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.handle.exec('TRUNCATE jobs');
  registerServerMetrics({ pageCache: { size: () => 3, bytes: () => 4096 } });
});
afterAll(() => t.cleanup());

/** One sample's value from the text exposition. */
async function sample(name: string, labels = ''): Promise<number | undefined> {
  const text = await metrics().registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('server metrics', () => {
  it('times every statement, the ORM’s, raw ones and those in transactions, and counts failures', async () => {
    const count = async () =>
      (await metrics().dbQueryDuration.get()).values.find((v) => v.metricName?.endsWith('_count'))!.value;
    const errors = async () => (await metrics().dbQueryErrors.get()).values[0]?.value ?? 0;
    const before = await count();
    const failedBefore = await errors();
    await t.handle.query('SELECT 1');
    await t.handle.db.execute('SELECT 2' as never);
    await t.handle.transaction(async (tx) => {
      await tx.query('SELECT 3');
    });
    await expect(t.handle.query('SELECT * FROM no_such_table')).rejects.toThrow();
    // BEGIN and COMMIT are statements too.
    expect((await count()) - before).toBeGreaterThanOrEqual(6);
    expect((await errors()) - failedBefore).toBe(1);
  });

  it('reports the connections: one for PGlite, the pool’s for PostgreSQL', async () => {
    const max = await sample('meshbay_db_pool_connections', 'state="max"');
    // tests/setup/test-database.ts opens PostgreSQL with a pool of 4.
    expect(max).toBe(t.url ? 4 : 1);
    expect(await sample('meshbay_db_pool_connections', 'state="open"')).toBeGreaterThanOrEqual(1);
    expect(await sample('meshbay_db_pool_connections', 'state="busy"')).toBe(0);
    expect(await sample('meshbay_db_pool_waiting')).toBe(0);
    if (!t.url) return;
    // Six transactions at once on four connections: four busy, two waiting.
    const release: Array<() => void> = [];
    const held = Array.from({ length: 6 }, () =>
      t.handle.transaction(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    await expect.poll(() => release.length).toBe(4);
    // The scrape's own queue query waits too: the scrape answers after its budget (2 s), with the rest.
    const started = performance.now();
    const text = await metrics().registry.metrics();
    expect(performance.now() - started).toBeLessThan(3000);
    expect(text).toContain('meshbay_db_pool_connections{state="busy"} 4');
    expect(text).toMatch(/^meshbay_db_pool_waiting [23]$/m);
    // Each released transaction lets a waiting one start, which then waits to be released in turn.
    for (let released = 0; released < 6;) {
      const next = release.shift();
      if (next) {
        next();
        released++;
      } else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(held);
  });

  it('counts unfinished jobs per kind and state, and how long the oldest due one has waited', async () => {
    const now = new Date();
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    await enqueueJob(t.handle, { kind: 'mesh_analysis' }, ago(120));
    await enqueueJob(t.handle, { kind: 'mesh_analysis' }, ago(30));
    await enqueueJob(t.handle, { kind: 'mesh_analysis', runAfter: new Date(now.getTime() + 60_000) }, ago(1));
    await enqueueJob(t.handle, { kind: 'digest' }, ago(5));
    await claimJob(t.handle, { kinds: ['digest'], workerId: 'w', leaseMs: 60_000, now: ago(2) });
    expect(await queueDepth(t.handle, now)).toEqual([
      { kind: 'digest', due: 0, scheduled: 0, running: 1, oldestDueSeconds: 0 },
      { kind: 'mesh_analysis', due: 2, scheduled: 1, running: 0, oldestDueSeconds: expect.closeTo(120, 0) },
    ]);
    expect(await sample('meshbay_job_queue_jobs', 'kind="mesh_analysis",state="due"')).toBe(2);
    expect(await sample('meshbay_job_queue_jobs', 'kind="mesh_analysis",state="scheduled"')).toBe(1);
    expect(await sample('meshbay_job_queue_jobs', 'kind="digest",state="running"')).toBe(1);
    expect(
      await sample('meshbay_job_queue_oldest_due_seconds', 'kind="mesh_analysis"'),
    ).toBeGreaterThanOrEqual(120);
    // A kind whose jobs are all done stays, at 0.
    await t.handle.exec('TRUNCATE jobs');
    expect(await sample('meshbay_job_queue_jobs', 'kind="mesh_analysis",state="due"')).toBe(0);
    expect(await sample('meshbay_job_queue_oldest_due_seconds', 'kind="mesh_analysis"')).toBe(0);
  });

  it('counts catalogue reads as the primary’s and reports no replica when there are none', async () => {
    const primaryReads = async () => (await sample('meshbay_db_reads_total', 'source="primary"')) ?? 0;
    const before = await primaryReads();
    await (await getReadDb()).execute('SELECT 1' as never);
    await getReadDb();
    expect((await primaryReads()) - before).toBe(2);
    expect(await sample('meshbay_db_reads_total', 'source="replica"')).toBeUndefined();
    const text = await metrics().registry.metrics();
    expect(text).toContain('# TYPE meshbay_db_read_replica_up gauge');
    expect(text).not.toMatch(/^meshbay_db_read_replica_(up|lag_seconds)\{/m);
  });

  it('counts and times the file store’s operations by driver, operation and outcome', async () => {
    const count = async (operation: string, outcome: string) =>
      (await sample(
        'meshbay_file_store_operations_total',
        `driver="local",operation="${operation}",outcome="${outcome}"`,
      )) ?? 0;
    const timed = async (operation: string) =>
      (await sample(
        'meshbay_file_store_operation_seconds_count',
        `driver="local",operation="${operation}"`,
      )) ?? 0;
    const operations = [
      ['write', 'ok'],
      ['read', 'ok'],
      ['read', 'missing'],
      ['stream', 'ok'],
      ['stream', 'missing'],
      ['exists', 'ok'],
      ['local_path', 'ok'],
      ['delete', 'ok'],
      ['write', 'error'],
    ] as const;
    const before = await Promise.all(operations.map(([operation, outcome]) => count(operation, outcome)));
    const timedBefore = { write: await timed('write'), read: await timed('read') };

    const root = t.filesRoot;
    await writeFile('metrics/probe.bin', Buffer.from('probe'), root);
    expect((await readFile('metrics/probe.bin', root)).toString()).toBe('probe');
    await expect(readFile('metrics/missing.bin', root)).rejects.toBeInstanceOf(FileNotFoundError);
    const chunks: Buffer[] = [];
    for await (const chunk of await readFileStream('metrics/probe.bin', root))
      chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('probe');
    await expect(readFileStream('metrics/missing.bin', root)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await fileExists('metrics/missing.bin', root)).toBe(false);
    // The work done with a lent path is not the store's: its failure is no store error.
    await expect(
      withLocalFile('metrics/probe.bin', () => Promise.reject(new Error('work failed')), root),
    ).rejects.toThrow('work failed');
    await deleteFile('metrics/probe.bin', root);
    await expect(writeFile('../escape.bin', Buffer.from('x'), root)).rejects.toThrow(/Invalid file key/);

    const after = await Promise.all(operations.map(([operation, outcome]) => count(operation, outcome)));
    expect(
      Object.fromEntries(
        operations.map(([operation, outcome], i) => [`${operation} ${outcome}`, after[i]! - before[i]!]),
      ),
    ).toEqual({
      'write ok': 1,
      'read ok': 1,
      'read missing': 1,
      'stream ok': 1,
      'stream missing': 1,
      'exists ok': 1,
      'local_path ok': 1,
      'delete ok': 1,
      'write error': 1,
    });
    expect(await count('local_path', 'error')).toBe(0);
    // Every outcome is timed: two writes, two reads.
    expect((await timed('write')) - timedBefore.write).toBe(2);
    expect((await timed('read')) - timedBefore.read).toBe(2);
  });

  it('reports the page cache and its hit ratio over cacheable page requests', async () => {
    const { pageCacheLookups } = metrics();
    pageCacheLookups.reset();
    for (const result of ['hit', 'hit', 'stale', 'miss', 'bypass', 'bypass'] as const)
      pageCacheLookups.inc({ result });
    expect(await sample('meshbay_page_cache_entries')).toBe(3);
    expect(await sample('meshbay_page_cache_bytes')).toBe(4096);
    expect(await sample('meshbay_page_cache_hit_ratio')).toBe(0.75);
  });
});
