import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatPrice } from '@/lib/money';

import { checkOfferPrice, minOfferCents, offerIsLive } from './offer-rules';

describe('checkOfferPrice', () => {
  it('reads a typed price and keeps it between the minimum and the list price', () => {
    expect(checkOfferPrice('12.50', 2000)).toEqual({ ok: true, cents: 1250 });
    expect(checkOfferPrice('$20', 2000)).toEqual({ ok: true, cents: 2000 });
    expect(checkOfferPrice('20.01', 2000)).toEqual({ ok: false, error: 'too_high' });
    expect(checkOfferPrice('0.49', 2000)).toEqual({ ok: false, error: 'too_low' });
    expect(checkOfferPrice('', 2000)).toEqual({ ok: false, error: 'required' });
    expect(checkOfferPrice('-5', 2000)).toEqual({ ok: false, error: 'invalid' });
    expect(checkOfferPrice('12.345', 2000)).toEqual({ ok: false, error: 'invalid' });
    expect(checkOfferPrice({}, 2000)).toEqual({ ok: false, error: 'required' });
  });

  it('accepts exactly the prices within the bounds, whatever way they are written', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (cents, list) => {
          const checked = checkOfferPrice(formatPrice(cents), list);
          if (cents >= minOfferCents && cents <= list) expect(checked).toEqual({ ok: true, cents });
          else expect(checked.ok).toBe(false);
        },
      ),
    );
  });

  it('never accepts anything that is not a price', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const checked = checkOfferPrice(text, 10_000_000);
        if (checked.ok) {
          expect(Number.isSafeInteger(checked.cents)).toBe(true);
          expect(checked.cents).toBeGreaterThanOrEqual(minOfferCents);
        }
      }),
    );
  });
});

describe('offerIsLive', () => {
  it('ends at its expiry', () => {
    const expiresAt = new Date('2026-11-28T12:00:00Z');
    expect(offerIsLive({ expiresAt }, new Date('2026-11-28T11:59:59Z'))).toBe(true);
    expect(offerIsLive({ expiresAt }, expiresAt)).toBe(false);
  });
});
