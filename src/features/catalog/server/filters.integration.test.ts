import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '@/server/db/client';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { noFilters, parseListingFilters } from '../schemas';
import { getFacetCounts, getListingFacets, getModelPage, getTrendingModels } from './queries';
import { findListing } from './repository';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 300, filesRoot: t.filesRoot });
});
afterAll(() => t.cleanup());

/** Every model of a listing, page after page. */
async function all(filters: ReturnType<typeof parseListingFilters>) {
  const cards = [];
  for (let page = 1; ; page++) {
    const listing = await getModelPage({ locale: 'en', filters, page, perPage: 96 });
    cards.push(...listing!.items);
    if (page >= listing!.pageCount) return cards;
  }
}

describe('listing filters', () => {
  it('sale_off, free, file types, features and licences narrow the listing', async () => {
    const sale = await all(parseListingFilters({ sale_off: '1' }));
    expect(sale.length).toBeGreaterThan(0);
    expect(sale.every((m) => m.percentage > 0)).toBe(true);
    const free = await all(parseListingFilters({ free: '1' }));
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((m) => m.price === 0)).toBe(true);
    const blend = await all(parseListingFilters({ 'file_types[]': ['blend'] }));
    expect(blend.length).toBeGreaterThan(0);
    expect(blend.every((m) => m.formats.includes('blend'))).toBe(true);
    const noPrint = await all(parseListingFilters({ 'licenses[]': ['exclude_3d_print'] }));
    expect(noPrint.every((m) => m.productType === 'models')).toBe(true);
  });

  it('author and keywords find a designer’s models and words of titles and tags', async () => {
    const [first] = await getTrendingModels('en', 1);
    const byAuthor = await all({ ...noFilters, author: first!.designerUsername.toUpperCase() });
    expect(byAuthor.length).toBeGreaterThan(0);
    expect(byAuthor.every((m) => m.designerUsername === first!.designerUsername)).toBe(true);
    const word = first!.title.split(/\s+/).find((w) => /^[a-z]{4,}$/i.test(w)) ?? first!.title;
    const found = await all({ ...noFilters, keywords: word.toLowerCase() });
    expect(found.map((m) => m.id)).toContain(first!.id);
  });

  it('counts filtered totals and sorts newest first on request', async () => {
    const page = await getModelPage({
      locale: 'en',
      productType: 'models',
      filters: parseListingFilters({ free: '1' }),
      page: 1,
    });
    const free = await all({ ...parseListingFilters({ free: '1' }), excludePrint: true });
    expect(page!.total).toBe(free.length);
    const newest = await findListing({
      locale: 'en',
      filters: { ...noFilters, sort: 'newest' },
      limit: 50,
      offset: 0,
    });
    expect(newest.length).toBe(50);
  });

  it('trending is ordered by the stored score and gives localized URLs', async () => {
    const de = await getTrendingModels('de', 10);
    expect(de).toHaveLength(10);
    for (const card of de) expect(card.url).toMatch(/^\/de\/3d-(modelle|druck-modelle)\/.+/);
  });

  it('counts facets in one pass, equal to the filtered listings', async () => {
    const counts = await getFacetCounts([['blend'], ['gltf', 'glb']], ['pbr']);
    expect(counts.free).toBe((await all(parseListingFilters({ free: '1' }))).length);
    expect(counts.sale).toBe((await all(parseListingFilters({ sale_off: '1' }))).length);
    expect(counts.formatGroups[0]).toBe(
      (await all(parseListingFilters({ 'file_types[]': ['blend'] }))).length,
    );
    expect(counts.formatGroups[1]).toBe(
      (await all(parseListingFilters({ 'file_types[]': ['gltf', 'glb'] }))).length,
    );
    expect(counts.features[0]).toBe((await all(parseListingFilters({ 'features[]': ['pbr'] }))).length);
  });

  it('sorts by price both ways and pages by the chosen page size', async () => {
    const ascending = await all(parseListingFilters({ sort: 'price_asc' }));
    const prices = ascending.map((m) => m.finalPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeLessThan(prices.at(-1)!);
    const descending = await all(parseListingFilters({ sort: 'price_desc' }));
    expect(descending.map((m) => m.finalPrice)).toEqual([...prices].sort((a, b) => b - a));
    const bigPage = await getModelPage({
      locale: 'en',
      filters: parseListingFilters({ per_page: '48' }),
      page: 1,
    });
    expect(bigPage!.items).toHaveLength(48);
    expect(bigPage!.perPage).toBe(48);
    expect(parseListingFilters({ per_page: '1000' }).perPage).toBe(96);
  });

  it('sorts top-selling by sales', async () => {
    const db = await getDb();
    const rows = (await db.execute(sql`select id from models order by sales desc, id limit 5`))
      .rows as Array<{
      id: number;
    }>;
    const top = await all(parseListingFilters({ sort: 'top_selling' }));
    expect(top.slice(0, 5).map((m) => m.id)).toEqual(rows.map((r) => r.id));
  });

  it('licences, badges, poly-count ranges and a price range narrow the listing, as SQL over the rows says', async () => {
    const db = await getDb();
    const ids = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)).rows as Array<{ id: number }>).map((r) => r.id).sort((a, b) => a - b);
    const listed = async (params: Record<string, string | string[]>) =>
      (await all(parseListingFilters(params))).map((m) => m.id).sort((a, b) => a - b);

    const custom = await listed({ 'licenses[]': ['custom', 'custom_no_ai'] });
    expect(custom.length).toBeGreaterThan(0);
    expect(custom).toEqual(await ids(sql`select id from models where licence in ('custom', 'custom_no_ai')`));

    const badged = await listed({ 'badges[]': ['new', 'designerPick'] });
    expect(badged.length).toBeGreaterThan(0);
    expect(badged).toEqual(
      await ids(sql`select id from models where badges && array['new', 'designerPick']`),
    );

    const poly = await listed({ 'poly[]': ['up_to_5k', 'over_1m'] });
    expect(poly.length).toBeGreaterThan(0);
    expect(poly).toEqual(
      await ids(sql`select id from models where poly_count < 5000 or poly_count >= 1000000`),
    );

    const priced = await listed({ price_min: '5', price_max: '19.99' });
    expect(priced.length).toBeGreaterThan(0);
    expect(priced).toEqual(
      await ids(sql`select id from models where final_price_cents between 500 and 1999`),
    );
    // The bounds the wrong way round are read the right way round.
    expect(await listed({ price_min: '19.99', price_max: '5' })).toEqual(priced);
  });

  it("counts every filter's models over the current result set", async () => {
    const filters = parseListingFilters({ 'file_types[]': ['stl', 'obj'], price_max: '30' });
    const listing = await all(filters);
    const facets = await getListingFacets({ locale: 'en', filters });
    expect(facets.formats.stl + facets.formats.obj).toBeGreaterThanOrEqual(listing.length);
    expect(facets.formats.stl).toBe(listing.filter((m) => m.formats.includes('stl')).length);
    expect(facets.free).toBe(listing.filter((m) => m.price === 0).length);
    expect(facets.sale).toBe(listing.filter((m) => m.percentage > 0).length);
    // Each count equals the listing narrowed by that value too.
    const narrowed = async (extra: Record<string, string | string[]>) =>
      (await all(parseListingFilters({ 'file_types[]': ['stl', 'obj'], price_max: '30', ...extra }))).length;
    expect(facets.licences.royalty_free).toBe(await narrowed({ 'licenses[]': ['royalty_free'] }));
    expect(facets.badges.new).toBe(await narrowed({ 'badges[]': ['new'] }));
    expect(facets.poly['5k_to_50k']).toBe(await narrowed({ 'poly[]': ['5k_to_50k'] }));
    expect(facets.features.pbr).toBe(await narrowed({ 'features[]': ['pbr'] }));

    // An unfiltered product type is counted whole.
    const whole = await getListingFacets({ locale: 'en', productType: 'print', filters: noFilters });
    const [row] = (
      await (
        await getDb()
      ).execute(sql`select count(*)::int as n from models where product_type = 'print' and price_cents = 0`)
    ).rows as Array<{ n: number }>;
    expect(whole.free).toBe(row!.n);
  });
});
