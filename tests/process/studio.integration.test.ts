import fs from 'node:fs';
import path from 'node:path';

/**
 * The seller's studio with the background analysis wired as the server wires it (instrumentation.ts):
 * upload, analysis, review request, verdicts, refusals and who may touch a model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SessionUser } from '@/server/auth/session';
import { seedCatalog } from '@/seed/seed';
import { AppError } from '@/server/errors';
import { meshAnalysisJob } from '@/server/jobs/kinds';
import { startJobRunner, type JobRunner } from '@/server/jobs/runner';
import type { WorkerPool } from '@/server/jobs/worker-pool';

import {
  createMeshAnalysisHandler,
  createMeshAnalysisPool,
} from '@/features/geometry/server/mesh-analysis-job';
import {
  becomeSeller,
  createModel,
  removeModelFile,
  updateModel,
  uploadToModel,
} from '@/features/studio/server/commands';
import { reviewModel, submitForReview } from '@/features/studio/server/review-commands';
import { getReviewQueue, getStudioModel } from '@/features/studio/server/queries';

import { groundTruths, readTestMesh } from '../fixtures/test-meshes';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';

let t: TestDatabase;
let pool: WorkerPool;
let runner: JobRunner;
let categoryId: number;
const now = new Date('2026-11-22T12:00:00Z');

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

const details = (overrides: Record<string, unknown> = {}) => ({
  title: 'Desk organiser',
  description: 'A printable desk organiser.',
  categoryId: String(categoryId),
  tags: 'desk, office, organiser',
  price: '12.50',
  licence: 'royalty_free',
  unit: 'mm',
  walletEligible: true,
  ...overrides,
});

function upload(data: Uint8Array, options: { declared?: number } = {}) {
  return new Request('http://localhost/upload', {
    method: 'POST',
    body: new Uint8Array(data),
    headers: { 'content-length': String(options.declared ?? data.length) },
  });
}

const storedFiles = (modelId: number) => {
  const folder = path.join(t.filesRoot, 'models', `m${modelId}`);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

const modelRow = async (id: number) =>
  (
    await t.handle.query<{
      status: string;
      review_status: string;
      review_score: number | null;
      formats: string[];
    }>('SELECT status, review_status, review_score, formats FROM models WHERE id = $1', [id])
  )[0]!;

let seller: SessionUser;
let otherSeller: SessionUser;
let buyer: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 30, filesRoot: t.filesRoot });
  [{ id: categoryId }] = (await t.handle.query<{ id: number }>(
    `SELECT id FROM categories WHERE product_type = 'print' AND parent_id IS NULL ORDER BY id LIMIT 1`,
  )) as [{ id: number }];
  seller = await user('studio-seller', ['buyer', 'seller']);
  otherSeller = await user('other-seller', ['buyer', 'seller']);
  buyer = await user('plain-buyer', ['buyer']);
  admin = await user('the-admin', ['buyer', 'admin']);
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
});
afterAll(async () => {
  await runner.stop();
  await pool.close();
  await t.cleanup();
});

describe('the seller’s studio', () => {
  it('only sellers create models; a buyer becomes one on request', async () => {
    await expect(createModel(buyer, details(), now)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await becomeSeller(buyer);
    const [row] = await t.handle.query<{ roles: string }>('SELECT roles::text FROM users WHERE id = $1', [
      buyer.id,
    ]);
    expect(row!.roles).toBe('{buyer,seller}');
    await becomeSeller(buyer);
    const [again] = await t.handle.query<{ roles: string }>('SELECT roles::text FROM users WHERE id = $1', [
      buyer.id,
    ]);
    expect(again!.roles).toBe('{buyer,seller}');
  });

  it('checks every field with its own message', async () => {
    const result = await createModel(
      seller,
      details({
        title: 'ab',
        description: 'x'.repeat(5001),
        categoryId: '999999',
        tags: 'a',
        price: '12.345',
        licence: 'mine',
        unit: 'ft',
      }),
      now,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        title: 'title_length',
        description: 'description_long',
        tags: 'tag_length',
        price: 'price_format',
        licence: 'invalid_choice',
        unit: 'invalid_choice',
      },
    });
    expect(await createModel(seller, details({ categoryId: '999999' }), now)).toEqual({
      ok: false,
      fieldErrors: { categoryId: 'invalid_choice' },
    });
    expect(await createModel(seller, details({ price: '0.50' }), now)).toMatchObject({
      fieldErrors: { price: 'price_range' },
    });
    expect(await createModel(seller, details({ title: '' }), now)).toMatchObject({
      fieldErrors: { title: 'required' },
    });
  });

  it('uploads an STL, analyses it in the background, and goes through review to publication', async () => {
    const created = await createModel(seller, details(), now);
    if (!created.ok) throw new Error('not created');
    const id = created.id;
    expect(await modelRow(id)).toMatchObject({ status: 'draft', review_status: 'not_reviewed' });

    // Nothing to review yet.
    expect(await submitForReview(seller, id, now)).toBe('no_files');

    const cube = readTestMesh('20mm-xyz-cube.stl');
    const stored = await uploadToModel(seller, id, 'file', '20mm-xyz-cube.stl', upload(cube), {
      now,
      filesRoot: t.filesRoot,
    });
    expect(stored).toMatchObject({ ok: true });
    const opaque = new TextEncoder().encode('Kaydara FBX Binary  \u0000 rest of the file');
    expect(
      await uploadToModel(seller, id, 'file', 'cube.fbx', upload(opaque), { now, filesRoot: t.filesRoot }),
    ).toMatchObject({ ok: true });
    expect((await modelRow(id)).formats).toEqual(['fbx', 'stl']);

    await runner.idle();
    const model = (await getStudioModel(seller, id))!;
    const stl = model.files.find((f) => f.format === 'stl')!;
    expect(stl).toMatchObject({ analysisState: 'done', progress: 100 });
    // The independently computed figures of tests/fixtures/meshes/ground-truth.json.
    const truth = groundTruths(() => true).find((g) => g.file === '20mm-xyz-cube.stl')!;
    expect(stl.figures!.triangles).toBe(truth.triangles);
    expect(stl.figures!.volumeMm3).toBeCloseTo(truth.signed_volume, 1);
    stl.figures!.size.forEach((size, axis) => expect(size).toBeCloseTo(truth.extents[axis]!, 3));
    expect(stl.figures!.watertight).toBe(true);
    expect(model.files.find((f) => f.format === 'fbx')).toMatchObject({
      analysisState: 'not_analysed',
      figures: null,
    });
    // The rendered picture of the mesh is the card picture.
    expect(model.pictures).toHaveLength(1);

    expect(await submitForReview(seller, id, now)).toBeNull();
    expect(await submitForReview(seller, id, now)).toBe('already_requested');
    expect(await modelRow(id)).toMatchObject({ status: 'in_review' });
    expect((await getReviewQueue()).map((m) => m.id)).toContain(id);
    // In review, the seller cannot change it.
    await expect(updateModel(seller, id, details({ title: 'Changed' }), now)).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    // Two verdicts at once (a double click): one applies, the other is told it came too late.
    const verdicts = await Promise.allSettled([
      reviewModel(admin, id, { verdict: 'approve', score: 87 }, { now, filesRoot: t.filesRoot }),
      reviewModel(admin, id, { verdict: 'approve', score: 87 }, { now, filesRoot: t.filesRoot }),
    ]);
    expect(verdicts.filter((v) => v.status === 'fulfilled')).toHaveLength(1);
    const refused = verdicts.find((v) => v.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).code).toBe('CONFLICT');
    expect(await modelRow(id)).toEqual({
      status: 'published',
      review_status: 'reviewed',
      review_score: 87,
      formats: ['fbx', 'stl'],
    });
    expect((await getReviewQueue()).map((m) => m.id)).not.toContain(id);

    // Asking for another review as it is: the model stays public, its review back to N/A until the verdict.
    expect(await submitForReview(seller, id, now)).toBeNull();
    expect(await modelRow(id)).toMatchObject({
      status: 'published',
      review_status: 'not_reviewed',
      review_score: null,
    });
    await reviewModel(admin, id, { verdict: 'approve', score: 88 }, { now, filesRoot: t.filesRoot });

    // New files are what buyers get: the model goes back to review at once, off the marketplace.
    const stlFile = model.files.find((f) => f.format === 'stl')!;
    await removeModelFile(seller, id, stlFile.id, { now, filesRoot: t.filesRoot });
    expect(await modelRow(id)).toMatchObject({ status: 'published' });
    await uploadToModel(seller, id, 'file', 'angle_block.STL', upload(readTestMesh('angle_block.STL')), {
      now,
      filesRoot: t.filesRoot,
    });
    await runner.idle();
    expect(await modelRow(id)).toMatchObject({
      status: 'in_review',
      review_status: 'not_reviewed',
      review_score: null,
    });
    expect((await getReviewQueue()).map((m) => m.id)).toContain(id);
    expect(await submitForReview(seller, id, now)).toBe('already_requested');
    await reviewModel(admin, id, { verdict: 'approve', score: 91 }, { now, filesRoot: t.filesRoot });
    expect(await modelRow(id)).toMatchObject({
      status: 'published',
      review_status: 'reviewed',
      review_score: 91,
    });
  });

  it('a rejected model goes back to its seller with the note, and can be asked for again', async () => {
    const created = await createModel(seller, details({ title: 'Phone stand' }), now);
    if (!created.ok) throw new Error('not created');
    const id = created.id;
    await uploadToModel(seller, id, 'file', 'box.obj', upload(readTestMesh('box.obj')), {
      now,
      filesRoot: t.filesRoot,
    });
    await runner.idle();
    expect(await submitForReview(seller, id, now)).toBeNull();
    expect(await reviewModel(admin, id, { verdict: 'reject' }, { now })).toEqual({
      ok: false,
      fieldErrors: { note: 'note_required' },
    });
    expect(await reviewModel(admin, id, { verdict: 'approve', score: 101 }, { now })).toEqual({
      ok: false,
      fieldErrors: { score: 'score_range' },
    });
    await expect(reviewModel(seller, id, { verdict: 'approve', score: 50 }, { now })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await reviewModel(
        admin,
        id,
        { verdict: 'reject', note: 'Add a picture of the stand in use.' },
        { now },
      ),
    ).toEqual({
      ok: true,
      published: false,
    });
    const model = (await getStudioModel(seller, id))!;
    expect(model).toMatchObject({
      status: 'rejected',
      reviewNote: 'Add a picture of the stand in use.',
      reviewRequested: false,
    });
    expect(await updateModel(seller, id, details({ title: 'Phone stand, v2' }), now)).toEqual({
      ok: true,
      id,
    });
    expect(await submitForReview(seller, id, now)).toBeNull();
    expect(await modelRow(id)).toMatchObject({ status: 'in_review' });
  });

  it('refuses wrong types, lying content and oversized uploads before storing anything', async () => {
    const created = await createModel(seller, details({ title: 'Refusals' }), now);
    if (!created.ok) throw new Error('not created');
    const id = created.id;
    const options = { now, filesRoot: t.filesRoot };
    expect(
      await uploadToModel(
        seller,
        id,
        'file',
        'virus.exe',
        upload(new Uint8Array([0x4d, 0x5a, 0, 0])),
        options,
      ),
    ).toEqual({
      ok: false,
      refusal: 'type',
    });
    const html = new TextEncoder().encode('<!DOCTYPE html><script>alert(1)</script>');
    expect(await uploadToModel(seller, id, 'file', 'model.obj', upload(html), options)).toEqual({
      ok: false,
      refusal: 'content',
    });
    expect(
      await uploadToModel(seller, id, 'file', 'fake.glb', upload(readTestMesh('box.obj')), options),
    ).toEqual({
      ok: false,
      refusal: 'content',
    });
    expect(
      await uploadToModel(
        seller,
        id,
        'file',
        'huge.stl',
        upload(new Uint8Array(10), { declared: 300 * 1024 * 1024 }),
        options,
      ),
    ).toEqual({ ok: false, refusal: 'too_large' });
    expect(
      await uploadToModel(
        seller,
        id,
        'picture',
        'photo.png',
        upload(new TextEncoder().encode('not a png')),
        options,
      ),
    ).toEqual({
      ok: false,
      refusal: 'content',
    });
    // A body longer than declared is cut off at the declared length.
    await expect(
      uploadToModel(
        seller,
        id,
        'file',
        'long.obj',
        upload(new TextEncoder().encode('v 0 0 0\n'.repeat(100)), { declared: 100 }),
        options,
      ),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(storedFiles(id)).toEqual([]);
    const [files] = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM model_files WHERE model_id = $1',
      [id],
    );
    expect(files!.n).toBe(0);
  });

  it('another seller, a buyer and a guest get nothing of a seller’s model; admins may look', async () => {
    const created = await createModel(seller, details({ title: 'Private draft' }), now);
    if (!created.ok) throw new Error('not created');
    const id = created.id;
    expect(await getStudioModel(otherSeller, id)).toBeNull();
    expect(await getStudioModel(buyer, id)).toBeNull();
    expect(await getStudioModel(admin, id)).toMatchObject({ id, status: 'draft' });
    await expect(updateModel(otherSeller, id, details(), now)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      uploadToModel(otherSeller, id, 'file', 'box.obj', upload(readTestMesh('box.obj')), {
        now,
        filesRoot: t.filesRoot,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(submitForReview(otherSeller, id, now)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(removeModelFile(otherSeller, id, 1, { now, filesRoot: t.filesRoot })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // An admin looks but does not edit someone else's model.
    await expect(updateModel(admin, id, details(), now)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
