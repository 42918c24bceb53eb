import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inspectMesh } from '@/features/geometry/inspect';
import { parseStl } from '@/features/geometry/stl';
import { seedCatalog } from '@/seed/seed';

import { readTestMesh } from '../../../../../../../tests/fixtures/test-meshes';
import { createTestDatabase, type TestDatabase } from '../../../../../../../tests/setup/test-database';
import { GET } from './route';

let t: TestDatabase;
let modelId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 1, filesRoot: t.filesRoot });
  const [model] = await t.handle.query<{ id: number }>(
    `SELECT id FROM models WHERE status = 'published' LIMIT 1`,
  );
  modelId = model!.id;
});
afterAll(() => t.cleanup());

async function get(id: string) {
  const response = await GET(new Request(`http://localhost/api/internal/items/${id}/printability`), {
    params: Promise.resolve({ id }),
  });
  return { status: response.status, body: await response.json() };
}

describe('GET /api/internal/items/[id]/printability', () => {
  it('answers null before a mesh is analysed, then the stored report of the first analysed mesh', async () => {
    expect(await get(String(modelId))).toEqual({ status: 200, body: { data: null } });

    const analysis = inspectMesh(parseStl(readTestMesh('7_8ths_cube.stl')), 'mm');
    await t.handle.query(
      `INSERT INTO model_files (model_id, file_name, format, size_bytes, storage_key, unit, analysis)
       VALUES ($1, 'seven-eighths.stl', 'stl', 1284, 'models/x/seven-eighths.stl', 'mm', $2)`,
      [modelId, JSON.stringify(analysis)],
    );
    const { status, body } = await get(String(modelId));
    expect(status).toBe(200);
    expect(body.data.fileName).toBe('seven-eighths.stl');
    expect(body.data.overhangs.recommended).toMatchObject({ orientation: 'as_uploaded', supportAreaMm2: 0 });
    expect(body.data.overhangs.candidates).toHaveLength(6);
    expect(body.data.fits.length).toBeGreaterThanOrEqual(12);
    expect(body.data.fits[0]).toMatchObject({ fit: 'recommended', source: expect.stringMatching(/^https:/) });
    expect(body.data.walls).toMatchObject({ fdm: 'pass', resin: 'pass', smallestFeatureMm: null });
    // The print estimate at the default settings (decision 0056): the 40 mm cube, 0.2 mm layers.
    expect(body.data.printEstimate.quantities.volumeMm3).toBeCloseTo(56_000, -2);
    expect(body.data.printEstimate.estimates[0]).toMatchObject({ material: 'pla', layers: 200 });
    expect(Number.isInteger(body.data.printEstimate.estimates[0].costCents)).toBe(true);
  });

  it('is a 404 for a model that is not published, unknown, or not a number', async () => {
    await t.handle.query(`UPDATE models SET status = 'draft' WHERE id = $1`, [modelId]);
    for (const id of [String(modelId), '999999', 'abc', '0', '1.5', '99999999999'])
      expect((await get(id)).status).toBe(404);
    await t.handle.query(`UPDATE models SET status = 'published' WHERE id = $1`, [modelId]);
  });
});
