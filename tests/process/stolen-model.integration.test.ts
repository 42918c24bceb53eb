/**
 * Stolen-model detection through the studio's upload path, with the background analysis wired as the
 * server wires it (decision 0057): seller B's upload of seller A's published model, moved, turned,
 * scaled, re-meshed and mirrored, waits in the admin's review queue with the match; A's own re-upload
 * and B's own different model do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createModel, uploadToModel } from '@/features/studio/server/commands';
import { getReviewQueue, getStudioModel } from '@/features/studio/server/queries';
import { reviewModel, submitForReview } from '@/features/studio/server/review-commands';
import { seedCatalog } from '@/seed/seed';
import type { SessionUser } from '@/server/auth/session';
import { meshAnalysisJob } from '@/server/jobs/kinds';
import { startJobRunner, type JobRunner } from '@/server/jobs/runner';
import type { WorkerPool } from '@/server/jobs/worker-pool';

import { binaryStl, disguised } from '../fixtures/mesh-transforms';
import { readTestMesh } from '../fixtures/test-meshes';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { sameShapeDistance } from '@/features/geometry/fingerprint';
import { parseMeshFile } from '@/features/geometry/parse';
import { findFingerprintMatches } from '@/features/geometry/server/fingerprint-repository';
import {
  createMeshAnalysisHandler,
  createMeshAnalysisPool,
} from '@/features/geometry/server/mesh-analysis-job';

let t: TestDatabase;
let pool: WorkerPool;
let runner: JobRunner;
let categoryId: number;
let sellerA: SessionUser;
let sellerB: SessionUser;
let admin: SessionUser;
const now = new Date('2026-11-26T12:00:00Z');

const user = async (name: string, roles: string[]): Promise<SessionUser> => {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ($1, $2, $3::user_role[]) RETURNING id`,
    [name, `${name}@example.com`, `{${roles.join(',')}}`],
  );
  return {
    id: row!.id,
    username: name,
    email: `${name}@example.com`,
    displayName: null,
    roles: roles as never,
  };
};

const upload = (data: Uint8Array) =>
  new Request('http://localhost/upload', {
    method: 'POST',
    body: new Uint8Array(data),
    headers: { 'content-length': String(data.length) },
  });

/** A new model of `seller` with one mesh file, analysed. */
async function modelWithFile(seller: SessionUser, title: string, fileName: string, data: Uint8Array) {
  const created = await createModel(
    seller,
    {
      title,
      description: 'A printable torus.',
      categoryId: String(categoryId),
      tags: 'torus, ring',
      price: '5.00',
      licence: 'royalty_free',
      unit: 'mm',
      walletEligible: true,
    },
    now,
  );
  if (!created.ok) throw new Error('not created');
  const stored = await uploadToModel(seller, created.id, 'file', fileName, upload(data), {
    now,
    filesRoot: t.filesRoot,
  });
  expect(stored).toMatchObject({ ok: true });
  await runner.idle();
  return created.id;
}

const torus = readTestMesh('torus.STL');
const stolenTorus = binaryStl(disguised(parseMeshFile(torus, 'torus.STL').mesh, 2026));
let original: number;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  [{ id: categoryId }] = (await t.handle.query<{ id: number }>(
    `SELECT id FROM categories WHERE product_type = 'print' AND parent_id IS NULL ORDER BY id LIMIT 1`,
  )) as [{ id: number }];
  sellerA = await user('torus-maker', ['buyer', 'seller']);
  sellerB = await user('torus-copier', ['buyer', 'seller']);
  admin = await user('fingerprint-admin', ['buyer', 'admin']);
  pool = createMeshAnalysisPool(1);
  runner = startJobRunner({
    db: t.handle,
    pollMs: 50,
    handlers: {
      [meshAnalysisJob]: createMeshAnalysisHandler({
        pool,
        db: t.handle,
        filesRoot: t.filesRoot,
        timeoutMs: 60_000,
      }),
    },
  });
  original = await modelWithFile(sellerA, 'Smooth torus', 'torus.stl', torus);
  expect(await submitForReview(sellerA, original, now)).toBeNull();
  await reviewModel(admin, original, { verdict: 'approve', score: 90 }, { now, filesRoot: t.filesRoot });
});
afterAll(async () => {
  await runner.stop();
  await pool.close();
  await t.cleanup();
});

describe('stolen-model detection', () => {
  it('stores a fingerprint for every analysed mesh file', async () => {
    const rows = await t.handle.query<{ model_id: number; n: number }>(
      `SELECT model_id, array_length(vector, 1) AS n FROM model_fingerprints WHERE model_id = $1`,
      [original],
    );
    expect(rows).toEqual([{ model_id: original, n: 51 }]);
  });

  it('puts another seller’s disguised copy in the review queue with the match, telling its seller nothing', async () => {
    const copy = await modelWithFile(sellerB, 'My new ring', 'ring.stl', stolenTorus);
    const match = (await findFingerprintMatches([copy])).get(copy);
    expect(match?.matchedModelId).toBe(original);
    expect(match!.distance).toBeLessThanOrEqual(sameShapeDistance);

    // The seller's view: an ordinary draft; asking for a review puts it in the queue as usual.
    const view = await getStudioModel(sellerB, copy);
    expect(view).toMatchObject({ status: 'draft' });
    expect(JSON.stringify(view)).not.toContain('Smooth torus');
    expect(await submitForReview(sellerB, copy, now)).toBeNull();
    expect((await getStudioModel(sellerB, copy))!.status).toBe('in_review');
    const queue = await getReviewQueue();
    expect(queue.map((m) => m.id)).toContain(copy);
    const reasons = await findFingerprintMatches(queue.map((m) => m.id));
    expect(reasons.get(copy)?.matchedModelId).toBe(original);
    expect(reasons.has(original)).toBe(false);
  });

  it('does not flag the same seller’s re-upload of their own model, nor a different shape', async () => {
    const own = await modelWithFile(sellerA, 'Smooth torus, large', 'torus-large.stl', stolenTorus);
    const other = await modelWithFile(sellerB, 'Rubber duck', 'duck.glb', readTestMesh('Duck.glb'));
    const matches = await findFingerprintMatches([own, other]);
    expect(matches.size).toBe(0);
  });

  it('does not match a model that is not published', async () => {
    const draft = await modelWithFile(sellerB, 'Unpublished duck', 'duck.glb', readTestMesh('Duck.glb'));
    const copyOfDraft = await modelWithFile(sellerA, 'Duck copy', 'duck-copy.glb', readTestMesh('Duck.glb'));
    expect((await findFingerprintMatches([draft, copyOfDraft])).size).toBe(0);
  });
});
