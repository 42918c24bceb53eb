import fs from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';
import { demoMeshes } from '@/seed/demo-meshes';
import { LocalFileStore } from '@/server/files/local-store';
import { writeFile } from '@/server/files/store';
import { enqueueMeshAnalysis, meshAnalysisJob } from '@/server/jobs/kinds';
import { getJob } from '@/server/jobs/queue';
import { startJobRunner, type JobRunner } from '@/server/jobs/runner';
import type { WorkerPool } from '@/server/jobs/worker-pool';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { readTestMesh } from '../../../../tests/fixtures/test-meshes';
import { queueFingerprintBackfill } from './fingerprint-commands';
import { findFilesToFingerprint } from './fingerprint-repository';
import { createMeshAnalysisHandler, createMeshAnalysisPool } from './mesh-analysis-job';

let t: TestDatabase;
let pool: WorkerPool;
let runner: JobRunner;
const models = 200;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models, filesRoot: t.filesRoot });
  pool = createMeshAnalysisPool(1);
  runner = startJobRunner({
    db: t.handle,
    pollMs: 50,
    handlers: {
      [meshAnalysisJob]: createMeshAnalysisHandler({
        pool,
        db: t.handle,
        filesRoot: t.filesRoot,
        maxBytes: 1024 * 1024,
        timeoutMs: 60_000,
      }),
    },
  });
});
afterAll(async () => {
  await runner.stop();
  await pool.close();
  await t.cleanup();
});

async function addFile(modelId: number, fileName: string, data: Uint8Array, unit = 'mm') {
  const key = `models/m${modelId}/${fileName}`;
  await writeFile(key, Buffer.from(data), t.filesRoot);
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO model_files (model_id, file_name, format, size_bytes, storage_key, unit)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [modelId, fileName, fileName.split('.').pop(), data.length, key, unit],
  );
  return row!.id;
}

