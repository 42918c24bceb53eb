import { describe, expect, it } from 'vitest';

import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('keeps an entry for its time to live', () => {
    const cache = new TtlCache<number>(1000, 10);
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('drops the oldest entry past its size', () => {
    const cache = new TtlCache<number>(1000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('a', 3, 0);
    cache.set('c', 4, 0);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(3);
    expect(cache.get('c', 1)).toBe(4);
    cache.clear();
    expect(cache.get('a', 1)).toBeUndefined();
  });
});
