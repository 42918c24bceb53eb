import { describe, expect, it } from 'vitest';

import { ChunkLoadError, loadChunk } from './load-chunk';

describe('loadChunk', () => {
  it('gives what the load gives', async () => {
    await expect(loadChunk('panel', () => Promise.resolve(42))).resolves.toBe(42);
  });

  it('turns a failed load into the spec’s ChunkLoadError, keeping the cause', async () => {
    const cause = new Error('network');
    const error = await loadChunk('panel', () => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe('Loading chunk panel failed after 1 retries');
    expect((error as Error).cause).toBe(cause);
  });

  it('fails a load that does not answer within the timeout', async () => {
    const error = await loadChunk('panel', () => new Promise(() => {}), 20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(String((error as Error).cause)).toContain('no answer after 20 ms');
  });
});
