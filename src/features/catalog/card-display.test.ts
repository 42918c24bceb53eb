import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { cardSizes, defaultCardDisplay, parseCardDisplay, serializeCardDisplay } from './card-display';

describe('card display cookie', () => {
  it('reads back what it wrote', () => {
    fc.assert(
      fc.property(fc.constantFrom(...cardSizes), fc.boolean(), (size, details) => {
        expect(parseCardDisplay(serializeCardDisplay({ size, details }))).toEqual({ size, details });
      }),
    );
  });

  it('falls back to large cards with details for a missing or hand-edited value', () => {
    expect(parseCardDisplay(undefined)).toEqual(defaultCardDisplay);
    expect(parseCardDisplay('huge.pictures')).toEqual({ size: 'large', details: false });
    expect(parseCardDisplay('small.whatever')).toEqual({ size: 'small', details: true });
    fc.assert(
      fc.property(fc.string(), (value) => {
        const display = parseCardDisplay(value);
        expect(cardSizes).toContain(display.size);
        expect(typeof display.details).toBe('boolean');
      }),
    );
  });
});
