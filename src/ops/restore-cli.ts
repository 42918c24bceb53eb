/**
 * `npm run restore -- DIR`: a backup made by `npm run backup` into the configured place — DATA_DIR
 * (embedded database and file store), or DATABASE_URL's database and DATA_DIR's file store — which
 * must be empty. Every hash is checked before, and every table after, the restore.
 */
import path from 'node:path';

import { runCli } from '@/server/cli';

import { restore } from './backup/restore';
import { stderrProgress } from './backup/progress';
import { configuredPlace } from './configured-place';
import { folderArgument } from './folder-argument';

await runCli(async () => {
  const dir = path.resolve(folderArgument('restore'));
  const started = Date.now();
  const manifest = await restore(configuredPlace(), dir, stderrProgress());
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored ${manifest.tables.length} tables (${rows.toLocaleString('en-US')} rows, all checked) and ${manifest.files.length.toLocaleString('en-US')} files from the backup of ${manifest.createdAt} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
});
