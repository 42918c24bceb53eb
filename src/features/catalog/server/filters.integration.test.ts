import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '@/server/db/client';
import { seedCatalog } from '@/server/db/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { noFilters, parseListingFilters } from '../schemas';
import { getFacetCounts, getModelPage, getTrendingModels } from './queries';
import { findListing } from './repository';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 300, filesRoot: t.filesRoot });
});
afterAll(() => t.cleanup());

async function all(filters: ReturnType<typeof parseListingFilters>) {
  return findListing({ locale: 'en', filters, limit: 1000, offset: 0 });
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
    expect(page!.totalIsCapped).toBe(false);
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
});
