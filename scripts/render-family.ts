/**
 * Renders a procedural family's objects for a look (issue 28):
 * `npx tsx scripts/render-family.ts <family> [seeds=1,2,3] [out=/tmp]` writes <out>/<family>-<seed>.png.
 */
import fs from 'node:fs';
import path from 'node:path';

import { encodePreviewPng, renderMeshPreview } from '@/features/geometry/preview';
import { Random } from '@/lib/random';
import { familyNamed } from '@/seed/procedural/families';
import { checkSolid, toTriangleMesh } from '@/seed/procedural/solid';

const [name, seedList = '1,2,3', out = '/tmp'] = process.argv.slice(2);
const family = name ? familyNamed(name) : undefined;
if (!family) {
  console.error('usage: npx tsx scripts/render-family.ts <family> [seeds] [out]');
  process.exit(2);
}
for (const seed of seedList.split(',').map(Number)) {
  const started = performance.now();
  const solid = family.build(new Random(seed));
  const built = performance.now() - started;
  const png = await encodePreviewPng(renderMeshPreview(toTriangleMesh(solid), { width: 480, height: 360 }));
  const file = path.join(out, `${family.name}-${seed}.png`);
  fs.writeFileSync(file, png);
  console.log(`${file}: ${checkSolid(solid).triangles} triangles, built in ${Math.round(built)} ms`);
}
