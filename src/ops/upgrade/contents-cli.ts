/**
 * Prints the configured database's contents as JSON (server version, migration log, every table's
 * row count and per-column md5s; see table-contents.ts) without migrating it: what
 * scripts/make-upgrade-fixture.sh records in the fixture's manifest while the database is still the old
 * release's.
 */
import { runCli } from '@/server/cli';
import { openDatabase } from '@/server/db/client';

import { configuredPlace } from '../configured-place';
import { databaseContents } from './table-contents';

await runCli(async () => {
  const place = configuredPlace();
  const handle = await openDatabase(
    place.databaseUrl
      ? { url: place.databaseUrl, migrate: false, poolMax: 1 }
      : { dataDir: place.databaseDir, migrate: false },
  );
  try {
    const [{ server_version: serverVersion }] = (await handle.query<{ server_version: string }>(
      'SHOW server_version',
    )) as [{ server_version: string }];
    const migrations = await handle.query<{ hash: string; createdAt: string }>(
      'SELECT hash, created_at::text AS "createdAt" FROM drizzle.__drizzle_migrations ORDER BY id',
    );
    const tables = await databaseContents(handle);
    process.stdout.write(`${JSON.stringify({ serverVersion, migrations, tables })}\n`);
  } finally {
    await handle.close();
  }
});
