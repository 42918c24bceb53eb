import fs from 'node:fs';
import path from 'node:path';

/**
 * A seller's model after publication (decision 0035): edited, unpublished (gone from listings, search,
 * suggestions, its page and the sitemap; buyers keep their files), published again, sent back to review
 * by new files; drafts deleted with their files; free models downloaded in one click and recorded like
 * a purchase; a custom licence's terms. Each effect against a migrated database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseListingFilters } from '@/features/catalog/schemas';
import {
  getCustomLicenceTerms,
  getModelCardsByIds,
  getModelPage,
  getModelSitemapChunk,
} from '@/features/catalog/server/queries';
import { findBySlug } from '@/features/catalog/server/repository';
import { downloadFreeModel } from '@/features/orders/server/free-download-commands';
import { getDownload, getPurchases } from '@/features/orders/server/queries';
import { findCertificate } from '@/features/orders/server/repository';
import { createModel, updateModel, uploadToModel } from '@/features/studio/server/commands';
import { deleteDraft, republishModel, unpublishModel } from '@/features/studio/server/lifecycle-commands';
import { reviewModel } from '@/features/studio/server/review-commands';
import { getReviewQueue, getStudioModel } from '@/features/studio/server/queries';
import { getKeywordSuggestions } from '@/features/search/server/queries';
import { seedCatalog } from '@/seed/seed';
import type { SessionUser } from '@/server/auth/session';

import { readTestMesh } from '../fixtures/test-meshes';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';

let t: TestDatabase;
let seller: SessionUser;
let otherSeller: SessionUser;
let buyer: SessionUser;
let admin: SessionUser;
/** A published model of `seller`, with a file. */
let modelId: number;
let slug: string;

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

const row = async (id: number) =>
  (
    await t.handle.query<{
      status: string;
      title: string;
      price_cents: number;
      category_id: number;
      root_category_id: number;
      sales: number;
      licence_terms: string | null;
    }>(
      'SELECT status, title, price_cents, category_id, root_category_id, sales, licence_terms FROM models WHERE id = $1',
      [id],
    )
  )[0]!;

const categoryCount = async (categoryId: number) =>
  (
    await t.handle.query<{ n: number }>('SELECT item_count AS n FROM categories WHERE id = $1', [categoryId])
  )[0]!.n;

async function listedIds(keywords?: string) {
  const filters = parseListingFilters(keywords ? { keywords } : {});
  const listing = await getModelPage({ locale: 'en', filters, page: 1, perPage: 96 });
  return listing!.items.map((card) => card.id);
}

/** The models the search box suggests for `query`, as the suggestions route shows them. */
async function suggestedIds(query: string) {
  const suggestions = await getKeywordSuggestions(query, 'en', { printReady: false });
  return (await getModelCardsByIds('en', suggestions.itemModelIds)).map((card) => card.id);
}

const inSitemap = async (modelSlug: string) =>
  (await getModelSitemapChunk('en', 0)).some((entry) => entry.path.endsWith(`/${modelSlug}`));

const upload = (data: Uint8Array) =>
  new Request('http://localhost/upload', {
    method: 'POST',
    body: new Uint8Array(data),
    headers: { 'content-length': String(data.length) },
  });

const details = (overrides: Record<string, unknown>) => ({
  title: 'Lifecycle lamp',
  description: 'A lamp.',
  categoryId: '0',
  tags: 'lamp, lifecyclelamp',
  price: '9',
  licence: 'royalty_free',
  unit: 'mm',
  walletEligible: false,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 30, filesRoot: t.filesRoot });
  seller = await user('life-seller', ['buyer', 'seller']);
  otherSeller = await user('life-other', ['buyer', 'seller']);
  buyer = await user('life-buyer', ['buyer']);
  admin = await user('life-admin', ['buyer', 'admin']);
  // The seller's published model: one of the seeded models handed to the seller, made free, with a file.
  const [model] = await t.handle.query<{ id: number; slug: string }>(
    `UPDATE models SET designer_id = $1, price_cents = 0, sale_discount_cents = 0, title = 'Lifecycle lamp', updated_at = now()
     WHERE id = (SELECT id FROM models WHERE status = 'published' ORDER BY id LIMIT 1)
     RETURNING id, slug`,
    [seller.id],
  );
  const storageKey = `models/m${model!.id}/lamp.obj`;
  fs.mkdirSync(path.join(t.filesRoot, 'models', `m${model!.id}`), { recursive: true });
  fs.writeFileSync(path.join(t.filesRoot, storageKey), readTestMesh('box.obj'));
  await t.handle.query(
    `INSERT INTO model_files (model_id, file_name, format, size_bytes, storage_key) VALUES ($1, 'lamp.obj', 'obj', 10, $2)`,
    [model!.id, storageKey],
  );
  ({ id: modelId, slug } = model!);
}, 300_000);
afterAll(() => t.cleanup());

