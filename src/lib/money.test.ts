import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { discountPercentage, formatPrice, parsePriceCents } from './money';

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

describe('parsePriceCents (a price typed by a seller)', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['$1,200.05', 120005],
    [' 0 ', 0],
    ['0.99', 99],
  ])('%j → %i cents', (text, cents) => expect(parsePriceCents(text)).toBe(cents));

  it.each(['', '-1', '12.345', '1,2', 'abc', '12.', '.5', '1e3', '$', '12,00'])('%j is not a price', (text) =>
    expect(parsePriceCents(text)).toBeNull(),
  );

  it('reads back every formatted price, and never throws', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000_000 }), (cents) => {
        expect(parsePriceCents(formatPrice(cents))).toBe(cents);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cents = parsePriceCents(text);
        expect(cents === null || (Number.isSafeInteger(cents) && cents >= 0)).toBe(true);
      }),
    );
  });
});
