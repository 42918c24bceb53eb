import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { meanRating } from '../rating-rank';

import { ratingRank, type IndexQuery, type IndexSort } from './listing-index';
import {
  allFacets,
  allIds,
  applyChanges,
  build,
  catalogue,
  catalogueChanges,
  filterArbitrary,
  plainModel,
  toQuery,
} from './listing-index-arbitraries';
import { LayeredListingIndex } from './listing-layers';

const sorts: IndexSort[] = ['best_match', 'trending', 'newest', 'top_selling', 'price_asc', 'price_desc'];

describe('the listing index with changes taken in place', () => {
  // Folded into the settled layer after 1, 3 or (never, here) 2,000 models: every shape of layers.
  const recentLayerMax = fc.constantFrom(1, 3, 2_000);

  it('answers every query, sort, page and facet as a fresh build of the changed catalogue does', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogue,
        catalogueChanges,
        fc.option(filterArbitrary, { nil: {} }),
        recentLayerMax,
        async (models, changes, filters, recentMax) => {
          const { batches, after } = applyChanges(models, changes);
          let layered = LayeredListingIndex.of(await build(models), recentMax);
          for (const batch of batches) layered = await layered.withChanges(batch);
          const fresh = await build(after);
          const query = toQuery(filters);
          expect(layered.size).toBe(after.length);
          expect(layered.match(query).total).toBe(fresh.match(query).total);
          expect(layered.match(query).facets(allFacets)).toEqual(fresh.match(query).facets(allFacets));
          for (const sort of sorts) expect(allIds(layered, query, sort)).toEqual(allIds(fresh, query, sort));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ranks image search and optional words (best match) across the layers as a fresh build does', async () => {
    const rankedQueries = fc.constantFrom<IndexQuery>(
      toQuery({ keywords: 'red chair tree' }),
      toQuery({ keywords: 'robot OR low OR "low poly"' }),
      { pictures: ['p/b', 'p/a'] },
      { pictures: ['p/c'], excludePrint: true },
    );
    await fc.assert(
      fc.asyncProperty(
        catalogue,
        catalogueChanges,
        rankedQueries,
        recentLayerMax,
        async (models, changes, query, recentMax) => {
          const { batches, after } = applyChanges(models, changes);
          let layered = LayeredListingIndex.of(await build(models), recentMax);
          for (const batch of batches) layered = await layered.withChanges(batch);
          const fresh = await build(after);
          expect(allIds(layered, query, 'best_match')).toEqual(allIds(fresh, query, 'best_match'));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("orders by rating against the base's mean until the next full build", async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, catalogueChanges, async (models, changes) => {
        const { batches, after } = applyChanges(models, changes);
        let layered = LayeredListingIndex.of(await build(models), 2);
        for (const batch of batches) layered = await layered.withChanges(batch);
        const mean = meanRating(models.map((m) => ({ average: m.ratingAverage, count: m.ratingCount })));
        const rank = (m: (typeof after)[number]) => ratingRank(m.ratingAverage, m.ratingCount, mean);
        const expected = [...after]
          .sort((a, b) => rank(b) - rank(a) || b.ratingCount - a.ratingCount || a.id - b.id)
          .map((m) => m.id);
        expect(allIds(layered, {}, 'top_rated')).toEqual(expected);
      }),
    );
  });

  it('takes no change without rebuilding and shows a removed model nowhere', async () => {
    const models = [1, 2, 3].map((id) => plainModel(id, { title: `chair ${id}`, trendingScore: id }));
    const layered = LayeredListingIndex.of(await build(models));
    expect(await layered.withChanges(new Map())).toBe(layered);
    const without2 = await layered.withChanges(new Map([[2, null]]));
    expect(allIds(without2, toQuery({ keywords: 'chair' }), 'trending')).toEqual([3, 1]);
    expect(without2.match({ formats: ['stl'] }).total).toBe(2);
    expect(without2.changedSinceBase).toBe(1);
    // The base is the same object: nothing was rebuilt under it.
    expect(without2.base).toBe(layered.base);
  });
});
