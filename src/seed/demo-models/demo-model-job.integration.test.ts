import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LengthUnit } from '@/features/geometry/analyze';
import { runAnalysisTask } from '@/features/geometry/server/analysis-task';
import { LocalFileStore } from '@/server/files/local-store';
import { startJobRunner, type JobRunner } from '@/server/jobs/runner';
import type { WorkerPool } from '@/server/jobs/worker-pool';
import { clearCatalog, seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { createDemoModelHandler, createDemoModelPool, demoModelJob } from './demo-model-job';
import { demoModelProgress } from './progress';

let t: TestDatabase;
let pool: WorkerPool;
let runner: JobRunner;
const models = 6;

beforeAll(async () => {
  t = await createTestDatabase();
  pool = createDemoModelPool(2);
  runner = startJobRunner({
    db: t.handle,
    pollMs: 50,
    concurrency: 2,
    handlers: {
      [demoModelJob]: createDemoModelHandler({ pool, db: t.handle, filesRoot: t.filesRoot, indexEvery: 4 }),
    },
  });
});
afterAll(async () => {
  await runner.stop();
  await pool.close();
  await t.cleanup();
});

interface Row {
  id: number;
  formats: string[];
  features: string[];
  poly_count: number | null;
  vertex_count: number | null;
  volume_mm3: number | null;
  watertight: boolean | null;
  pictures: string[];
}

const modelRows = () =>
  t.handle.query<Row>(
    `SELECT m.id, m.formats, m.features, m.poly_count, m.vertex_count, m.volume_mm3, m.watertight,
       array(SELECT p.storage_key FROM preview_images p WHERE p.model_id = m.id ORDER BY p.position) AS pictures
     FROM models m ORDER BY m.id`,
  );

describe('the demo catalogue’s procedural models (issue 28)', () => {
  it('claims no polygon count, no texture, rig or animation, and only formats it will write', async () => {
    await seedCatalog(t.handle, { models, filesRoot: t.filesRoot, meshes: true });
    const before = await modelRows();
    for (const row of before) {
      expect(row.poly_count).toBeNull();
      // A procedural mesh is one untextured, unrigged, still solid: none of the 3D models' features.
      expect(row.features).toEqual([]);
      expect(row.formats).toContain('stl');
      expect(row.formats.every((format) => ['stl', 'obj', '3mf', 'glb'].includes(format))).toBe(true);
    }
    expect((await demoModelProgress(t.handle)).total).toBe(models);
  });

  it('gives every model its mesh files, true figures, three rendered pictures and a fingerprint', async () => {
    runner.wake();
    await runner.idle();
    expect(await demoModelProgress(t.handle)).toMatchObject({
      total: models,
      done: models,
      failed: 0,
      waiting: 0,
    });
    const rows = await modelRows();
    const renders: string[] = [];
    for (const row of rows) {
      // The pictures the marketplace drew give way to the renders; a seller's own stay where they are.
      expect(row.pictures.some((key) => key.startsWith('previews/category/'))).toBe(false);
      const firstThree = row.pictures.slice(0, 3);
      const sellers = firstThree.filter((key) => !key.startsWith('previews/rendered/'));
      const rendered = firstThree.filter((key) => key.startsWith('previews/rendered/demo-'));
      expect(rendered.length + sellers.length).toBe(3);
      for (const key of rendered)
        expect(fs.existsSync(new LocalFileStore(t.filesRoot).path(`${key}-360.webp`))).toBe(true);
      for (const key of rendered)
        renders.push(
          fs.readFileSync(new LocalFileStore(t.filesRoot).path(`${key}-120.webp`)).toString('base64'),
        );
      expect(row.watertight).toBe(true);
      const files = await t.handle.query<{
        format: string;
        file_name: string;
        storage_key: string;
        unit: LengthUnit;
        viewer_key: string;
      }>(
        'SELECT format, file_name, storage_key, unit, viewer_key FROM model_files WHERE model_id = $1 ORDER BY id',
        [row.id],
      );
      expect(files.map((file) => file.format).sort()).toEqual([...row.formats].sort());
      // Every downloadable file, analysed afresh as an upload would be, gives the figures the page shows.
      for (const file of files) {
        // The files sold stay private; the viewer's copy is served to everyone (app/files' public folders).
        expect(file.storage_key).toMatch(/^demo-models\//);
        expect(file.viewer_key).toMatch(/^viewer\/.+\.bin\.gz$/);
        const unpacked = path.join(t.filesRoot, file.file_name);
        fs.writeFileSync(
          unpacked,
          gunzipSync(fs.readFileSync(new LocalFileStore(t.filesRoot).path(file.storage_key))),
        );
        const { figures } = await runAnalysisTask(
          {
            filePath: unpacked,
            fileName: file.file_name,
            unit: file.unit,
            maxBytes: 64 * 1024 * 1024,
            checkBudgetMs: 5_000,
          },
          () => {},
        );
        expect(figures.triangles, `${row.id} ${file.format}`).toBe(row.poly_count);
        expect(figures.watertight, `${row.id} ${file.format}`).toBe(true);
        expect(Math.abs(figures.volumeMm3 - row.volume_mm3!) / row.volume_mm3!).toBeLessThan(1e-3);
      }
    }
    // No two rendered pictures are the same picture.
    expect(renders.length).toBeGreaterThanOrEqual(models);
    expect(new Set(renders).size).toBe(renders.length);
    const [{ n: fingerprints } = { n: 0 }] = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM model_fingerprints',
    );
    expect(fingerprints).toBe(models);
    const [{ n: described } = { n: 0 }] = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM image_descriptors WHERE storage_key LIKE 'previews/rendered/demo-%'`,
    );
    expect(described).toBe(renders.length);
  }, 120_000);

  it('re-uses the stored work after a reseed', async () => {
    const first = await modelRows();
    await clearCatalog(t.handle);
    await seedCatalog(t.handle, { models, filesRoot: t.filesRoot, meshes: true });
    runner.wake();
    await runner.idle();
    const results = await t.handle.query<{ result: { reused: boolean } }>(
      `SELECT result FROM jobs WHERE kind = $1`,
      [demoModelJob],
    );
    expect(results).toHaveLength(models);
    expect(results.every((row) => row.result.reused)).toBe(true);
    expect(await modelRows()).toEqual(first);
  }, 60_000);
});
