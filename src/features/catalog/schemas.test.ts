import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { buildQueryString } from '@/lib/query-string';

import { filtersToQuery, noFilters, parseListingFilters } from './schemas';

function parse(query: string) {
  const params: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) (params[key] ??= []).push(value);
  return parseListingFilters(params);
}

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

  it('ignores malformed values instead of failing', () => {
    expect(parse('sale_off=yes&file_types[]=exe&author=<script>&sort=price&features[]=x')).toEqual(noFilters);
  });

  it('survives any query string and round-trips through its own query', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.array(fc.string(), { maxLength: 3 })), (params) => {
        const filters = parseListingFilters(params);
        expect(parse(buildQueryString(filtersToQuery(filters)))).toEqual(filters);
      }),
    );
  });
});
