/**
 * The file store: a local folder (DATA_DIR/files) by default, or an S3-compatible bucket with
 * FILE_STORE=s3 (decision 0061). Every feature reads and writes files through these functions. A
 * `root` given to one of them means a local folder at that path (tests, a seed into another folder);
 * without it, the configured store. Every store handed out counts and times its driver's operations
 * for /metrics (decision 0051).
 */
import { env } from '@/env';
import { metrics } from '@/server/metrics/registry';

import { FileNotFoundError, type FileStoreDriver } from './file-keys';
import { LocalFileStore } from './local-store';

export { FileNotFoundError, isValidFileKey } from './file-keys';
export type { FileStoreDriver } from './file-keys';

type Outcome = 'ok' | 'missing' | 'error';

/** A driver whose operations are counted and timed by outcome, here rather than in each driver. */
class MeasuredFileStore implements FileStoreDriver {
  readonly kind: FileStoreDriver['kind'];

  constructor(private readonly driver: FileStoreDriver) {
    this.kind = driver.kind;
  }

  private record(operation: string, outcome: Outcome, startedMs: number): void {
    const { fileStoreOperations, fileStoreDuration } = metrics();
    fileStoreOperations.inc({ driver: this.kind, operation, outcome });
    fileStoreDuration.observe({ driver: this.kind, operation }, (performance.now() - startedMs) / 1000);
  }

  private failed(operation: string, error: unknown, startedMs: number): never {
    this.record(operation, error instanceof FileNotFoundError ? 'missing' : 'error', startedMs);
    throw error;
  }

  private async measure<T>(operation: string, run: () => Promise<T>): Promise<T> {
    const startedMs = performance.now();
    try {
      const result = await run();
      this.record(operation, 'ok', startedMs);
      return result;
    } catch (error) {
      return this.failed(operation, error, startedMs);
    }
  }

  check(): Promise<void> {
    return this.measure('check', () => this.driver.check());
  }

  write(key: string, data: Buffer): Promise<void> {
    return this.measure('write', () => this.driver.write(key, data));
  }

  writeChunks(key: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    return this.measure('write_chunks', () => this.driver.writeChunks(key, chunks));
  }

  read(key: string): Promise<Buffer> {
    return this.measure('read', () => this.driver.read(key));
  }

  /** Until the stream is open (the object's first bytes on their way), not the whole transfer. */
  readStream(key: string): Promise<NodeJS.ReadableStream> {
    return this.measure('stream', () => this.driver.readStream(key));
  }

  exists(key: string): Promise<boolean> {
    return this.measure('exists', () => this.driver.exists(key));
  }

  delete(key: string): Promise<void> {
    return this.measure('delete', () => this.driver.delete(key));
  }

  /** Until the path is lent (S3: the object downloaded); `work` and its failures are not the store's. */
  async withLocalPath<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T> {
    const startedMs = performance.now();
    let lent = false;
    try {
      return await this.driver.withLocalPath(key, (localPath) => {
        lent = true;
        this.record('local_path', 'ok', startedMs);
        return work(localPath);
      });
    } catch (error) {
      if (lent) throw error;
      return this.failed('local_path', error, startedMs);
    }
  }

  signedDownloadUrl(key: string, fileName: string, seconds: number): Promise<string | null> {
    return this.measure('presign', () => this.driver.signedDownloadUrl(key, fileName, seconds));
  }
}

// On globalThis: the custom server and the app's bundle load this module separately, and must share one store.
const storeKey = Symbol.for('marketplace.fileStore');
const shared = globalThis as { [storeKey]?: Promise<FileStoreDriver> };

async function configuredStore(): Promise<FileStoreDriver> {
  if (env.FILE_STORE === 'local') return new MeasuredFileStore(new LocalFileStore(env.filesDir));
  const { S3FileStore } = await import('./s3-store');
  return new MeasuredFileStore(new S3FileStore(env.s3));
}

/** The process's store, as the settings say (or as `setFileStore` set it). */
export function getFileStore(): Promise<FileStoreDriver> {
  return (shared[storeKey] ??= configuredStore());
}

/** Makes `store` the process's store (tests); the next `getFileStore` returns it, measured. */
export function setFileStore(store: FileStoreDriver | null): void {
  if (store) shared[storeKey] = Promise.resolve(new MeasuredFileStore(store));
  else delete shared[storeKey];
}

function storeAt(root: string | undefined): Promise<FileStoreDriver> {
  return root === undefined
    ? getFileStore()
    : Promise.resolve(new MeasuredFileStore(new LocalFileStore(root)));
}

export async function writeFile(key: string, data: Buffer, root?: string): Promise<void> {
  await (await storeAt(root)).write(key, data);
}

/** Writes chunks as they come; nothing is stored under `key` unless all of them arrived. */
export async function writeFileFromChunks(
  key: string,
  chunks: AsyncIterable<Uint8Array>,
  root?: string,
): Promise<void> {
  await (await storeAt(root)).writeChunks(key, chunks);
}

/** Rejects with `FileNotFoundError` when the key has no file. */
export async function readFile(key: string, root?: string): Promise<Buffer> {
  return (await storeAt(root)).read(key);
}

export async function readFileStream(key: string, root?: string): Promise<NodeJS.ReadableStream> {
  return (await storeAt(root)).readStream(key);
}

export async function deleteFile(key: string, root?: string): Promise<void> {
  await (await storeAt(root)).delete(key);
}

export async function fileExists(key: string, root?: string): Promise<boolean> {
  return (await storeAt(root)).exists(key);
}

/** Runs `work` with a local path of the key's file (for code that reads paths: worker threads, sharp). */
export async function withLocalFile<T>(
  key: string,
  work: (localPath: string) => Promise<T>,
  root?: string,
): Promise<T> {
  return (await storeAt(root)).withLocalPath(key, work);
}

/** The public URL of a stored file. */
export function fileUrl(key: string): string {
  return `/files/${key}`;
}
