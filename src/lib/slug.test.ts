import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Chaisé Longue!', 'chaise-longue'],
    ['  Big Love <3 - Heart Gears ', 'big-love-3-heart-gears'],
    ['Straße', 'strasse'],
    ['日本語', 'model'],
    ['', 'model'],
  ])('%j → %s', (title, slug) => expect(slugify(title)).toBe(slug));

  it('always gives a URL-safe slug within the length limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const slug = slugify(text, 80);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(80);
      }),
    );
  });
});
