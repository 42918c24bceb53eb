import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { buildHref, buildQueryString } from './query-string';

describe('buildQueryString', () => {
  it('skips null and undefined, repeats array keys and encodes values', () => {
    expect(
      buildQueryString({
        keywords: 'chair & table',
        author: null,
        page: 1,
        'licenses[]': ['exclude_3d_print', undefined, 'x y'],
      }),
    ).toBe('?keywords=chair%20%26%20table&page=1&licenses%5B%5D=exclude_3d_print&licenses%5B%5D=x%20y');
  });

  it('is empty when nothing is left', () => {
    expect(buildQueryString({ a: undefined, b: null, c: [] })).toBe('');
  });

  it('round-trips through URLSearchParams for any strings', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1 }), fc.array(fc.string(), { maxLength: 3 })),
        (params) => {
          const parsed = new URLSearchParams(buildQueryString(params));
          for (const [key, values] of Object.entries(params)) expect(parsed.getAll(key)).toEqual(values);
        },
      ),
    );
  });
});

describe('buildHref', () => {
  it('collapses duplicate slashes', () => {
    expect(buildHref('//3d-models//art/', { page: 1 })).toBe('/3d-models/art/?page=1');
  });
});
