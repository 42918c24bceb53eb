import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { searchCatalogue, seedSearchCatalogue } from '../../../../tests/setup/search-catalogue';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { parseListingFilters } from '../schemas';
import { getModelPage, getModelSitemapChunk } from './queries';
import { findBySlug, findCardsByIds, insertModelView } from './repository';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedSearchCatalogue(t);
});
afterAll(() => t.cleanup());

async function listed(keywords?: string) {
  const filters = parseListingFilters(keywords ? { keywords } : {});
  const listing = await getModelPage({ locale: 'en', filters, page: 1, perPage: 96 });
  return listing!.items.map((card) => card.slug);
}

async function setStatus(slug: string, status: string) {
  await t.handle.query(`UPDATE models SET status = $2, updated_at = now() WHERE slug = $1`, [slug, status]);
  const [row] = await t.handle.query<{ id: number }>('SELECT id FROM models WHERE slug = $1', [slug]);
  return row!.id;
}

describe('only published models are public', () => {
  it('drafts, models in review and rejected ones are in no listing, search, page, card or sitemap', async () => {
    const all = searchCatalogue.length;
    expect(await listed()).toHaveLength(all);
    const draft = await setStatus('red-chair', 'draft');
    const inReview = await setStatus('blue-chair', 'in_review');
    const rejected = await setStatus('table', 'rejected');
    expect(await listed()).toHaveLength(all - 3);
    expect(await listed('chair')).toEqual([]);
    expect(await findBySlug('en', 'red-chair')).toBeNull();
    expect(await findCardsByIds('en', [draft, inReview, rejected])).toEqual([]);
    expect(
      await insertModelView(draft, {
        visitor: 'visitor',
        address: 'address',
        day: '2026-11-22',
        perAddress: 5,
      }),
    ).toBeNull();
    const sitemap = (await getModelSitemapChunk('en', 0)).map((entry) => entry.path);
    expect(sitemap.some((path) => path.endsWith('/red-chair'))).toBe(false);
    expect(sitemap.some((path) => path.endsWith('/red-car'))).toBe(true);
  });

  it('a model appears everywhere once published', async () => {
    await setStatus('red-chair', 'published');
    expect(await listed('chair')).toEqual(['red-chair']);
    expect(await findBySlug('en', 'red-chair')).toMatchObject({ slug: 'red-chair' });
  });

  it('a change committed after a later-stamped one is still seen (the index follows commits, not clocks)', async () => {
    // Another model's change carries a later clock (a request that started later, or another
    // instance's clock) and is in the index…
    // (Totals: the cards of a stale index's withdrawn model would be left out anyway.)
    const total = async () =>
      (await getModelPage({ locale: 'en', filters: parseListingFilters({}), page: 1, perPage: 96 }))!.total;
    await t.handle.query(`UPDATE models SET updated_at = now() + interval '1 hour' WHERE slug = 'red-car'`);
    const before = await total();
    // …then this one commits, stamped earlier: it must still leave the listing, and come back.
    await t.handle.query(`UPDATE models SET status = 'draft', updated_at = now() WHERE slug = 'red-chair'`);
    expect(await total()).toBe(before - 1);
    await t.handle.query(
      `UPDATE models SET status = 'published', updated_at = now() WHERE slug = 'red-chair'`,
    );
    expect(await total()).toBe(before);
  });

  it('views, likes and sales counters do not move the catalogue version (no index rebuild per view)', async () => {
    const version = async () =>
      (await t.handle.query<{ version: string }>('SELECT version::text FROM catalogue_version'))[0]!.version;
    const before = await version();
    await t.handle.query(
      `UPDATE models SET views = views + 1, likes = likes + 1, sales = sales + 1 WHERE slug = 'red-car'`,
    );
    expect(await version()).toBe(before);
    await t.handle.query(`UPDATE models SET updated_at = now() WHERE slug = 'red-car'`);
    expect(Number(await version())).toBe(Number(before) + 1);
  });
});