describe('mesh analysis jobs', () => {
  it('analyses the seed’s meshes in the background: figures, picture and 3D view', async () => {
    await runner.idle();
    const jobs = await t.handle.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM jobs WHERE kind = 'mesh_analysis' GROUP BY status`,
    );
    expect(jobs).toEqual([{ status: 'succeeded', n: demoMeshes.length }]);
    const [cube] = await t.handle.query<{
      id: number;
      title: string;
      volume_mm3: number;
      bbox_x_mm: number;
      poly_count: number;
      watertight: boolean;
      self_intersections: number;
      thin_wall_share: number;
      preview: string;
      viewer_key: string;
      triangles: number;
      updated_at: Date;
      published_at: Date;
    }>(
      `SELECT m.id, m.title, m.volume_mm3, m.bbox_x_mm, m.poly_count, m.watertight, m.self_intersections,
         m.thin_wall_share, p.storage_key AS preview, f.viewer_key, f.triangles, m.updated_at, m.published_at
       FROM models m JOIN model_files f ON f.model_id = m.id
       JOIN preview_images p ON p.model_id = m.id AND p.position = 0
       WHERE f.file_name = '20mm-xyz-cube.stl'`,
    );
    expect(cube).toMatchObject({ title: '20 mm XYZ calibration cube', poly_count: 260, triangles: 260 });
    expect(cube!.volume_mm3).toBeCloseTo(7938.68, 1);
    expect(cube!.bbox_x_mm).toBeCloseTo(20, 4);
    expect(cube!.watertight).toBe(true);
    expect(cube!.self_intersections).toBe(0);
    expect(cube!.thin_wall_share).toBeLessThan(0.01);
    expect(cube!.preview).toMatch(new RegExp(`^previews/rendered/m${cube!.id}-f1-[0-9a-f]{12}$`));
    expect(cube!.viewer_key).toMatch(/^viewer\/f1-[0-9a-f]{12}\.bin$/);
    expect(
      fs.statSync(new LocalFileStore(t.filesRoot).path(`${cube!.preview}-360.webp`)).size,
    ).toBeGreaterThan(1000);
    expect(fs.statSync(new LocalFileStore(t.filesRoot).path(cube!.viewer_key)).size).toBe(260 * 36);
    expect(cube!.updated_at.getTime()).toBeGreaterThan(cube!.published_at.getTime());

    // The seller's unit applies: the sphere's 2 units are centimetres, 20 mm across.
    const [sphere] = await t.handle.query<{ bbox_z_mm: number; unit: string }>(
      `SELECT m.bbox_z_mm, m.unit FROM models m JOIN model_files f ON f.model_id = m.id
       WHERE f.file_name = 'unit_sphere.STL'`,
    );
    expect(sphere).toMatchObject({ unit: 'cm' });
    expect(sphere!.bbox_z_mm).toBeCloseTo(20, 3);
    // The open teapot is not watertight.
    const [teapot] = await t.handle.query<{ watertight: boolean }>(
      `SELECT m.watertight FROM models m JOIN model_files f ON f.model_id = m.id WHERE f.file_name = 'teapot.stl'`,
    );
    expect(teapot!.watertight).toBe(false);
  });

  it('keeps a seller’s own picture and fills in a second file’s figures without changing the model', async () => {
    await t.handle.query(
      `UPDATE preview_images SET storage_key = 'previews/seller/m5' WHERE model_id = 5 AND position = 0`,
    );
    const first = await addFile(5, 'torus.stl', readTestMesh('torus.STL'));
    const second = await addFile(5, 'box.obj', readTestMesh('box.obj'));
    await enqueueMeshAnalysis(t.handle, first);
    await enqueueMeshAnalysis(t.handle, second);
    runner.wake();
    await runner.idle();
    const files = await t.handle.query<{ id: number; triangles: number; analysis: { volumeMm3: number } }>(
      'SELECT id, triangles, analysis FROM model_files WHERE model_id = 5 ORDER BY id',
    );
    expect(files.map((f) => f.triangles)).toEqual([8700, 12]);
    expect(files[1]!.analysis.volumeMm3).toBeCloseTo(8, 5);
    const [model] = await t.handle.query<{ poly_count: number; key: string }>(
      `SELECT m.poly_count, p.storage_key AS key FROM models m JOIN preview_images p ON p.model_id = m.id AND p.position = 0 WHERE m.id = 5`,
    );
    expect(model).toEqual({ poly_count: 8700, key: 'previews/seller/m5' });
  });

  it('fails a corrupt or oversized file for good, with the reason on the file', async () => {
    const corrupt = await addFile(
      6,
      'broken.stl',
      new TextEncoder().encode('solid x\nfacet normal 0 0 1\nouter loop\nvertex 1 2\n'),
    );
    const large = await addFile(6, 'large.stl', new Uint8Array(2 * 1024 * 1024));
    const corruptJob = await enqueueMeshAnalysis(t.handle, corrupt);
    const largeJob = await enqueueMeshAnalysis(t.handle, large);
    runner.wake();
    await runner.idle();
    expect(await getJob(t.handle, corruptJob!)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await getJob(t.handle, largeJob!)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringMatching(/over the 1 MB limit/),
    });
    const rows = await t.handle.query<{ file_name: string; analysis_error: string }>(
      'SELECT file_name, analysis_error FROM model_files WHERE model_id = 6 ORDER BY id',
    );
    expect(rows[0]!.analysis_error).toMatch(/^ASCII STL: /);
    expect(rows[1]!.analysis_error).toMatch(/2 MB, over the 1 MB limit/);
  });

  it('gives files analysed before fingerprints were kept a fingerprint, queued once, at start', async () => {
    await runner.idle();
    // Model 5's two files, analysed above, as an install from before migration 0034 would have them.
    await t.handle.query('DELETE FROM model_fingerprints WHERE model_id = 5');
    const files = await t.handle.query<{ id: number }>(
      'SELECT id FROM model_files WHERE model_id = 5 ORDER BY id',
    );
    expect(await findFilesToFingerprint()).toEqual(files.map((file) => file.id));
    const [before] = await t.handle.query<{ last: number }>('SELECT max(id)::int AS last FROM jobs');
    expect(await queueFingerprintBackfill(t.handle)).toBe(2);
    // A second start while they wait or run queues nothing new (whichever the runner has reached).
    await queueFingerprintBackfill(t.handle);
    const [queued] = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE id > $1 AND kind = 'mesh_analysis'
         AND (payload->>'modelFileId')::int = ANY($2)`,
      [before!.last, files.map((file) => file.id)],
    );
    expect(queued!.n).toBe(2);
    runner.wake();
    await runner.idle();
    const [stored] = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM model_fingerprints WHERE model_id = 5',
    );
    expect(stored!.n).toBe(2);
    expect(await findFilesToFingerprint()).toEqual([]);

    // A file whose new analysis failed for good is not queued at every start.
    await t.handle.query('DELETE FROM model_fingerprints WHERE model_id = 5');
    await t.handle.query(
      `INSERT INTO jobs (kind, payload, dedupe_key, status, max_attempts, run_after, created_at, updated_at)
       VALUES ('mesh_analysis', $1, $2, 'failed', 3, now(), now(), now())`,
      [JSON.stringify({ modelFileId: files[0]!.id }), `mesh_analysis:${files[0]!.id}`],
    );
    expect(await findFilesToFingerprint()).toEqual([files[1]!.id]);
  });
});
