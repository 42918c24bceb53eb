import { describe, expect, it } from 'vitest';

import { parseProfileQuery } from './schemas';

describe('parseProfileQuery', () => {
  it('reads the tab, page, reviews direction and sort, with defaults for anything unknown', () => {
    expect(parseProfileQuery({})).toEqual({
      tab: 'models',
      page: 1,
      reviewDirection: 'received',
      reviewSort: 'newest',
      sort: undefined,
    });
    expect(
      parseProfileQuery({ tab: 'reviews', reviews: 'given', sort: 'negative', page: '3' }),
    ).toMatchObject({
      tab: 'reviews',
      page: 3,
      reviewDirection: 'given',
      reviewSort: 'negative',
    });
    expect(parseProfileQuery({ tab: 'nope', reviews: 'x', sort: 'price_asc', page: '-2' })).toMatchObject({
      tab: 'models',
      page: 1,
      reviewDirection: 'received',
      reviewSort: 'newest',
      sort: 'price_asc',
    });
    expect(parseProfileQuery({ tab: ['about', 'reviews'] }).tab).toBe('about');
  });
});
