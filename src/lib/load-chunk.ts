/**
 * Code loaded on demand (spec §7, §8). The bundler's runtime fetches the chunk and, when that fails,
 * tries once more after 200–600 ms (Turbopack; decision 0013); a chunk still missing then fails with
 * the spec's `ChunkLoadError`.
 */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export async function loadChunk<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (cause) {
    throw new ChunkLoadError(`Loading chunk ${name} failed after 1 retries`, { cause });
  }
}
