/**
 * A restore, into an empty place only: the backup is checked against its manifest first (every hash),
 * the files are staged beside the file store, the database is loaded and every table compared with the
 * manifest, and only then do the files take their place. A failed load leaves the target as empty as it was.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import type { DataPlace } from './backup';
import { sha256File } from './file-hash';
import { copyFilesFromBackup, listFileKeys, verifyBackupFiles } from './file-store';
import { authSecretFile, filesFolder, readManifest, type Manifest } from './manifest';
import { hasPgliteDatabase, restorePglite } from './pglite-archive';
import { postgresTables, restorePostgres } from './postgres-archive';
import type { Progress } from './progress';

export async function restore(place: DataPlace, sourceDir: string, progress: Progress): Promise<Manifest> {
  const manifest = await readManifest(sourceDir);
  const kind = place.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new Error(
      manifest.database.kind === 'pglite'
        ? 'This backup is of the embedded database (PGlite): restore it without DATABASE_URL set.'
        : 'This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.',
    );
  await refuseNonEmptyTarget(place);

  progress.step(`Verifying the backup ${sourceDir} against its manifest …`);
  const archive = path.join(sourceDir, manifest.database.file);
  await verifyHash(archive, manifest.database.sha256);
  await verifyBackupFiles(path.join(sourceDir, filesFolder), manifest.files, progress);
  if (manifest.authSecret) await verifyHash(path.join(sourceDir, authSecretFile), manifest.authSecret.sha256);

  progress.step(`Restoring ${manifest.files.length.toLocaleString('en-US')} files …`);
  await fs.mkdir(place.dataDir, { recursive: true });
  const staging = `${place.filesDir}.restoring-${process.pid}`;
  await fs.rm(staging, { recursive: true, force: true });
  try {
    await copyFilesFromBackup(path.join(sourceDir, filesFolder), staging, manifest.files, progress);
    const expected = { stats: manifest.tables, ...manifest.database };
    if (place.databaseUrl) await restorePostgres(archive, place.databaseUrl, expected, progress);
    else {
      try {
        await restorePglite(archive, place.databaseDir, expected, progress);
      } catch (error) {
        await fs.rm(place.databaseDir, { recursive: true, force: true });
        throw error;
      }
    }
    await fs.rm(place.filesDir, { recursive: true, force: true });
    await fs.rename(staging, place.filesDir);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
  if (manifest.authSecret)
    await fs.copyFile(path.join(sourceDir, authSecretFile), path.join(place.dataDir, authSecretFile));
  return manifest;
}

async function verifyHash(file: string, sha256: string): Promise<void> {
  let actual: string;
  try {
    actual = await sha256File(file);
  } catch {
    throw new Error(`The backup lacks ${file}, listed in its manifest.`);
  }
  if (actual !== sha256)
    throw new Error(`${file} does not match the manifest's sha256: the backup is damaged.`);
}

/** A restore never merges into existing data: the database, the file store and the signing key must be absent. */
async function refuseNonEmptyTarget(place: DataPlace): Promise<void> {
  const found: string[] = [];
  if (place.databaseUrl) {
    const tables = await postgresTables(place.databaseUrl);
    if (tables.length > 0) found.push(`the database of DATABASE_URL has ${tables.length} tables`);
  } else if (await hasPgliteDatabase(place.databaseDir)) found.push(`${place.databaseDir} holds a database`);
  const files = await listFileKeys(place.filesDir);
  if (files.length > 0) found.push(`${place.filesDir} holds ${files.length} files`);
  const secret = await fs.stat(path.join(place.dataDir, authSecretFile)).catch(() => null);
  if (secret) found.push(`${path.join(place.dataDir, authSecretFile)} exists`);
  if (found.length > 0)
    throw new Error(
      `Refusing to restore into a place that is not empty: ${found.join('; ')}. Restore into a new DATA_DIR${place.databaseUrl ? ' and a new, empty database (createdb)' : ''}, or move the old data away first.`,
    );
}
