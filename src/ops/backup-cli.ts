/**
 * `npm run backup -- DIR`: the database (the embedded one under DATA_DIR, or DATABASE_URL's with
 * pg_dump) and the file store into DIR, a new or empty folder, with manifest.json. Progress on
 * stderr, a summary on stdout; exit status 1 with a one-line reason on failure. The embedded database
 * is backed up with the server stopped (it holds the folder's lock); PostgreSQL's while it serves.
 */
import path from 'node:path';

import { runCli } from '@/server/cli';

import { backup, folderBytes } from './backup/backup';
import { formatBytes, stderrProgress } from './backup/progress';
import { configuredPlace } from './configured-place';
import { folderArgument } from './folder-argument';

await runCli(async () => {
  const dir = path.resolve(folderArgument('backup'));
  const started = Date.now();
  const manifest = await backup(configuredPlace(), dir, stderrProgress());
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backed up ${manifest.tables.length} tables (${rows.toLocaleString('en-US')} rows) and ${manifest.files.length.toLocaleString('en-US')} files into ${dir}: ${formatBytes(await folderBytes(dir))} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
});
