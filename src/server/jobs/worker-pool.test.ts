import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { WorkerPool, WorkerTaskError } from './worker-pool';

const script = path.resolve(import.meta.dirname, '../../../tests/fixtures/workers/test-worker.mjs');
const pool = new WorkerPool(script, { size: 1, resourceLimits: { maxOldGenerationSizeMb: 48 } });
afterAll(() => pool.close());

describe('worker pool', () => {
  it('runs a task in a thread, with progress and transferred buffers', async () => {
    const progress: number[] = [];
    const buffer = new ArrayBuffer(1024);
    const result = await pool.run(
      { op: 'echo', value: 'hello', buffer },
      { timeoutMs: 10_000, transferList: [buffer], onProgress: (p) => progress.push(p) },
    );
    expect(result).toEqual({ echoed: 'hello', bytes: 1024 });
    expect(progress).toEqual([50]);
    expect(buffer.byteLength).toBe(0);
  });

  it('terminates a task over its time budget and keeps serving', async () => {
    const started = Date.now();
    const error = await pool.run({ op: 'spin' }, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect((error as WorkerTaskError).message).toMatch(/longer than its 0.3 s budget/);
    expect((error as WorkerTaskError).permanent).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(pool.run({ op: 'echo', value: 1 }, { timeoutMs: 10_000 })).resolves.toEqual({
      echoed: 1,
      bytes: undefined,
    });
  });

  it('turns a crash, an error and running out of memory into task errors', async () => {
    await expect(pool.run({ op: 'exit' }, { timeoutMs: 10_000 })).rejects.toThrow(/exit code 3/);
    await expect(pool.run({ op: 'fail', message: 'bad file' }, { timeoutMs: 10_000 })).rejects.toThrow(
      'bad file',
    );
    const oom = await pool.run({ op: 'oom' }, { timeoutMs: 30_000 }).catch((e: unknown) => e);
    expect(oom).toBeInstanceOf(WorkerTaskError);
    expect((oom as WorkerTaskError).message).toMatch(/more memory/);
    await expect(pool.run({ op: 'echo', value: 2 }, { timeoutMs: 10_000 })).resolves.toMatchObject({
      echoed: 2,
    });
  });

  it('queues tasks beyond its size and runs them in turn', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((ms) => pool.run({ op: 'sleep', ms: ms * 20 }, { timeoutMs: 10_000 })),
    );
    expect(results).toEqual(['slept', 'slept', 'slept']);
  });
});
