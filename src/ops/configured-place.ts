import { env } from '@/env';

import type { DataPlace } from './backup/backup';

/**
 * Where this installation keeps its data, as the settings say: what backup reads and restore fills.
 * Only with the local file store: with FILE_STORE=s3 the files are in the bucket, which a backup of
 * DATA_DIR would silently leave out (decision 0061).
 */
export function configuredPlace(): DataPlace {
  if (env.FILE_STORE === 's3')
    throw new Error(
      `FILE_STORE=s3 keeps the files in the bucket "${env.s3.bucket}", which npm run backup and restore do not copy: back up the database with pg_dump and the bucket with its store's own versioning or replication.`,
    );
  return {
    dataDir: env.dataDir,
    databaseDir: env.databaseDir,
    filesDir: env.filesDir,
    databaseUrl: env.DATABASE_URL,
  };
}
