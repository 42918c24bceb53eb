/**
 * PGlite allows one process per data folder. This lock file says which process holds it; a lock left
 * by a process that no longer runs (SIGKILL, power loss) is taken over, so a stale lock never blocks.
 */
import fs from 'node:fs';
import path from 'node:path';

import { AppError } from '@/server/errors';

export interface DataDirLock {
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch {
    throw new AppError(
      'CONFIGURATION',
      `The data folder ${dataDir} is not writable: set DATA_DIR to a writable folder.`,
    );
  }
  const lockPath = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return { release: () => releaseLock(lockPath) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new AppError(
          'CONFIGURATION',
          `Cannot write the lock file ${lockPath}: set DATA_DIR to a writable folder.`,
        );
      }
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (holder === process.pid || !isRunning(holder)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      throw new AppError(
        'CONFIGURATION',
        `The embedded database ${dataDir} is in use by process ${holder}: stop it first, or set DATA_DIR to another folder.`,
      );
    }
  }
  throw new AppError('CONFIGURATION', `Cannot take the lock ${lockPath}.`);
}

function releaseLock(lockPath: string): void {
  try {
    if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid))
      fs.rmSync(lockPath, { force: true });
  } catch {
    // Already gone: nothing to release.
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
