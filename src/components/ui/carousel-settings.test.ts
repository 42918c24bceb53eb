import { describe, expect, it } from 'vitest';

import { homeCarouselSettings, lastStartIndex, nextIndex, slidesPerViewAt } from './carousel-settings';

describe('carousel rules', () => {
  it('shows 1.1 slides on phones and more on wider screens', () => {
    expect(slidesPerViewAt(homeCarouselSettings, 375)).toBe(1.1);
    expect(slidesPerViewAt(homeCarouselSettings, 1440)).toBe(4);
  });

  it('stops at the ends without wrapping', () => {
    const last = lastStartIndex(8, 1.1);
    expect(last).toBe(7);
    expect(nextIndex(0, -1, last, false)).toBe(0);
    expect(nextIndex(7, 1, last, false)).toBe(7);
    expect(nextIndex(3, 1, last, false)).toBe(4);
    expect(lastStartIndex(8, 4)).toBe(4);
  });

  it('wraps when asked', () => {
    expect(nextIndex(7, 1, 7, true)).toBe(0);
    expect(nextIndex(0, -1, 7, true)).toBe(7);
  });
});