describe('free models', () => {
  it('a signed-in user downloads a free model in one step: a fulfilled $0 order with its files', async () => {
    const before = await row(modelId);
    const first = await downloadFreeModel(buyer.id, modelId);
    expect(first.files.length).toBeGreaterThan(0);
    expect(first.files[0]!.href).toMatch(/^\/api\/internal\/downloads\/\d+\?expires=\d+&signature=/);
    const [order] = await t.handle.query<{ status: string; total_cents: number; payment_provider: string }>(
      'SELECT status, total_cents, payment_provider FROM orders WHERE id = $1',
      [first.orderId],
    );
    expect(order).toEqual({ status: 'fulfilled', total_cents: 0, payment_provider: 'free' });
    expect((await row(modelId)).sales).toBe(before.sales + 1);

    // Recorded like a purchase: in the purchases with its files, and a licence certificate.
    const purchase = (await getPurchases(buyer.id)).find((p) => p.modelId === modelId)!;
    expect(purchase.files.map((f) => f.id)).toEqual(first.files.map((f) => f.id));
    expect(await findCertificate(first.orderId, purchase.id, buyer.id)).toMatchObject({
      orderId: first.orderId,
      line: { modelId, finalCents: 0 },
    });
    // No credits for nothing paid.
    const [credits] = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM points_ledger WHERE user_id = $1',
      [buyer.id],
    );
    expect(credits!.n).toBe(0);
  });

  it('twice (a double click, two tabs) is one order and one sale', async () => {
    const before = await row(modelId);
    const [a, b] = await Promise.all([
      downloadFreeModel(buyer.id, modelId),
      downloadFreeModel(buyer.id, modelId),
    ]);
    expect(a.orderId).toBe(b.orderId);
    expect((await row(modelId)).sales).toBe(before.sales);
    const [orders] = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
       WHERE o.user_id = $1 AND l.model_id = $2`,
      [buyer.id, modelId],
    );
    expect(orders!.n).toBe(1);
  });

  it('a paid model is refused (409), a model that is not public or does not exist is not found', async () => {
    const [paid] = await t.handle.query<{ id: number }>(
      `SELECT id FROM models WHERE status = 'published' AND price_cents > 0 ORDER BY id LIMIT 1`,
    );
    await expect(downloadFreeModel(buyer.id, paid!.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(downloadFreeModel(buyer.id, 2_000_000_000)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is rate limited per user', async () => {
    const flooder = await user('life-flooder', ['buyer']);
    const started = new Date();
    for (let i = 0; i < 60; i++) await downloadFreeModel(flooder.id, modelId, started);
    await expect(downloadFreeModel(flooder.id, modelId, started)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});

describe('a published model in its seller’s hands', () => {
  it('is edited: texts and price change on its page at once, its category counts follow it', async () => {
    const before = await row(modelId);
    const [otherCategory] = await t.handle.query<{ id: number; parent: number | null }>(
      `SELECT id, parent_id AS parent FROM categories WHERE parent_id IS NULL AND id <> $1 ORDER BY id LIMIT 1`,
      [before.root_category_id],
    );
    const oldCounts = [await categoryCount(before.category_id), await categoryCount(before.root_category_id)];
    const newCount = await categoryCount(otherCategory!.id);
    const result = await updateModel(
      seller,
      modelId,
      details({ title: 'Lifecycle lamp, revised', price: '0', categoryId: String(otherCategory!.id) }),
    );
    expect(result).toEqual({ ok: true, id: modelId });
    expect(await findBySlug('en', slug)).toMatchObject({ title: 'Lifecycle lamp, revised', finalPrice: 0 });
    expect(await row(modelId)).toMatchObject({ status: 'published', category_id: otherCategory!.id });
    expect(await categoryCount(otherCategory!.id)).toBe(newCount + 1);
    const expectedOld =
      before.category_id === before.root_category_id ? [oldCounts[0]! - 1] : oldCounts.map((n) => n - 1);
    expect(await categoryCount(before.category_id)).toBe(expectedOld[0]);
    expect(await listedIds('revised')).toEqual([modelId]);
    // Its new tag is a search-box keyword at once, with the model suggested.
    expect(await suggestedIds('lifecyclelamp')).toEqual([modelId]);
  });

  it('unpublished: gone from listing, search, suggestions, page and sitemap; counts drop; buyers keep their files', async () => {
    const { category_id: categoryId } = await row(modelId);
    const count = await categoryCount(categoryId);
    // The suggestion cards are cached: they must not outlive the unpublication.
    expect((await getModelCardsByIds('en', [modelId])).map((c) => c.id)).toEqual([modelId]);
    expect(await listedIds()).toContain(modelId);
    expect(await inSitemap(slug)).toBe(true);

    const shopper = await user('life-shopper', ['buyer']);
    await t.handle.query('INSERT INTO cart_items (user_id, model_id) VALUES ($1, $2)', [shopper.id, modelId]);

    await unpublishModel(seller, modelId, { filesRoot: t.filesRoot });

    expect(await row(modelId)).toMatchObject({ status: 'unpublished' });
    expect(await listedIds()).not.toContain(modelId);
    expect(await listedIds('revised')).toEqual([]);
    expect(await getModelCardsByIds('en', [modelId])).toEqual([]);
    expect(await suggestedIds('lifecyclelamp')).toEqual([]);
    expect(await suggestedIds('lifecyclela')).toEqual([]);
    expect(await findBySlug('en', slug)).toBeNull();
    expect(await inSitemap(slug)).toBe(false);
    expect(await categoryCount(categoryId)).toBe(count - 1);
    // No cart holds it any more: nobody buys a model that is off the marketplace.
    expect(await t.handle.query('SELECT id FROM cart_items WHERE model_id = $1', [modelId])).toEqual([]);

    const purchase = (await getPurchases(buyer.id)).find((p) => p.modelId === modelId)!;
    expect(purchase.files.length).toBeGreaterThan(0);
    const link = new URL(purchase.files[0]!.href, 'http://localhost');
    const file = await getDownload(purchase.files[0]!.id, buyer.id, {
      expires: link.searchParams.get('expires'),
      signature: link.searchParams.get('signature'),
    });
    expect(file).toMatchObject({ modelId });
    // Nobody gets it for free now.
    const stranger = await user('life-stranger', ['buyer']);
    await expect(downloadFreeModel(stranger.id, modelId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The seller still has it in the studio.
    expect(await getStudioModel(seller, modelId)).toMatchObject({ status: 'unpublished' });
  });

  it('published again: back everywhere, counted once', async () => {
    const { category_id: categoryId } = await row(modelId);
    const count = await categoryCount(categoryId);
    await republishModel(seller, modelId, { filesRoot: t.filesRoot });
    expect(await row(modelId)).toMatchObject({ status: 'published' });
    expect(await listedIds('revised')).toEqual([modelId]);
    expect((await getModelCardsByIds('en', [modelId])).map((c) => c.id)).toEqual([modelId]);
    expect(await suggestedIds('lifecyclelam')).toEqual([modelId]);
    expect(await findBySlug('en', slug)).toMatchObject({ id: modelId });
    expect(await inSitemap(slug)).toBe(true);
    expect(await categoryCount(categoryId)).toBe(count + 1);
  });

  it('refuses steps its state does not allow (409), and another seller gets 404 on each', async () => {
    await expect(republishModel(seller, modelId)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(deleteDraft(seller, modelId)).rejects.toMatchObject({ code: 'CONFLICT' });
    for (const step of [unpublishModel, republishModel, deleteDraft])
      await expect(step(otherSeller, modelId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(unpublishModel(admin, modelId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(unpublishModel(seller, 2_000_000_000)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await row(modelId)).toMatchObject({ status: 'published' });
  });

  it('new files send it back to review, off the marketplace until approved, then counted once', async () => {
    const { category_id: categoryId } = await row(modelId);
    const count = await categoryCount(categoryId);
    const stored = await uploadToModel(seller, modelId, 'file', 'box.obj', upload(readTestMesh('box.obj')), {
      filesRoot: t.filesRoot,
    });
    expect(stored).toMatchObject({ ok: true });
    expect(await row(modelId)).toMatchObject({ status: 'in_review' });
    expect((await getReviewQueue()).map((m) => m.id)).toContain(modelId);
    expect(await findBySlug('en', slug)).toBeNull();
    expect(await listedIds('revised')).toEqual([]);
    expect(await categoryCount(categoryId)).toBe(count - 1);
    // In review: neither unpublished nor published again by its seller.
    await expect(unpublishModel(seller, modelId)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(republishModel(seller, modelId)).rejects.toMatchObject({ code: 'CONFLICT' });

    await reviewModel(admin, modelId, { verdict: 'approve', score: 80 }, { filesRoot: t.filesRoot });
    expect(await row(modelId)).toMatchObject({ status: 'published' });
    expect(await categoryCount(categoryId)).toBe(count);
    expect(await listedIds('revised')).toEqual([modelId]);
  });
});

describe('drafts', () => {
  it('a draft is deleted with its files and pictures; nothing else can be', async () => {
    const [category] = await t.handle.query<{ id: number }>(
      `SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1`,
    );
    const created = await createModel(
      seller,
      details({ categoryId: String(category!.id), title: 'Doomed draft' }),
    );
    if (!created.ok) throw new Error('not created');
    const id = created.id;
    await uploadToModel(seller, id, 'file', 'box.obj', upload(readTestMesh('box.obj')), {
      filesRoot: t.filesRoot,
    });
    const folder = path.join(t.filesRoot, 'models', `m${id}`);
    expect(fs.readdirSync(folder)).toHaveLength(1);

    await expect(deleteDraft(otherSeller, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(unpublishModel(seller, id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await deleteDraft(seller, id, { filesRoot: t.filesRoot });

    expect(await t.handle.query('SELECT id FROM models WHERE id = $1', [id])).toEqual([]);
    expect(await t.handle.query('SELECT id FROM model_files WHERE model_id = $1', [id])).toEqual([]);
    expect(fs.readdirSync(folder)).toEqual([]);
    await expect(deleteDraft(seller, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('custom licence terms', () => {
  it('are required with a custom licence, stored, shown, and dropped with another licence', async () => {
    const [category] = await t.handle.query<{ id: number }>(
      `SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1`,
    );
    const base = { categoryId: String(category!.id), licence: 'custom_no_ai' };
    expect(await updateModel(seller, modelId, details({ ...base, licenceTerms: '' }))).toEqual({
      ok: false,
      fieldErrors: { licenceTerms: 'terms_required' },
    });
    expect(await updateModel(seller, modelId, details({ ...base, licenceTerms: 'too short' }))).toEqual({
      ok: false,
      fieldErrors: { licenceTerms: 'terms_length' },
    });
    const terms = 'Personal and client projects only.\nNo resale of the printed parts.';
    expect(
      await updateModel(seller, modelId, details({ ...base, licenceTerms: `  ${terms}\r\n` })),
    ).toMatchObject({
      ok: true,
    });
    expect(await findBySlug('en', slug)).toMatchObject({ licence: 'custom_no_ai', licenceTerms: terms });
    expect(await getCustomLicenceTerms([modelId, 1])).toEqual([
      { modelId, title: 'Lifecycle lamp', licence: 'custom_no_ai', terms },
    ]);
    await updateModel(seller, modelId, details({ ...base, licence: 'royalty_free', licenceTerms: terms }));
    expect((await row(modelId)).licence_terms).toBeNull();
    expect(await getCustomLicenceTerms([modelId])).toEqual([]);
  });
});
