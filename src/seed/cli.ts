/**
 * `npm run seed [-- --models N] [--reset] [--meshes | --no-meshes]`: builds the demo catalogue in the
 * configured database. Procedural meshes (issue 28) are queued by default up to 20,000 models.
 * Exits by itself (closes the client) and with a non-zero status and a one-line reason on failure.
 */
import { parseArgs } from 'node:util';

import { env } from '@/env';
import { runCli } from '@/server/cli';
import { getDatabase } from '@/server/db/client';

import { proceduralMeshLimit } from '@/seed/demo-models/seed-models';
import { clearCatalog, countModels, seedCatalog } from '@/seed/seed';

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      models: { type: 'string' },
      reset: { type: 'boolean', default: false },
      meshes: { type: 'boolean' },
      'no-meshes': { type: 'boolean' },
    },
  });
  const models = values.models === undefined ? env.SEED_MODELS : Number(values.models.replace(/[_,]/g, ''));
  if (!Number.isInteger(models) || models < 1 || models > 10_000_000) {
    throw new Error(`--models must be a whole number from 1 to 10000000 (got "${values.models}")`);
  }
  const handle = await getDatabase();
  const existing = await countModels(handle);
  if (existing > 0 && !values.reset) {
    console.log(
      `The catalogue already has ${existing.toLocaleString('en-US')} models; nothing to do (use --reset to rebuild it).`,
    );
    return;
  }
  if (values.reset) await clearCatalog(handle);
  console.log(
    `Seeding ${models.toLocaleString('en-US')} models into ${handle.kind === 'pglite' ? env.databaseDir : 'PostgreSQL'} …`,
  );
  const meshes = values['no-meshes'] ? false : (values.meshes ?? models <= proceduralMeshLimit);
  const summary = await seedCatalog(handle, {
    models,
    meshes,
    onProgress: (message) => console.log(`  ${message}`),
  });
  console.log(
    `Seeded ${summary.models.toLocaleString('en-US')} models, ${summary.designers.toLocaleString('en-US')} designers and ${summary.categories} categories in ${summary.seconds} s.`,
  );
});
