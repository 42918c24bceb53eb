/**
 * The file store: a local folder (DATA_DIR/files) by default, or an S3-compatible bucket with
 * FILE_STORE=s3 (decision 0061). Every feature reads and writes files through these functions. A
 * `root` given to one of them means a local folder at that path (tests, a seed into another folder);
 * without it, the configured store.
 */
import { env } from '@/env';

import type { FileStoreDriver } from './file-keys';
import { LocalFileStore } from './local-store';

export { FileNotFoundError, isValidFileKey } from './file-keys';
export type { FileStoreDriver } from './file-keys';

// On globalThis: the custom server and the app's bundle load this module separately, and must share one store.
const storeKey = Symbol.for('marketplace.fileStore');
const shared = globalThis as { [storeKey]?: Promise<FileStoreDriver> };

async function configuredStore(): Promise<FileStoreDriver> {
  if (env.FILE_STORE === 'local') return new LocalFileStore(env.filesDir);
  const { S3FileStore } = await import('./s3-store');
  return new S3FileStore(env.s3);
}

/** The process's store, as the settings say (or as `setFileStore` set it). */
export function getFileStore(): Promise<FileStoreDriver> {
  return (shared[storeKey] ??= configuredStore());
}

/** Makes `store` the process's store (tests); the next `getFileStore` returns it. */
export function setFileStore(store: FileStoreDriver | null): void {
  if (store) shared[storeKey] = Promise.resolve(store);
  else delete shared[storeKey];
}

function storeAt(root: string | undefined): Promise<FileStoreDriver> {
  return root === undefined ? getFileStore() : Promise.resolve(new LocalFileStore(root));
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
