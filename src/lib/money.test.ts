import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { discountPercentage, formatPrice } from './money';

describe('formatPrice (spec §9: whole numbers without decimals, else two, dollar sign)', () => {
  it.each([
    [0, '$0'],
    [500, '$5'],
    [1999, '$19.99'],
    [1250, '$12.50'],
    [7, '$0.07'],
    [123456789, '$1,234,567.89'],
    [-350, '-$3.50'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });

  it('round-trips every amount to its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const text = formatPrice(cents).replace(/[$,]/g, '');
        expect(Math.round(Number(text) * 100)).toBe(cents);
        expect(text.includes('.')).toBe(cents % 100 !== 0);
      }),
    );
  });
});

describe('discountPercentage', () => {
  it('rounds to a whole number', () => {
    expect(discountPercentage(999, 250)).toBe(25);
    expect(discountPercentage(300, 100)).toBe(33);
    expect(discountPercentage(0, 0)).toBe(0);
    expect(discountPercentage(1000, 0)).toBe(0);
  });

  it('is between 0 and 100 for any valid discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (price, share) => {
          const p = discountPercentage(price, Math.floor(price * share));
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});
