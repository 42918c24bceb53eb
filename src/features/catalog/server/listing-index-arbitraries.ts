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
import type { LayeredListingIndex } from './listing-layers';

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
type GeneratedModel = typeof modelArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** A generated model as the index reads it. */
function indexedModel(r: GeneratedModel, id: number): IndexedModel {
  return {
    id,
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
  };
}

/** Changes to a catalogue of ids 1…: each changes the model `id` (up to 100: new ones too) to `model`, or removes it (null). */
export const catalogueChanges = fc.array(
  fc.array(
    fc.record({ id: fc.integer({ min: 1, max: 100 }), model: fc.option(modelArbitrary, { freq: 3 }) }),
    { minLength: 1, maxLength: 6 },
  ),
  { minLength: 1, maxLength: 5 },
);

/** `changes` made to `models`, one batch after another: each batch as the index takes it, and the catalogue after all. */
export function applyChanges(
  models: readonly IndexedModel[],
  changes: typeof catalogueChanges extends fc.Arbitrary<infer T> ? T : never,
): { batches: Map<number, IndexedModel | null>[]; after: IndexedModel[] } {
  const byId = new Map(models.map((model) => [model.id, model]));
  const batches = changes.map((batch) => {
    const taken = new Map<number, IndexedModel | null>();
    for (const { id, model } of batch) {
      const now = model ? indexedModel(model, id) : null;
      taken.set(id, now);
      if (now) byId.set(id, now);
      else byId.delete(id);
    }
    return taken;
  });
  return { batches, after: [...byId.values()] };
}
export const catalogue: Generated = fc
  .array(modelArbitrary, { minLength: 1, maxLength: 80 })
  .map((rows) => rows.map((r, i) => indexedModel(r, i + 1)));

/** A plain model (an STL, $5, unrated, no picture) with `fields` over it, for hand-written catalogues. */
export function plainModel(id: number, fields: Partial<IndexedModel> = {}): IndexedModel {
  return {
    id,
    title: `model ${id}`,
    tags: [],
    productType: 'models',
    priceCents: 500,
    saleDiscountCents: 0,
    formats: ['stl'],
    features: [],
    licence: 'royalty_free',
    badges: [],
    polyCount: null,
    categoryId: 1,
    rootCategoryId: 1,
    designerId: 1,
    trendingScore: 0,
    publishedAt: id,
    sales: 0,
    ratingAverage: 0,
    ratingCount: 0,
    pictureKey: null,
    ...fields,
  };
}

/** Every facet the generated catalogues have values for. */
export const allFacets = {
  formats,
  features: [],
  badges: [],
  licences,
  polyRanges: [
    [0, 5_000],
    [250_000, null],
  ] as const,
  minRatings: [4, 3, 2, 1],
};

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
export function allIds(
  index: Pick<ListingIndex, 'match'> | Pick<LayeredListingIndex, 'match'>,
  query: IndexQuery,
  sort: IndexSort,
): number[] {
  const match = index.match(query);
  const ids: number[] = [];
  for (let offset = 0; offset < match.total + 7; offset += 7) ids.push(...match.page(sort, offset, 7));
  return ids;
}
