import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type PricingLine, priceCart } from './cart-pricing';

const now = new Date('2026-11-25T12:00:00Z');
const rules = { saleThresholdCents: 5000, creditsMinCartCents: 2000 };

const lineArb = (modelId: number) =>
  fc.record({
    modelId: fc.constant(modelId),
    priceCents: fc.integer({ min: 0, max: 200_000 }),
    saleDiscountCents: fc.integer({ min: 0, max: 100_000 }),
    saleEndsAt: fc.constantFrom(null, new Date('2026-11-30T00:00:00Z'), new Date('2026-11-01T00:00:00Z')),
    walletEligible: fc.boolean(),
    offerCents: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
  }) satisfies fc.Arbitrary<PricingLine>;

const cartArb = fc
  .integer({ min: 1, max: 8 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => lineArb(i + 1))));

const extrasArb = fc.record({
  coupon: fc.option(
    fc.record({ code: fc.constant('PROMO'), percentOff: fc.integer({ min: 0, max: 100 }) }),
    { nil: null },
  ),
  creditsBalanceCents: fc.integer({ min: 0, max: 100_000 }),
  useCredits: fc.boolean(),
});

describe('priceCart with accepted offers (decision 0037)', () => {
  it('charges the offered price instead of the list price, with no sale on top', () => {
    const p = priceCart({
      lines: [
        { modelId: 1, priceCents: 4000, saleDiscountCents: 1000, saleEndsAt: null, walletEligible: false, offerCents: 2500 },
        { modelId: 2, priceCents: 3000, saleDiscountCents: 0, saleEndsAt: null, walletEligible: false },
      ],
      now,
      rules,
      coupon: null,
      creditsBalanceCents: 0,
      useCredits: false,
    });
    expect(p.lines[0]).toMatchObject({
      priceCents: 2500,
      listPriceCents: 4000,
      offerApplied: true,
      saleDiscountCents: 0,
      onSale: false,
      finalCents: 2500,
    });
    expect(p.lines[1]).toMatchObject({ listPriceCents: 3000, offerApplied: false });
    expect(p.subtotalCents).toBe(5500);
    expect(p.totalCents).toBe(5500);
  });

  it('an offered line never costs more than its offer, and never less than nothing', () => {
    fc.assert(
      fc.property(cartArb, extrasArb, (lines, extras) => {
        const p = priceCart({ lines, now, rules, ...extras });
        p.lines.forEach((priced, i) => {
          const offer = lines[i]!.offerCents;
          expect(priced.finalCents).toBeGreaterThanOrEqual(0);
          if (offer != null) {
            expect(priced.offerApplied).toBe(true);
            expect(priced.priceCents).toBe(offer);
            expect(priced.saleDiscountCents).toBe(0);
            expect(priced.finalCents).toBeLessThanOrEqual(offer);
          } else {
            expect(priced.priceCents).toBe(lines[i]!.priceCents);
          }
          expect(priced.listPriceCents).toBe(lines[i]!.priceCents);
        });
      }),
    );
  });

  it('the total is the subtotal of effective prices less every discount, line by line', () => {
    fc.assert(
      fc.property(cartArb, extrasArb, (lines, extras) => {
        const p = priceCart({ lines, now, rules, ...extras });
        const effective = lines.reduce((sum, l) => sum + (l.offerCents ?? l.priceCents), 0);
        expect(p.subtotalCents).toBe(effective);
        expect(p.totalCents).toBe(
          p.subtotalCents - p.saleDiscountCents - p.couponDiscountCents - p.creditsCents,
        );
        expect(p.totalCents).toBe(p.lines.reduce((sum, l) => sum + l.finalCents, 0));
      }),
    );
  });

  it('without coupon or credits, an all-offer cart costs exactly the sum of its offers', () => {
    fc.assert(
      fc.property(cartArb, (lines) => {
        const offered = lines.map((l) => ({ ...l, offerCents: l.offerCents ?? 1 + (l.priceCents % 500) }));
        const p = priceCart({
          lines: offered,
          now,
          rules,
          coupon: null,
          creditsBalanceCents: 0,
          useCredits: false,
        });
        expect(p.totalCents).toBe(offered.reduce((sum, l) => sum + l.offerCents, 0));
        expect(p.sale.running).toBe(false);
      }),
    );
  });

  it('credits never pay more than their share of the offered price', () => {
    fc.assert(
      fc.property(cartArb, fc.integer({ min: 0, max: 100_000 }), (lines, balance) => {
        const p = priceCart({ lines, now, rules, coupon: null, creditsBalanceCents: balance, useCredits: true });
        p.lines.forEach((priced) => {
          expect(priced.creditsCents).toBeLessThanOrEqual(Math.floor((priced.priceCents * 30) / 100));
        });
        expect(p.creditsCents).toBeLessThanOrEqual(balance);
      }),
    );
  });
});
