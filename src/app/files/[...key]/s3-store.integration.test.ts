/**
 * The marketplace with its files in an S3-compatible bucket (FILE_STORE=s3, decision 0061), on a server
 * the test starts itself: the seed's pictures and meshes written there, public files served from it, a
 * mesh analysed from it, an AR file made from its viewer copy, a bought file downloaded through a
 * presigned address, and a slicer's copy sent through the app.
 */
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as getDownloadRoute } from '@/app/api/internal/downloads/[fileId]/route';
import { GET as getSlicerFile } from '@/app/api/internal/slicer_files/[fileId]/[token]/[fileName]/route';
import {
  createMeshAnalysisHandler,
  createMeshAnalysisPool,
} from '@/features/geometry/server/mesh-analysis-job';
import { downloadFreeModel } from '@/features/orders/server/free-download-commands';
import { demoMeshes, firstDemoMeshId } from '@/seed/demo-meshes';
import { seedCatalog } from '@/seed/seed';
import { createSession } from '@/server/auth/session';
import { S3FileStore } from '@/server/files/s3-store';
import { fileExists, getFileStore, readFile, setFileStore } from '@/server/files/store';
import type { WorkerPool } from '@/server/jobs/worker-pool';

import { startS3Server, type TestS3Server } from '../../../../tests/fixtures/s3-server';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { GET as getPublicFile } from './route';

let s3: TestS3Server;
let t: TestDatabase;
let store: S3FileStore;
let pool: WorkerPool;
const models = 120;
const meshModelId = firstDemoMeshId(models);

beforeAll(async () => {
  s3 = await startS3Server();
  store = new S3FileStore(s3.settings);
  setFileStore(store);
  t = await createTestDatabase();
  // No `filesRoot`: everything goes to the configured store.
  await seedCatalog(t.handle, { models });
  pool = createMeshAnalysisPool(1);
});
afterAll(async () => {
  setFileStore(null);
  await pool.close();
  await t.cleanup();
  await s3.close();
});

describe('the marketplace with its files in the bucket', () => {
  it('keeps the seed’s pictures and meshes in the bucket and serves public ones from it', async () => {
    expect((await getFileStore()).kind).toBe('s3');
    expect(fs.readdirSync(t.filesRoot)).toEqual([]);
    const [preview] = await t.handle.query<{ storage_key: string }>(
      `SELECT storage_key FROM preview_images ORDER BY model_id, position LIMIT 1`,
    );
    const key = `${preview!.storage_key}-360.webp`;
    expect(await store.exists(key)).toBe(true);
    const response = await getPublicFile(new Request(`http://localhost/files/${key}`), {
      params: Promise.resolve({ key: key.split('/') }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await response.arrayBuffer()).equals(await store.read(key))).toBe(true);
    const missing = await getPublicFile(new Request('http://localhost/files/previews/none-360.webp'), {
      params: Promise.resolve({ key: ['previews', 'none-360.webp'] }),
    });
    expect(missing.status).toBe(404);
  });

  it('analyses a mesh read from the bucket, stores its viewer copy there and makes its AR file from it', async () => {
    const [file] = await t.handle.query<{ id: number; storage_key: string }>(
      `SELECT id, storage_key FROM model_files WHERE model_id = $1`,
      [meshModelId],
    );
    const handler = createMeshAnalysisHandler({ pool, db: t.handle, timeoutMs: 60_000 });
    const job = {
      id: 1,
      kind: 'mesh_analysis',
      payload: { modelFileId: file!.id },
      attempt: 1,
      maxAttempts: 1,
    };
    const result = await handler(job, { reportProgress: async () => {} });
    expect(result).toMatchObject({ triangles: expect.any(Number) as number });
    const [analysed] = await t.handle.query<{ viewer_key: string }>(
      `SELECT viewer_key FROM model_files WHERE id = $1`,
      [file!.id],
    );
    expect(await fileExists(analysed!.viewer_key)).toBe(true);
    const arKey = analysed!.viewer_key.replace(/^viewer\//, 'ar/').replace(/\.bin$/, '.glb');
    const ar = await getPublicFile(new Request(`http://localhost/files/${arKey}`), {
      params: Promise.resolve({ key: arKey.split('/') }),
    });
    expect(ar.status).toBe(200);
    expect(
      Buffer.from(await ar.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('glTF');
    expect(await store.exists(arKey)).toBe(true);
  });

  it('sends a buyer on to a presigned address of the bought file; a slicer gets it through the app', async () => {
    const [row] = await t.handle.query<{ id: number }>(
      `INSERT INTO users (username, email) VALUES ('s3-buyer', 's3-buyer@example.com') RETURNING id`,
    );
    await t.handle.query(`UPDATE models SET price_cents = 0, sale_discount_cents = 0 WHERE id = $1`, [
      meshModelId,
    ]);
    const { files } = await downloadFreeModel(row!.id, meshModelId);
    const file = files[0]!;
    const [stored] = await t.handle.query<{ storage_key: string }>(
      `SELECT storage_key FROM model_files WHERE id = $1`,
      [file.id],
    );
    const original = fs.readFileSync(
      path.join(
        'src/seed/data/meshes',
        demoMeshes.find((m) => stored!.storage_key.endsWith(m.file.toLowerCase()))!.file,
      ),
    );
    const { token } = await createSession(row!.id);
    const url = new URL(file.href, 'http://localhost:3000');
    const response = await getDownloadRoute(
      new Request(url, { headers: { cookie: `__Host-session=${token}` } }),
      { params: Promise.resolve({ fileId: String(file.id) }) },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/${stored!.storage_key}?`)).toBe(
      true,
    );
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(original)).toBe(true);

    const slicer = new URL(file.slicerUrl!);
    const [fileId, slicerToken, fileName] = slicer.pathname.split('/').slice(-3) as [string, string, string];
    const direct = await getSlicerFile(new Request(slicer), {
      params: Promise.resolve({ fileId, token: slicerToken, fileName }),
    });
    expect(direct.status).toBe(200);
    expect(Buffer.from(await direct.arrayBuffer()).equals(original)).toBe(true);
    await expect(readFile(stored!.storage_key)).resolves.toEqual(original);
  });
});
