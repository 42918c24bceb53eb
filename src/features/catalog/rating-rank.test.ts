import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { dampedRating, meanRating, ratingPriorWeight } from './rating-rank';
import { ListingIndexBuilder } from './server/listing-index';
import { plainModel } from './server/listing-index-arbitraries';

const stars = fc.integer({ min: 0, max: 5 });
const ratings = fc.array(stars, { maxLength: 400 });
/** A catalogue's mean of at most 4.7: real catalogues sit well below a perfect score. */
const mean = fc.double({ min: 0, max: 4.7, noNaN: true });

const figuresOf = (given: number[]) => ({
  average: given.length === 0 ? 0 : given.reduce((a, b) => a + b, 0) / given.length,
  count: given.length,
});

describe('the damped rating (decision 0047)', () => {
  it('never falls when a 5-star rating is added', () => {
    fc.assert(
      fc.property(ratings, fc.double({ min: 0, max: 5, noNaN: true }), (given, m) => {
        const before = figuresOf(given);
        const after = figuresOf([...given, 5]);
        expect(dampedRating(after.average, after.count, m)).toBeGreaterThanOrEqual(
          dampedRating(before.average, before.count, m) - 1e-12,
        );
      }),
    );
  });

  it('ranks one 5-star rating below 300 ratings averaging 4.8', () => {
    fc.assert(
      fc.property(mean, (m) => {
        expect(dampedRating(5, 1, m)).toBeLessThan(dampedRating(4.8, 300, m));
      }),
    );
  });

  it('stays between the catalogue mean and the plain average', () => {
    fc.assert(
      fc.property(ratings, mean, (given, m) => {
        const { average, count } = figuresOf(given);
        const damped = dampedRating(average, count, m);
        expect(damped).toBeGreaterThanOrEqual(Math.min(average, m) - 1e-9);
        expect(damped).toBeLessThanOrEqual(Math.max(average, m) + 1e-9);
      }),
    );
  });

  it('weighs the prior as C ratings of the mean', () => {
    expect(ratingPriorWeight).toBe(10);
    expect(dampedRating(5, 1, 4)).toBeCloseTo((10 * 4 + 5) / 11, 12);
    expect(
      meanRating([
        { average: 5, count: 1 },
        { average: 4, count: 3 },
        { average: 0, count: 0 },
      ]),
    ).toBe(4.25);
  });
});

const indexed = (id: number, ratingAverage: number, ratingCount: number) =>
  plainModel(id, { ratingAverage, ratingCount });

describe('the listing index top-rated order', () => {
  it('puts 300 ratings averaging 4.8 above a single 5-star rating, and unrated models last', async () => {
    const builder = new ListingIndexBuilder();
    builder.add(indexed(1, 5, 1));
    builder.add(indexed(2, 4.8, 300));
    builder.add(indexed(3, 0, 0));
    builder.add(indexed(4, 3.9, 40));
    const index = await builder.build();
    expect(index.match({}).page('top_rated', 0, 10)).toEqual([2, 1, 4, 3]);
  });

  it('keeps "4 stars & up" on the plain average', async () => {
    const builder = new ListingIndexBuilder();
    builder.add(indexed(1, 5, 1));
    builder.add(indexed(2, 3.9, 400));
    const index = await builder.build();
    expect(index.match({ minRating: 4 }).page('top_rated', 0, 10)).toEqual([1]);
  });
});
