/** Keys of the file store: relative POSIX paths such as 'previews/aircraft-3-360.webp'. */
import { AppError } from '@/server/errors';

const keyPattern = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** No key may leave its folder (local store) or its bucket's prefix (S3). */
export function isValidFileKey(key: string): boolean {
  return key.length <= 300 && keyPattern.test(key) && !key.split('/').includes('..');
}

export function checkedFileKey(key: string): string {
  if (!isValidFileKey(key)) throw new AppError('BAD_REQUEST', `Invalid file key: ${key}`);
  return key;
}

/** Where a key's file is stored, by the store that keeps it. */
export interface FileStoreDriver {
  readonly kind: 'local' | 's3';
  /** Fails with a message that names the folder or bucket when the store cannot be used (at start). */
  check(): Promise<void>;
  write(key: string, data: Buffer): Promise<void>;
  /** Nothing of the file is visible under `key` unless every chunk arrived. */
  writeChunks(key: string, chunks: AsyncIterable<Uint8Array>): Promise<void>;
  /** Rejects with a `FileNotFoundError` when there is no such file. */
  read(key: string): Promise<Buffer>;
  readStream(key: string): Promise<NodeJS.ReadableStream>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Runs `work` with the path of a local file holding the key's content (a worker thread reads it). */
  withLocalPath<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T>;
  /**
   * A short-lived address at which the browser downloads the file straight from the store, saved as
   * `fileName`; null when the store has none (the app then sends the file itself).
   */
  signedDownloadUrl(key: string, fileName: string, seconds: number): Promise<string | null>;
}

export class FileNotFoundError extends Error {
  override name = 'FileNotFoundError';
  constructor(key: string) {
    super(`No stored file ${key}`);
  }
}
