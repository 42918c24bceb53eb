/**
 * The file store: a local folder (DATA_DIR/files) by default. Keys are relative POSIX paths such as
 * 'previews/aircraft-3-360.webp'; they are validated so that no key escapes the folder.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import { env } from '@/env';
import { AppError } from '@/server/errors';

const keyPattern = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function isValidFileKey(key: string): boolean {
  return key.length <= 300 && keyPattern.test(key) && !key.split('/').includes('..');
}

export function filePath(key: string, root = env.filesDir): string {
  if (!isValidFileKey(key)) throw new AppError('BAD_REQUEST', `Invalid file key: ${key}`);
  return path.join(root, ...key.split('/'));
}

export async function writeFile(key: string, data: Buffer, root = env.filesDir): Promise<void> {
  const target = filePath(key, root);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Unique per write: two writes of one key at once (in one process too) must not share a file.
  const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, target);
}

/** Writes chunks as they come to a temporary file, renamed into place at the end; nothing is left on failure. */
export async function writeFileFromChunks(
  key: string,
  chunks: AsyncIterable<Uint8Array>,
  root = env.filesDir,
): Promise<void> {
  const target = filePath(key, root);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Unique per write: two writes of one key at once (in one process too) must not share a file.
  const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
  const handle = await fs.open(temporary, 'w');
  try {
    for await (const chunk of chunks) await handle.write(chunk);
    await handle.close();
    await fs.rename(temporary, target);
  } catch (error) {
    await handle.close().catch(() => {});
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

export async function deleteFile(key: string, root = env.filesDir): Promise<void> {
  await fs.rm(filePath(key, root), { force: true });
}

export async function fileExists(key: string, root = env.filesDir): Promise<boolean> {
  try {
    await fs.access(filePath(key, root));
    return true;
  } catch {
    return false;
  }
}

/** The public URL of a stored file. */
export function fileUrl(key: string): string {
  return `/files/${key}`;
}
