/**
 * The file store's side of a backup: every file under DATA_DIR/files (previews, avatars, user
 * pictures, model files, attachments, renders), copied with its sha256 into the backup, and back.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import { isValidFileKey } from '@/server/files/store';

import { copyAndHash, sha256File } from './file-hash';
import type { StoredFile } from './manifest';
import type { Progress } from './progress';

/** A write in progress (store.ts writes `<name>.<pid>.tmp` and renames it): not a stored file yet. */
const inProgressWrite = /\.\d+\.tmp$/;

/** The relative paths of the files under `root` (POSIX separators), sorted; none when the folder does not exist. */
export async function listFileKeys(root: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await fs.readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const keys: string[] = [];
  for (const entry of entries) {
    const key = entry.split(path.sep).join('/');
    if (inProgressWrite.test(key)) continue;
    const stat = await fs.lstat(path.join(root, entry));
    if (!stat.isFile()) continue;
    keys.push(key);
  }
  return keys.sort();
}

const keyPath = (root: string, key: string) => path.join(root, ...key.split('/'));

export async function copyFilesToBackup(
  filesRoot: string,
  target: string,
  progress: Progress,
): Promise<StoredFile[]> {
  const listed = await listFileKeys(filesRoot);
  // The store only writes valid keys: anything else (an editor's backup, lost+found) no row can name.
  const keys = listed.filter(isValidFileKey);
  for (const key of listed.filter((key) => !isValidFileKey(key)))
    progress.step(`  skipped ${path.join(filesRoot, key)}: not a stored file's name`);
  const stored: StoredFile[] = [];
  let bytes = 0;
  for (const key of keys) {
    try {
      const copied = await copyAndHash(keyPath(filesRoot, key), keyPath(target, key));
      stored.push({ key, ...copied });
      bytes += copied.bytes;
    } catch (error) {
      // Deleted since it was listed (a draft's file, a replaced picture): no longer part of the store.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(await exists(keyPath(filesRoot, key))))
        continue;
      throw error;
    }
    progress.count('files copied', stored.length, keys.length, bytes);
  }
  if (keys.length === 0) progress.step('  no stored files');
  return stored;
}

/** Checks every file of the backup against the manifest before anything is restored. */
export async function verifyBackupFiles(
  source: string,
  files: StoredFile[],
  progress: Progress,
): Promise<void> {
  let done = 0;
  let bytes = 0;
  for (const file of files) {
    const location = keyPath(source, file.key);
    let sha256: string;
    try {
      sha256 = await sha256File(location);
    } catch {
      throw new Error(`The backup lacks the file ${location} listed in its manifest.`);
    }
    if (sha256 !== file.sha256)
      throw new Error(`The file ${location} does not match the manifest's sha256: the backup is damaged.`);
    bytes += file.bytes;
    progress.count('files verified', ++done, files.length, bytes);
  }
}

/** Copies the backup's files into `target` (a new folder), checking each copy's hash again. */
export async function copyFilesFromBackup(
  source: string,
  target: string,
  files: StoredFile[],
  progress: Progress,
): Promise<void> {
  await fs.mkdir(target, { recursive: true });
  let done = 0;
  let bytes = 0;
  for (const file of files) {
    if (!isValidFileKey(file.key)) throw new Error(`The manifest lists an invalid file key: ${file.key}`);
    const copied = await copyAndHash(keyPath(source, file.key), keyPath(target, file.key));
    if (copied.sha256 !== file.sha256) throw new Error(`The file ${file.key} changed while it was restored.`);
    bytes += copied.bytes;
    progress.count('files restored', ++done, files.length, bytes);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
