import { env } from '@/env';

import type { DataPlace } from './backup/backup';

/** Where this installation keeps its data, as the settings say: what backup reads and restore fills. */
export function configuredPlace(): DataPlace {
  return {
    dataDir: env.dataDir,
    databaseDir: env.databaseDir,
    filesDir: env.filesDir,
    databaseUrl: env.DATABASE_URL,
  };
}
