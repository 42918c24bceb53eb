import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseQuery } from '../query-language';
import { dampedRating, meanRating } from '../rating-rank';
import { searchWords } from '../search-words';

import { ListingIndexBuilder, type IndexedModel, type IndexQuery, type IndexSort } from './listing-index';
import {
  allIds,
  build,
  catalogue,
  filterArbitrary,
  formats,
  plainModel,
  licences,
  toQuery,
} from './listing-index-arbitraries';

/** What the filters (not the keywords) let through, checked model by model. */
function passesFilters(m: IndexedModel, q: IndexQuery): boolean {
  const finalPrice = m.priceCents - m.saleDiscountCents;
  return (
    (!q.excludePrint || m.productType !== 'print') &&
    (q.categoryId === undefined || m.categoryId === q.categoryId) &&
    (q.designerId === undefined || m.designerId === q.designerId) &&
    (!q.saleOnly || m.saleDiscountCents > 0) &&
    (!q.freeOnly || m.priceCents === 0) &&
    (!q.formats?.length || q.formats.some((f) => m.formats.includes(f))) &&
    (!q.licences?.length || q.licences.includes(m.licence)) &&
    (!q.polyRanges?.length ||
      (m.polyCount !== null &&
        q.polyRanges.some(([from, to]) => m.polyCount! >= from && (to === null || m.polyCount! < to)))) &&
    (q.priceMinCents == null || finalPrice >= q.priceMinCents) &&
    (q.priceMaxCents == null || finalPrice <= q.priceMaxCents) &&
    (!q.minRating || (m.ratingCount > 0 && Math.round(m.ratingAverage * 10) >= q.minRating * 10))
  );
}

const trendingOrder = (a: IndexedModel, b: IndexedModel) => b.trendingScore - a.trendingScore || a.id - b.id;

/** The stored orders as the spec states them, over the catalogue `models`. */
function storedOrders(models: IndexedModel[]): Record<string, (a: IndexedModel, b: IndexedModel) => number> {
  const price = (m: IndexedModel) => m.priceCents - m.saleDiscountCents;
  // The damped average against the whole catalogue's mean (decision 0047); unrated last.
  const mean = meanRating(models.map((m) => ({ average: m.ratingAverage, count: m.ratingCount })));
  const rank = (m: IndexedModel) =>
    m.ratingCount > 0 ? dampedRating(m.ratingAverage, m.ratingCount, mean) : -1;
  return {
    newest: (a, b) => b.publishedAt - a.publishedAt || b.id - a.id,
    top_selling: (a, b) => b.sales - a.sales || a.id - b.id,
    price_asc: (a, b) => price(a) - price(b) || a.id - b.id,
    price_desc: (a, b) => price(b) - price(a) || a.id - b.id,
    top_rated: (a, b) => rank(b) - rank(a) || b.ratingCount - a.ratingCount || a.id - b.id,
  };
}

