/**
 * Does image search find a demo model's family (issue 28)? For every 20th model with a rendered hero
 * picture, its 720-px picture is described and ranked against every described picture (brute force: the
 * listing's search probes the nearest cells of the same descriptors); prints how often the model itself
 * comes first and the share of its own family among the next 5 and 10 distinct models, beside chance.
 * `npx tsx scripts/image-search-families.ts <DATA_DIR>` on a data folder whose server is stopped,
 * e.g. one kept by `BENCH_KEEP_DATA=1 npm run bench -- demo-models`.
 */
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { computeDescriptor, descriptorDistance } from '@/server/images/descriptor';
import { familyChooser } from '@/seed/procedural/choose-family';
import { families } from '@/seed/procedural/families';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: npx tsx scripts/image-search-families.ts <DATA_DIR>');
  process.exit(2);
}
const db = new PGlite(path.join(dataDir, 'db'));
const models = (
  await db.query<{ id: number; title: string; path: string }>(
    'SELECT m.id, m.title, c.path FROM models m JOIN categories c ON c.id = m.category_id',
  )
).rows;
const chooser = familyChooser(families);
const family = new Map(models.map((m) => [m.id, chooser.choose(m.title, m.path, m.id).name]));
const modelOf = new Map(
  (
    await db.query<{ model_id: number; storage_key: string }>(
      'SELECT model_id, storage_key FROM preview_images',
    )
  ).rows.map((row) => [row.storage_key, row.model_id]),
);
const heroes = (
  await db.query<{ model_id: number; storage_key: string }>(
    `SELECT model_id, storage_key FROM preview_images
     WHERE position = 0 AND storage_key LIKE 'previews/rendered/demo-%' ORDER BY model_id`,
  )
).rows.filter((_, i) => i % 20 === 0);
const described = (
  await db.query<{ storage_key: string; descriptor: Uint8Array }>(
    'SELECT storage_key, descriptor FROM image_descriptors',
  )
).rows.map((row) => ({ key: row.storage_key, descriptor: new Uint8Array(row.descriptor) }));
await db.close();

const familySize = new Map<string, number>();
for (const name of family.values()) familySize.set(name, (familySize.get(name) ?? 0) + 1);
let selfFirst = 0;
const same = { top5: 0, top10: 0, chance: 0 };
for (const hero of heroes) {
  const descriptor = await computeDescriptor(path.join(dataDir, 'files', `${hero.storage_key}-720.webp`));
  const ranked = described
    .map((entry) => ({ key: entry.key, distance: descriptorDistance(descriptor, entry.descriptor) }))
    .sort((a, b) => a.distance - b.distance);
  const found: number[] = [];
  for (const { key } of ranked) {
    const model = modelOf.get(key);
    if (model !== undefined && !found.includes(model)) found.push(model);
    if (found.length > 10) break;
  }
  if (found[0] === hero.model_id) selfFirst++;
  const own = family.get(hero.model_id)!;
  const others = found.filter((model) => model !== hero.model_id).slice(0, 10);
  others.forEach((model, i) => {
    if (family.get(model) !== own) return;
    if (i < 5) same.top5++;
    same.top10++;
  });
  same.chance += (familySize.get(own)! - 1) / (models.length - 1);
}
const share = (n: number, of: number) => `${Math.round((1000 * n) / of) / 10} %`;
console.log(`${heroes.length} models searched with their own hero picture`);
console.log(`the model itself first: ${selfFirst} (${share(selfFirst, heroes.length)})`);
console.log(
  `its family among the next 5 models: ${share(same.top5, 5 * heroes.length)}; among the next 10: ${share(same.top10, 10 * heroes.length)}`,
);
console.log(`its family by chance: ${share(same.chance, heroes.length)}`);
