/**
 * The embedded database (PGlite) in a backup: PGlite's own dump of its data folder (`dumpDataDir`, a
 * gzipped tarball) and `loadDataDir` to restore it into a new folder. The folder's lock is held
 * throughout, so the server must be stopped and the dump is consistent by itself.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { acquireDataDirLock, type DataDirLock } from '@/server/db/data-dir-lock';
import { pgliteExtensions } from '@/server/db/client';

import { sha256File } from './file-hash';
import type { TableStat } from './manifest';
import type { Progress } from './progress';
import { compareTableStats, statSettings, tableStats } from './table-stats';

export const pgliteArchiveFile = 'database.tar.gz';

async function readStats(
  client: PGlite,
  progress: Progress,
): Promise<{ stats: TableStat[]; serverVersion: string }> {
  return client.transaction(async (tx) => {
    for (const setting of statSettings) await tx.exec(setting);
    const query = async <T>(sqlText: string) => (await tx.query<T>(sqlText)).rows;
    const [version] = await query<{ server_version: string }>('SHOW server_version');
    const stats = await tableStats(query, (done, total, name) =>
      progress.count('tables checksummed', done, total, undefined, name),
    );
    return { stats, serverVersion: version!.server_version };
  });
}

export function hasPgliteDatabase(databaseDir: string): Promise<boolean> {
  return fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
}

/** The folder's lock, or a sentence saying to stop the server that holds it. */
function lockForBackup(databaseDir: string): DataDirLock {
  try {
    return acquireDataDirLock(databaseDir);
  } catch (error) {
    const holder = /in use by process (\d+)/.exec(error instanceof Error ? error.message : '');
    if (!holder) throw error;
    throw new Error(
      `The embedded database ${databaseDir} is in use by process ${holder[1]} (the server): stop it, back up, then start it again.`,
    );
  }
}

export async function dumpPglite(databaseDir: string, targetDir: string, progress: Progress) {
  if (!(await hasPgliteDatabase(databaseDir)))
    throw new Error(`There is no embedded database at ${databaseDir} (check DATA_DIR).`);
  const lock = lockForBackup(databaseDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({ dataDir: databaseDir, extensions: pgliteExtensions });
    progress.step('Counting rows and checksumming every table …');
    const { stats, serverVersion } = await readStats(client, progress);
    progress.step('Dumping the embedded database …');
    const tarball = await client.dumpDataDir('gzip');
    const file = path.join(targetDir, pgliteArchiveFile);
    await fs.writeFile(file, Buffer.from(await tarball.arrayBuffer()), { flag: 'wx' });
    const { size } = await fs.stat(file);
    return { file: pgliteArchiveFile, bytes: size, sha256: await sha256File(file), serverVersion, stats };
  } finally {
    await client?.close().catch(() => {});
    lock.release();
  }
}

/** Loads the tarball into `databaseDir` (which must hold no database) and checks every table against `expected`. */
export async function restorePglite(
  archive: string,
  databaseDir: string,
  expected: { stats: TableStat[]; serverVersion: string },
  progress: Progress,
): Promise<void> {
  const lock: DataDirLock = acquireDataDirLock(databaseDir);
  let client: PGlite | undefined;
  try {
    progress.step(`Loading the embedded database into ${databaseDir} …`);
    const tarball = new Blob([await fs.readFile(archive)], { type: 'application/x-gzip' });
    try {
      client = await PGlite.create({
        dataDir: databaseDir,
        loadDataDir: tarball,
        extensions: pgliteExtensions,
      });
    } catch (error) {
      throw new Error(
        `PGlite could not load the backup (made with PostgreSQL ${expected.serverVersion}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    progress.step('Checking every table against the manifest …');
    const { stats } = await readStats(client, progress);
    const problems = compareTableStats(expected.stats, stats);
    if (problems.length > 0)
      throw new Error(`The restored database differs from the backup: ${problems.join('; ')}`);
  } finally {
    await client?.close().catch(() => {});
    lock.release();
  }
}
