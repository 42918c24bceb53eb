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
import { LayeredListingIndex, type LayerFold, type ModelChanges } from './listing-layers';

const sorts: IndexSort[] = ['best_match', 'trending', 'newest', 'top_selling', 'price_asc', 'price_desc'];

/**
 * The batches taken one by one as the server takes them: a fold is begun when one is due and taken by
 * the index `lag` batches later (0: at once); one still under way at the end is never taken.
 */
async function takeAll(layered: LayeredListingIndex, batches: ModelChanges[], lag: number) {
  let pending: { fold: LayerFold; takeAfter: number } | null = null;
  for (const [i, batch] of batches.entries()) {
    layered = await layered.withChanges(batch);
    if (pending && i >= pending.takeAfter) {
      layered = await layered.withFold(pending.fold);
      pending = null;
    }
    if (!pending && layered.foldDue) {
      const fold = await layered.fold();
      if (lag === 0) layered = await layered.withFold(fold);
      else pending = { fold, takeAfter: i + lag };
    }
  }
  return layered;
}

describe('the listing index with changes taken in place', () => {
  // Folded into the settled layer after 1, 3 or (never, here) 2,000 models: every shape of layers.
  const recentLayerMax = fc.constantFrom(1, 3, 2_000);
  // A fold taken at once, or after one or two more batches came in while it was built.
  const foldLag = fc.constantFrom(0, 1, 2);

  it('answers every query, sort, page and facet as a fresh build of the changed catalogue does', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogue,
        catalogueChanges,
        fc.option(filterArbitrary, { nil: {} }),
        recentLayerMax,
        foldLag,
        async (models, changes, filters, recentMax, lag) => {
          const { batches, after } = applyChanges(models, changes);
          const layered = await takeAll(LayeredListingIndex.of(await build(models), recentMax), batches, lag);
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
        foldLag,
        async (models, changes, query, recentMax, lag) => {
          const { batches, after } = applyChanges(models, changes);
          const layered = await takeAll(LayeredListingIndex.of(await build(models), recentMax), batches, lag);
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
        const layered = await takeAll(LayeredListingIndex.of(await build(models), 2), batches, 1);
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

  it('takes a fold only over the settled layer it began from, keeping in recent what changed since', async () => {
    const models = [1, 2, 3, 4].map((id) => plainModel(id, { title: `chair ${id}`, trendingScore: id }));
    const base = LayeredListingIndex.of(await build(models), 1);
    const due = await base.withChanges(
      new Map([
        [1, null],
        [2, null],
      ]),
    );
    expect(due.foldDue).toBe(true);
    const fold = await due.fold();
    // Model 3 changed while the fold was built: the fold is taken, model 3 stays in recent.
    const moved = plainModel(3, { title: 'chair 3', trendingScore: 10 });
    const later = await (await due.withChanges(new Map([[3, moved]]))).withFold(fold);
    expect(later.foldDue).toBe(false);
    expect(later.changedSinceBase).toBe(3);
    expect(allIds(later, toQuery({ keywords: 'chair' }), 'trending')).toEqual([3, 4]);
    // Taken once: the same fold does not apply over the settled layer it made, nor over another base.
    expect(await later.withFold(fold)).toBe(later);
    const rebuilt = LayeredListingIndex.of(await build(models), 1);
    expect(await rebuilt.withFold(fold)).toBe(rebuilt);
  });
});
