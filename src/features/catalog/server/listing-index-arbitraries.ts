/** Generated catalogues and listing queries, for the listing index's property tests. */
import fc from 'fast-check';

import { parseQuery } from '../query-language';

import {
  ListingIndexBuilder,
  type IndexedModel,
  type IndexQuery,
  type IndexSort,
  type ListingIndex,
} from './listing-index';

const words = ['chair', 'chaisé', 'red', 'low', 'poly', 'robot', 'tree', 'test', 'text', 'T-Rex'];
export const formats = ['stl', 'obj', 'fbx'];
export const licences = ['royalty_free', 'custom'];

const modelArbitrary = fc.record({
  title: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
  tags: fc.array(
    fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 2 }).map((w) => w.join('_')),
    { maxLength: 3 },
  ),
  print: fc.boolean(),
  priceCents: fc.constantFrom(0, 500, 1999, 4000),
  sale: fc.boolean(),
  formats: fc.subarray(formats),
  licence: fc.constantFrom(...licences),
  polyCount: fc.option(fc.constantFrom(100, 6_000, 300_000, 2_000_000)),
  categoryId: fc.constantFrom(1, 2, 3),
  designerId: fc.constantFrom(10, 11),
  trendingScore: fc.constantFrom(0, 1, 2.5, 7),
  publishedAt: fc.integer({ min: 0, max: 5 }),
  sales: fc.integer({ min: 0, max: 3 }),
  picture: fc.constantFrom('p/a', 'p/b', 'p/c', null),
  ratingAverage: fc.constantFrom(0, 1.04, 2.96, 3.5, 3.95, 4, 5),
  ratingCount: fc.constantFrom(0, 0, 1, 7),
});

type Generated = fc.Arbitrary<IndexedModel[]>;
export const catalogue: Generated = fc.array(modelArbitrary, { minLength: 1, maxLength: 80 }).map((rows) =>
  rows.map((r, i) => ({
    id: i + 1,
    title: r.title,
    tags: r.tags,
    productType: r.print ? 'print' : 'models',
    priceCents: r.priceCents,
    saleDiscountCents: r.sale && r.priceCents > 0 ? 100 : 0,
    formats: r.formats,
    features: [],
    licence: r.licence,
    badges: [],
    polyCount: r.polyCount,
    categoryId: r.categoryId,
    rootCategoryId: r.categoryId,
    designerId: r.designerId,
    trendingScore: r.trendingScore,
    publishedAt: r.publishedAt,
    sales: r.sales,
    ratingAverage: r.ratingCount > 0 ? r.ratingAverage : 0,
    ratingCount: r.ratingCount,
    pictureKey: r.picture,
  })),
);

/** Filters with keywords as typed (the index takes them parsed). */
export type Filters = Omit<IndexQuery, 'keywords'> & { keywords?: string };
export const toQuery = ({ keywords, ...rest }: Filters): IndexQuery => ({
  ...rest,
  keywords: keywords ? parseQuery(keywords) : null,
});

export const filterArbitrary: fc.Arbitrary<Filters> = fc.record(
  {
    keywords: fc.constantFrom(
      'chair',
      'chaise',
      'red chair',
      '"low poly"',
      'ro*',
      'te?t',
      '-tree',
      '+red -poly',
    ),
    excludePrint: fc.boolean(),
    categoryId: fc.constantFrom(1, 2),
    designerId: fc.constantFrom(10, 11),
    saleOnly: fc.boolean(),
    freeOnly: fc.boolean(),
    formats: fc.subarray(formats, { minLength: 1 }),
    licences: fc.subarray(licences, { minLength: 1 }),
    polyRanges: fc.constantFrom([[0, 5_000]] as const, [[250_000, null]] as const),
    priceMinCents: fc.constantFrom(0, 600),
    priceMaxCents: fc.constantFrom(2000, 10_000),
    minRating: fc.constantFrom(1, 3, 4),
  },
  { requiredKeys: [] },
);

export function build(models: IndexedModel[]): Promise<ListingIndex> {
  const builder = new ListingIndexBuilder();
  for (const model of models) builder.add(model);
  return builder.build();
}

/** Every id of a listing, page after page of 7. */
export function allIds(index: ListingIndex, query: IndexQuery, sort: IndexSort): number[] {
  const match = index.match(query);
  const ids: number[] = [];
  for (let offset = 0; offset < match.total + 7; offset += 7) ids.push(...match.page(sort, offset, 7));
  return ids;
}
