/**
 * A backup: the database first (PGlite's dump, or pg_dump on one snapshot), then the file store, so
 * that every file the dumped rows name is in the backup (files only appear before the rows that name
 * them); then DATA_DIR/auth-secret; the manifest last.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import { copyFilesToBackup } from './file-store';
import { copyAndHash } from './file-hash';
import { authSecretFile, filesFolder, writeManifest, type Manifest } from './manifest';
import { dumpPglite } from './pglite-archive';
import { dumpPostgres } from './postgres-archive';
import { formatBytes, type Progress } from './progress';

export interface DataPlace {
  /** DATA_DIR */
  dataDir: string;
  /** DATA_DIR/db, used without a database URL */
  databaseDir: string;
  /** DATA_DIR/files */
  filesDir: string;
  /** DATABASE_URL */
  databaseUrl?: string;
}

export async function backup(place: DataPlace, targetDir: string, progress: Progress): Promise<Manifest> {
  const created = await prepareEmptyFolder(targetDir);
  try {
    const database = place.databaseUrl
      ? { kind: 'postgres' as const, ...(await dumpPostgres(place.databaseUrl, targetDir, progress)) }
      : { kind: 'pglite' as const, ...(await dumpPglite(place.databaseDir, targetDir, progress)) };
    progress.step(`  database: ${formatBytes(database.bytes)}`);
    progress.step(`Copying the file store ${place.filesDir} …`);
    const files = await copyFilesToBackup(place.filesDir, path.join(targetDir, filesFolder), progress);
    const authSecret = await copyAuthSecret(place.dataDir, targetDir);
    const { stats, ...databaseEntry } = database;
    const manifest: Manifest = {
      format: 'meshbay-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: databaseEntry,
      tables: stats,
      files,
      authSecret,
    };
    await writeManifest(targetDir, manifest);
    return manifest;
  } catch (error) {
    // An unfinished backup must not look like one: it has no manifest, and what it wrote goes.
    if (created) await fs.rm(targetDir, { recursive: true, force: true });
    else await emptyFolder(targetDir);
    throw error;
  }
}

/** Makes `dir` if needed; refuses one with anything in it. Returns whether it was made. */
async function prepareEmptyFolder(dir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.mkdir(dir, { recursive: true });
    return true;
  }
  if (entries.length > 0)
    throw new Error(
      `The backup folder ${dir} is not empty: give a new or empty folder (a backup never overwrites one).`,
    );
  return false;
}

async function emptyFolder(dir: string): Promise<void> {
  for (const entry of await fs.readdir(dir).catch(() => [])) {
    await fs.rm(path.join(dir, entry), { recursive: true, force: true });
  }
}

async function copyAuthSecret(dataDir: string, targetDir: string): Promise<Manifest['authSecret']> {
  try {
    const { sha256 } = await copyAndHash(
      path.join(dataDir, authSecretFile),
      path.join(targetDir, authSecretFile),
    );
    await fs.chmod(path.join(targetDir, authSecretFile), 0o600);
    return { sha256 };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The size of everything in a backup folder. */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { recursive: true })) {
    const stat = await fs.lstat(path.join(dir, entry));
    if (stat.isFile()) total += stat.size;
  }
  return total;
}
