import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import {
  noFilters,
  parseListingFilters,
  type CategoryDto,
  type ListingFilters,
  type ProductType,
} from '../schemas';
import { findListingModelsPublishedBetween, getCategoryTree, getModelPage } from './queries';

/** Saved searches' matching (decision 0033) is the listing's: the same models, narrowed to a window. */
let t: TestDatabase;

/** Every model id of a listing, as its pages show them. */
async function listingIds(scope: {
  productType?: ProductType;
  category?: CategoryDto;
  filters: ListingFilters;
}): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const result = await getModelPage({ locale: 'en', ...scope, page, perPage: 96 });
    if (!result) break;
    ids.push(...result.items.map((item) => item.id));
    if (page >= result.pageCount) break;
  }
  return ids;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const everything = { after: new Date('1970-01-01T00:00:00Z'), until: new Date('2100-01-01T00:00:00Z') };
const at = (iso: string) => new Date(`2030-01-${iso}Z`);

async function publishAt(ids: number[], when: Date) {
  await t.handle.query(`UPDATE models SET published_at = $2 WHERE id = ANY($1::int[])`, [
    ids,
    when.toISOString(),
  ]);
}

let printRoot: CategoryDto;
let keyword: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 150, filesRoot: t.filesRoot });
  printRoot = (await getCategoryTree('en', 'print'))[0]!;
  // A word of a model's title that several models share.
  const [row] = await t.handle.query<{ word: string }>(
    `SELECT lower(w) AS word FROM models, regexp_split_to_table(title, '\\s+') w
     WHERE length(w) >= 4 AND w ~ '^[A-Za-z]+$' GROUP BY lower(w) HAVING count(*) BETWEEN 3 AND 40
     ORDER BY count(*) DESC, lower(w) LIMIT 1`,
  );
  keyword = row!.word;
}, 400_000);
afterAll(() => t.cleanup());

describe('matching a saved search', () => {
  const cases: [
    string,
    () => { productType?: ProductType; category?: CategoryDto; filters: ListingFilters },
  ][] = [
    [
      'a keyword search over the whole catalogue',
      () => ({ filters: parseListingFilters({ keywords: keyword }) }),
    ],
    ['a category without filters', () => ({ productType: 'print', category: printRoot, filters: noFilters })],
    [
      'a filtered product type',
      () => ({
        productType: 'print',
        filters: parseListingFilters({ 'file_types[]': 'stl', price_max: '20' }),
      }),
    ],
    [
      'a category with a search and a filter',
      () => ({
        productType: 'print',
        category: printRoot,
        filters: parseListingFilters({ keywords: `${keyword} OR a*`, free: '1' }),
      }),
    ],
    ['the free models', () => ({ filters: { ...noFilters, freeOnly: true } })],
  ];

  it.each(cases)('finds what the listing shows: %s', async (_name, scopeOf) => {
    const scope = scopeOf();
    const listing = await listingIds(scope);
    const { ids, total } = await findListingModelsPublishedBetween(
      { productType: scope.productType, categoryId: scope.category?.id, filters: scope.filters },
      everything,
      10_000,
    );
    expect(total).toBe(listing.length);
    expect(sorted(ids)).toEqual(sorted(listing));
  });

  it('keeps only the models published in the window (after, until]', async () => {
    const scope = { filters: parseListingFilters({ keywords: keyword }) };
    const listing = await listingIds(scope);
    const [inWindow, atStart, outside] = [listing.slice(0, 2), listing.slice(2, 3), listing.slice(3, 4)];
    await publishAt(inWindow, at('05T10:00:00'));
    await publishAt(atStart, at('05T09:00:00'));
    await publishAt(outside, at('05T11:00:01'));
    const found = await findListingModelsPublishedBetween(
      scope,
      { after: at('05T09:00:00'), until: at('05T11:00:00') },
      10,
    );
    expect(sorted(found.ids)).toEqual(sorted(inWindow));
    expect(found.total).toBe(2);
    // Back where they were, out of every later window.
    await publishAt([...inWindow, ...atStart, ...outside], new Date('2020-01-01T00:00:00Z'));
  });
});
