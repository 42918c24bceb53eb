import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import {
  claimJob,
  completeJob,
  enqueueJob,
  failJob,
  getJob,
  PermanentJobError,
  reportJobProgress,
  retryDelayMs,
} from './queue';
import { startJobRunner } from './runner';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());
beforeEach(() => t.handle.exec('TRUNCATE jobs'));

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, seconds));
const kinds = ['test'];

describe('job queue', () => {
  it('queues once per dedupe key while unfinished, and again after it finished', async () => {
    const first = await enqueueJob(t.handle, { kind: 'test', dedupeKey: 'file:1' }, at(0));
    expect(first).toBeTypeOf('number');
    expect(await enqueueJob(t.handle, { kind: 'test', dedupeKey: 'file:1' }, at(1))).toBeNull();
    const job = await claimJob(t.handle, { kinds, workerId: 'a', leaseMs: 60_000, now: at(2) });
    await completeJob(t.handle, { id: job!.id, workerId: 'a' }, { ok: true }, at(3));
    expect(await enqueueJob(t.handle, { kind: 'test', dedupeKey: 'file:1' }, at(4))).toBeTypeOf('number');
  });

  it('claims due jobs oldest first, each by one worker, and only kinds it handles', async () => {
    await enqueueJob(t.handle, { kind: 'test', payload: { n: 1 } }, at(0));
    await enqueueJob(t.handle, { kind: 'other' }, at(0));
    await enqueueJob(t.handle, { kind: 'test', payload: { n: 2 }, runAfter: at(30) }, at(0));
    const a = await claimJob(t.handle, { kinds, workerId: 'a', leaseMs: 60_000, now: at(1) });
    const b = await claimJob(t.handle, { kinds, workerId: 'b', leaseMs: 60_000, now: at(1) });
    expect(a).toMatchObject({ kind: 'test', payload: { n: 1 }, attempt: 1, maxAttempts: 3 });
    expect(b).toBeNull();
    const later = await claimJob(t.handle, { kinds, workerId: 'b', leaseMs: 60_000, now: at(31) });
    expect(later).toMatchObject({ payload: { n: 2 } });
  });

  it('gives a crashed worker’s job to another once its lease ran out, and fails it after the last attempt', async () => {
    const id = await enqueueJob(t.handle, { kind: 'test', maxAttempts: 2 }, at(0));
    await claimJob(t.handle, { kinds, workerId: 'dead', leaseMs: 10_000, now: at(0) });
    expect(await claimJob(t.handle, { kinds, workerId: 'b', leaseMs: 10_000, now: at(5) })).toBeNull();
    // Progress from the live owner extends its lease.
    expect(await reportJobProgress(t.handle, { id: id!, workerId: 'dead' }, 40, at(20), at(5))).toBe(true);
    expect(await claimJob(t.handle, { kinds, workerId: 'b', leaseMs: 10_000, now: at(15) })).toBeNull();
    const again = await claimJob(t.handle, { kinds, workerId: 'b', leaseMs: 10_000, now: at(21) });
    expect(again).toMatchObject({ id, attempt: 2 });
    // The old owner can no longer report on it.
    expect(await reportJobProgress(t.handle, { id: id!, workerId: 'dead' }, 90, at(40), at(22))).toBe(false);
    expect(await claimJob(t.handle, { kinds, workerId: 'c', leaseMs: 10_000, now: at(40) })).toBeNull();
    expect(await getJob(t.handle, id!)).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/stopped before finishing/),
    });
  });

  it('retries a failure after a growing delay, but not a permanent one', async () => {
    const id = await enqueueJob(t.handle, { kind: 'test' }, at(0));
    const job = await claimJob(t.handle, { kinds, workerId: 'a', leaseMs: 60_000, now: at(0) });
    expect(await failJob(t.handle, { ...job!, workerId: 'a' }, new Error('disk full'), at(1))).toBe('retry');
    expect(await getJob(t.handle, id!)).toMatchObject({ status: 'queued', lastError: 'disk full' });
    const early = new Date(at(1).getTime() + retryDelayMs(1) - 1000);
    expect(await claimJob(t.handle, { kinds, workerId: 'a', leaseMs: 60_000, now: early })).toBeNull();
    const due = new Date(at(1).getTime() + retryDelayMs(1));
    const second = await claimJob(t.handle, { kinds, workerId: 'a', leaseMs: 60_000, now: due });
    expect(second).toMatchObject({ id, attempt: 2 });
    const permanent = new PermanentJobError('not a mesh');
    expect(await failJob(t.handle, { ...second!, workerId: 'a' }, permanent, due)).toBe('failed');
    expect(await getJob(t.handle, id!)).toMatchObject({ status: 'failed', lastError: 'not a mesh' });
  });
});

describe('job runner', () => {
  it('runs every job once across two runners, records results, progress and retries', async () => {
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, n) => enqueueJob(t.handle, { kind: 'test', payload: { n } }, at(0))),
    );
    const seen: number[] = [];
    let flaky = true;
    const handler = async (
      job: { payload: Record<string, unknown> },
      context: { reportProgress(p: number): Promise<void> },
    ) => {
      const n = job.payload.n as number;
      await context.reportProgress(50);
      if (n === 3 && flaky) {
        flaky = false;
        throw new Error('transient');
      }
      seen.push(n);
      return { square: n * n };
    };
    // The retry is due 10 s after the failure: the clock moves 5 s per reading. Leases are long, so no
    // job's lease runs out on this fast clock while it runs (that would hand it to the other runner).
    let clock = at(0).getTime();
    const now = () => new Date((clock += 5000));
    const runners = [1, 2].map(() =>
      startJobRunner({ db: t.handle, handlers: { test: handler }, pollMs: 20, leaseMs: 3_600_000, now }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all(runners.map((runner) => runner.idle()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all(runners.map((runner) => runner.idle()));
    await Promise.all(runners.map((runner) => runner.stop()));
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const [n, id] of ids.entries()) {
      expect(await getJob(t.handle, id!)).toMatchObject({
        status: 'succeeded',
        progress: 100,
        result: { square: n * n },
        attempts: n === 3 ? 2 : 1,
      });
    }
  });
});
