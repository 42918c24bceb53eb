/**
 * Code loaded on demand (spec §7, §8). The bundler's runtime fetches the chunk and, when that fails,
 * tries once more after 200–600 ms with a cache-busting query (`chunk-retry.ts`, decision 0027); a
 * chunk still missing then, or not there after 120 s, fails with the spec's `ChunkLoadError`.
 */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export const chunkTimeoutMs = 120_000;

export async function loadChunk<T>(
  name: string,
  load: () => Promise<T>,
  timeoutMs: number = chunkTimeoutMs,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (cause) {
    throw new ChunkLoadError(`Loading chunk ${name} failed after 1 retries`, { cause });
  } finally {
    clearTimeout(timer);
  }
}
