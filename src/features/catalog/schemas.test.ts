import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { buildQueryString } from '@/lib/query-string';

import {
  filtersToQuery,
  listingSorts,
  noFilters,
  parseListingFilters,
  sortPathSegments,
  withoutImage,
} from './schemas';

function paramsOf(query: string) {
  const params: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) (params[key] ??= []).push(value);
  return params;
}
const parse = (query: string) => parseListingFilters(paramsOf(query));

describe('listing filters', () => {
  it('reads the spec §2 link parameters', () => {
    expect(
      parse('sale_off=1&file_types[]=blend&file_types[]=OBJ&author=BrianEnigma&licenses[]=exclude_3d_print'),
    ).toEqual({
      ...noFilters,
      saleOnly: true,
      formats: ['blend', 'obj'],
      author: 'BrianEnigma',
      excludePrint: true,
    });
    expect(parse('free=1&sort=newest&print_ready=1&keywords=%20chair%20')).toMatchObject({
      freeOnly: true,
      sort: 'newest',
      printReady: true,
      keywords: 'chair',
    });
  });

  it('reads licences, badges, poly-count ranges and a price range', () => {
    expect(
      parse(
        'licenses[]=custom&licenses[]=exclude_3d_print&licenses[]=bogus&badges[]=new&badges[]=new&poly[]=over_1m&price_min=5&price_max=19.99',
      ),
    ).toEqual({
      ...noFilters,
      excludePrint: true,
      licences: ['custom'],
      badges: ['new'],
      polyRanges: ['over_1m'],
      priceMinCents: 500,
      priceMaxCents: 1999,
    });
    expect(parse('price_min=30&price_max=10')).toMatchObject({ priceMinCents: 1000, priceMaxCents: 3000 });
    expect(parse('price_min=-1&price_max=1e3&poly[]=huge')).toEqual(noFilters);
  });

  it('ignores malformed values instead of failing', () => {
    expect(parse('sale_off=yes&file_types[]=exe&author=<script>&sort=price&features[]=x')).toEqual(noFilters);
  });

  it('round-trips every filter value through its own query', () => {
    const filterParams = fc.record({
      'licenses[]': fc.subarray(['exclude_3d_print', 'royalty_free', 'custom_no_ai', 'editorial_no_ai']),
      'badges[]': fc.subarray(['new', 'topRated', 'aiGenerated']),
      'poly[]': fc.subarray(['up_to_5k', '5k_to_50k', 'over_1m']),
      price_min: fc.integer({ min: 0, max: 100_000 }).map((cents) => (cents / 100).toString()),
      price_max: fc.integer({ min: 0, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
      'file_types[]': fc.subarray(['stl', 'obj', 'fbx']),
      sale_off: fc.constantFrom('1', '0'),
    });
    fc.assert(
      fc.property(filterParams, (params) => {
        const filters = parseListingFilters(params);
        expect(parse(buildQueryString(filtersToQuery(filters)))).toEqual(filters);
      }),
    );
  });

  it('survives any query string and round-trips through its own query', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.array(fc.string(), { maxLength: 3 })), (params) => {
        const filters = parseListingFilters(params);
        expect(parse(buildQueryString(filtersToQuery(filters)))).toEqual(filters);
      }),
    );
  });

  it('takes a sort from a listing path (newest, top-selling) unless the query gives one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(sortPathSegments)),
        fc.record({ sort: fc.option(fc.constantFrom(...listingSorts), { nil: undefined }) }),
        fc.option(fc.constantFrom('chair', '"red car"'), { nil: undefined }),
        (pathSort, { sort }, keywords) => {
          const params = { ...(sort ? { sort } : {}), ...(keywords ? { keywords } : {}) };
          const filters = parseListingFilters(params, pathSort);
          expect(filters.sort).toBe(sort ?? pathSort);
          // The path's sort is not repeated in its links; round trips keep it.
          if (!sort || sort === pathSort) expect(filtersToQuery(filters).sort).toBeNull();
          expect(parseListingFilters(paramsOf(buildQueryString(filtersToQuery(filters))), pathSort)).toEqual(
            filters,
          );
        },
      ),
    );
  });

  it('drops an image search and its best-match order together', () => {
    const imageId = '0b0e3f3a-7d55-4d3c-9a0a-1f7e4ad0c0de';
    expect(withoutImage(parseListingFilters({ image_id: imageId }))).toEqual(noFilters);
    expect(withoutImage(parseListingFilters({ image_id: imageId, sort: 'newest' })).sort).toBe('newest');
    expect(withoutImage(parseListingFilters({ image_id: imageId, keywords: 'car' })).sort).toBe('best_match');
    expect(withoutImage(parseListingFilters({ image_id: imageId }, 'top_selling')).sort).toBe('top_selling');
  });
});