describe('the listing index', () => {
  it('lets through exactly the models its filters allow, in trending order, page after page', async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, filterArbitrary, async (models, filters) => {
        const query = { ...filters, keywords: null };
        const expected = models.filter((m) => passesFilters(m, query)).sort(trendingOrder);
        expect(allIds(await build(models), query, 'trending')).toEqual(expected.map((m) => m.id));
      }),
    );
  });

  it('orders by newest, top-selling, top-rated and price whether few or many match', async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, fc.option(filterArbitrary, { nil: {} }), async (models, filters) => {
        const index = await build(models);
        const query = { ...filters, keywords: null };
        const found = models.filter((m) => passesFilters(m, query));
        for (const [sort, order] of Object.entries(storedOrders(models)))
          expect(allIds(index, query, sort as IndexSort)).toEqual([...found].sort(order).map((m) => m.id));
      }),
    );
  });

  it('pages a few models found among thousands in each stored order, whatever the page', async () => {
    // Few found in a large catalogue: pages are picked from the found models, not walked along the order.
    const others = Array.from({ length: 3_000 }, (_, i) => plainModel(1_000 + i, { designerId: 1 }));
    await fc.assert(
      fc.asyncProperty(catalogue, fc.constantFrom(10, 11), async (generated, designerId) => {
        // Each generated model ten times over (a generated catalogue is short): pages fill before the end.
        const copies = Array.from({ length: 10 }, (_, k) =>
          generated.map((m) => ({ ...m, id: m.id + 100 * k })),
        );
        const models = [...copies.flat(), ...others];
        const index = await build(models);
        const found = copies.flat().filter((m) => m.designerId === designerId);
        for (const [sort, order] of Object.entries(storedOrders(models)))
          expect(allIds(index, { designerId }, sort as IndexSort)).toEqual(
            [...found].sort(order).map((m) => m.id),
          );
      }),
      { numRuns: 30 },
    );
  });

  it('counts every facet over the whole result set', async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, filterArbitrary, async (models, filters) => {
        const index = await build(models);
        const match = index.match(toQuery(filters));
        const ids = new Set(allIds(index, toQuery(filters), 'best_match'));
        const found = models.filter((m) => ids.has(m.id));
        expect(match.total).toBe(found.length);
        const facets = match.facets({
          formats,
          features: [],
          badges: [],
          licences,
          polyRanges: [
            [0, 5_000],
            [5_000, null],
          ],
          minRatings: [4, 3, 1],
        });
        expect(facets.free).toBe(found.filter((m) => m.priceCents === 0).length);
        expect(facets.sale).toBe(found.filter((m) => m.saleDiscountCents > 0).length);
        expect(facets.formats).toEqual(formats.map((f) => found.filter((m) => m.formats.includes(f)).length));
        expect(facets.licences).toEqual(licences.map((l) => found.filter((m) => m.licence === l).length));
        expect(facets.polyRanges).toEqual([
          found.filter((m) => m.polyCount !== null && m.polyCount < 5_000).length,
          found.filter((m) => m.polyCount !== null && m.polyCount >= 5_000).length,
        ]);
        // "N stars & up": what the listing filtered by it counts.
        expect(facets.minRatings).toEqual(
          [4, 3, 1].map((minRating) => found.filter((m) => passesFilters(m, { minRating })).length),
        );
      }),
    );
  });

  it('finds a word, a phrase within the title or one tag, and ranks models matching more words first', async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, async (models) => {
        const index = await build(models);
        const lines = (m: IndexedModel) => [m.title, ...m.tags].map((line) => searchWords(line).join(' '));
        const has = (m: IndexedModel, phrase: string) =>
          lines(m).some((line) => ` ${line} `.includes(` ${phrase} `));
        const search = (keywords: string) => allIds(index, { keywords: parseQuery(keywords) }, 'best_match');
        const byTrending = (list: IndexedModel[]) => [...list].sort(trendingOrder).map((m) => m.id);

        expect(search('CHAISE')).toEqual(byTrending(models.filter((m) => has(m, 'chaise'))));
        expect(search('"low poly"')).toEqual(byTrending(models.filter((m) => has(m, 'low poly'))));
        expect(search('rex')).toEqual(byTrending(models.filter((m) => has(m, 'rex'))));
        const both = models.filter((m) => has(m, 'red') && has(m, 'chair'));
        const one = models.filter((m) => has(m, 'red') !== has(m, 'chair'));
        expect(search('red chair')).toEqual([...byTrending(both), ...byTrending(one)]);
        // Three optional words: two binary digits of matched words per model.
        const words = ['red', 'chair', 'rex'];
        const matched = (m: IndexedModel) => words.filter((word) => has(m, word)).length;
        expect(search('red chair rex')).toEqual(
          [3, 2, 1].flatMap((count) => byTrending(models.filter((m) => matched(m) === count))),
        );
      }),
    );
  });

  it('pages a best match whose better tier comes late in trending order, across many words of bits', async () => {
    // 60 trending models match one word, then 10 match both, then 30 the other word only.
    const builder = new ListingIndexBuilder();
    const titles = (id: number) => (id <= 60 ? 'red' : id <= 70 ? 'red chair' : 'chair');
    for (let id = 1; id <= 100; id++)
      builder.add(plainModel(id, { title: titles(id), trendingScore: 100 - id }));
    const match = (await builder.build()).match({ keywords: parseQuery('red chair') });
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(match.page('best_match', 0, 10)).toEqual(range(61, 70));
    expect(match.page('best_match', 5, 10)).toEqual([...range(66, 70), ...range(1, 5)]);
    expect(match.page('best_match', 65, 10)).toEqual([...range(56, 60), ...range(71, 75)]);
    expect(match.page('best_match', 95, 10)).toEqual(range(96, 100));
  });

  it('image search puts the models of the most alike picture first', async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, async (models) => {
        const ids = allIds(await build(models), { pictures: ['p/b', 'p/a'] }, 'best_match');
        const of = (key: string) => [...models].filter((m) => m.pictureKey === key).sort(trendingOrder);
        expect(ids).toEqual([...of('p/b'), ...of('p/a')].map((m) => m.id));
      }),
    );
  });

  it('lets the event loop run while it adds and builds (a server keeps answering meanwhile)', async () => {
    const builder = new ListingIndexBuilder();
    const template = fc.sample(catalogue, 1)[0]![0]!;
    const models = Array.from({ length: 1_500 }, (_, i) => ({ ...template, id: i + 1 }));
    const events: string[] = [];
    setImmediate(() => events.push('a task while adding'));
    await builder.addAll(models).then(() => events.push('added'));
    setImmediate(() => events.push('a task while building'));
    const index = await builder.build().then((built) => (events.push('built'), built));
    expect(events).toEqual(['a task while adding', 'added', 'a task while building', 'built']);
    expect(index.match({}).total).toBe(1_500);
  });

  it('keeps word sequences right across chunks of words and past 65,535 distinct words', async () => {
    const builder = new ListingIndexBuilder();
    // 100,000 models of 12 words: 1,200,000 words, more than one chunk (2^20), so one model does not fit
    // in the first and starts the second. Then 70,000 new words: every chunk is widened.
    for (let i = 1; i <= 100_000; i++)
      builder.add(plainModel(i, { title: `t${i % 100} a b c d e f g h i j k` }));
    for (let i = 100_001; i <= 170_000; i++) builder.add(plainModel(i, { title: `w${i} tail` }));
    const index = await builder.build();
    const count = (keywords: string) => index.match({ keywords: parseQuery(keywords) }).total;
    const search = (keywords: string) =>
      index.match({ keywords: parseQuery(keywords) }).page('best_match', 0, 5);
    expect(count('"a b c d e f g h i j k"')).toBe(100_000);
    expect(count('"t26 a b c d e f g h i j k"')).toBe(1_000);
    expect(count('"k t26"')).toBe(0);
    expect(search('"w169999 tail"')).toEqual([169_999]);
    expect(search('"w100003 tail"')).toEqual([100_003]);
    expect(search('"tail w100003"')).toEqual([]);
  });
});
