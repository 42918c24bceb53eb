/** `npm run db:migrate`: applies pending migrations to the configured database, then exits. */
import { env } from '@/env';
import { runCli } from '@/server/cli';
import { getDatabase } from '@/server/db/client';

await runCli(async () => {
  const handle = await getDatabase();
  console.log(`Migrations applied (${handle.kind === 'pglite' ? env.databaseDir : 'PostgreSQL'}).`);
});
