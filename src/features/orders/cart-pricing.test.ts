import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type PricingInput, type PricingLine, priceCart } from './cart-pricing';

const now = new Date('2025-06-01T12:00:00Z');
const later = new Date('2025-06-03T00:00:00Z');
const earlier = new Date('2025-05-31T00:00:00Z');
const rules = { saleThresholdCents: 5000, creditsMinCartCents: 2000 };

function line(modelId: number, priceCents: number, extra: Partial<PricingLine> = {}): PricingLine {
  return { modelId, priceCents, saleDiscountCents: 0, saleEndsAt: null, walletEligible: false, ...extra };
}

function input(lines: PricingLine[], extra: Partial<PricingInput> = {}): PricingInput {
  return { lines, now, rules, coupon: null, creditsBalanceCents: 0, useCredits: false, ...extra };
}

describe('priceCart: sales (spec §4 "Cart sale state")', () => {
  it('adds up the prices of a cart without sales', () => {
    const p = priceCart(input([line(1, 1999), line(2, 500)]));
    expect(p.subtotalCents).toBe(2499);
    expect(p.totalCents).toBe(2499);
    expect(p.sale).toEqual({ running: false, applied: false, amountLeftCents: 0, endsAt: null });
    expect(p.lines.map((l) => l.finalCents)).toEqual([1999, 500]);
  });

  it('gives no sale discount below the threshold and shows the amount left', () => {
    const p = priceCart(input([line(1, 3000, { saleDiscountCents: 600, saleEndsAt: later }), line(2, 1000)]));
    expect(p.sale).toEqual({ running: true, applied: false, amountLeftCents: 1000, endsAt: later });
    expect(p.saleDiscountCents).toBe(0);
    expect(p.totalCents).toBe(4000);
    expect(p.lines[0]).toMatchObject({ onSale: true, saleDiscountCents: 0, finalCents: 3000 });
  });

  it('applies the sale discounts once the subtotal reaches the threshold', () => {
    const p = priceCart(input([line(1, 3000, { saleDiscountCents: 600 }), line(2, 2000)]));
    expect(p.sale).toEqual({ running: true, applied: true, amountLeftCents: 0, endsAt: null });
    expect(p.saleDiscountCents).toBe(600);
    expect(p.totalCents).toBe(4400);
    expect(p.lines[1]).toMatchObject({ onSale: false, saleDiscountCents: 0, finalCents: 2000 });
  });

  it('caps a sale discount at 50 % of the price (floored)', () => {
    const p = priceCart(input([line(1, 5001, { saleDiscountCents: 4000 }), line(2, 1000)]));
    expect(p.lines[0]!.saleDiscountCents).toBe(2500);
    expect(p.lines[0]!.finalCents).toBe(2501);
  });

  it('ignores a sale that has ended (an end equal to now has ended)', () => {
    const p = priceCart(
      input([
        line(1, 4000, { saleDiscountCents: 1000, saleEndsAt: earlier }),
        line(2, 4000, { saleDiscountCents: 1000, saleEndsAt: now }),
      ]),
    );
    expect(p.sale).toEqual({ running: false, applied: false, amountLeftCents: 0, endsAt: null });
    expect(p.lines.every((l) => !l.onSale && l.saleDiscountCents === 0)).toBe(true);
    expect(p.totalCents).toBe(8000);
  });

  it('counts down to the earliest end among the live sales', () => {
    const soon = new Date('2025-06-02T00:00:00Z');
    const p = priceCart(
      input([
        line(1, 100, { saleDiscountCents: 10, saleEndsAt: later }),
        line(2, 100, { saleDiscountCents: 10, saleEndsAt: earlier }),
        line(3, 100, { saleDiscountCents: 10, saleEndsAt: soon }),
        line(4, 100, { saleDiscountCents: 10 }),
      ]),
    );
    expect(p.sale.endsAt).toEqual(soon);
    expect(p.sale.amountLeftCents).toBe(4600);
  });
});

describe('priceCart: enterprise coupon', () => {
  it('takes its percentage of each line after the sale discount, floored per line', () => {
    const p = priceCart(
      input([line(1, 4999, { saleDiscountCents: 1000 }), line(2, 999)], {
        coupon: { code: 'ACME', percentOff: 15 },
      }),
    );
    // 4999 - 1000 = 3999 → 599.85 → 599; 999 → 149.85 → 149
    expect(p.lines.map((l) => l.couponDiscountCents)).toEqual([599, 149]);
    expect(p.couponDiscountCents).toBe(748);
    expect(p.totalCents).toBe(4999 + 999 - 1000 - 748);
  });

  it('makes a line free at 100 %', () => {
    const p = priceCart(input([line(1, 1234)], { coupon: { code: 'FREE', percentOff: 100 } }));
    expect(p.totalCents).toBe(0);
  });
});

describe('priceCart: credits (spec §5: wallet sign, up to 30 %, minimum cart, not during sales)', () => {
  const wallet = { walletEligible: true };

  it('pays up to 30 % of each eligible model, none of the others', () => {
    const p = priceCart(
      input([line(1, 3333, wallet), line(2, 2000), line(3, 1000, wallet)], {
        creditsBalanceCents: 100_000,
        useCredits: true,
      }),
    );
    expect(p.credits).toEqual({ usableCents: 999 + 300, blockedBy: null });
    expect(p.lines.map((l) => l.creditsCents)).toEqual([999, 0, 300]);
    expect(p.creditsCents).toBe(1299);
    expect(p.totalCents).toBe(6333 - 1299);
  });

  it('spends a balance smaller than the caps on the lines in order', () => {
    const p = priceCart(
      input([line(1, 2000, wallet), line(2, 2000, wallet), line(3, 2000, wallet)], {
        creditsBalanceCents: 750,
        useCredits: true,
      }),
    );
    expect(p.credits.usableCents).toBe(750);
    expect(p.lines.map((l) => l.creditsCents)).toEqual([600, 150, 0]);
    expect(p.totalCents).toBe(5250);
  });

  it('shows the usable credits without spending them when they are not used', () => {
    const p = priceCart(input([line(1, 3000, wallet)], { creditsBalanceCents: 5000, useCredits: false }));
    expect(p.credits).toEqual({ usableCents: 900, blockedBy: null });
    expect(p.creditsCents).toBe(0);
    expect(p.totalCents).toBe(3000);
  });

  it.each<[string, PricingInput]>([
    [
      'sale',
      input([line(1, 6000, { ...wallet, saleDiscountCents: 100 })], {
        creditsBalanceCents: 5000,
        useCredits: true,
      }),
    ],
    [
      'promotion',
      input([line(1, 6000, wallet)], {
        coupon: { code: 'ACME', percentOff: 10 },
        creditsBalanceCents: 5000,
        useCredits: true,
      }),
    ],
    ['no_eligible_models', input([line(1, 6000)], { creditsBalanceCents: 5000, useCredits: true })],
    ['below_minimum', input([line(1, 1999, wallet)], { creditsBalanceCents: 5000, useCredits: true })],
    ['no_balance', input([line(1, 6000, wallet)], { creditsBalanceCents: 0, useCredits: true })],
  ])('are blocked by %s', (reason, pricingInput) => {
    const p = priceCart(pricingInput);
    expect(p.credits).toEqual({ usableCents: 0, blockedBy: reason });
    expect(p.creditsCents).toBe(0);
  });

  it('are blocked while a sale applies even if its capped discount rounds to 0', () => {
    const p = priceCart(
      input([line(1, 1, { ...wallet, saleDiscountCents: 1 }), line(2, 6000, wallet)], {
        creditsBalanceCents: 5000,
        useCredits: true,
      }),
    );
    expect(p.saleDiscountCents).toBe(0);
    expect(p.credits.blockedBy).toBe('sale');
  });

  it('are allowed while a sale runs below its threshold', () => {
    const p = priceCart(
      input([line(1, 3000, { ...wallet, saleDiscountCents: 500 })], {
        creditsBalanceCents: 5000,
        useCredits: true,
      }),
    );
    expect(p.sale).toMatchObject({ running: true, applied: false });
    expect(p.creditsCents).toBe(900);
  });

  it('follow the precedence sale, promotion, no eligible models, below minimum, no balance', () => {
    const p = priceCart(
      input([line(1, 6000, { saleDiscountCents: 100 })], {
        coupon: { code: 'ACME', percentOff: 10 },
        rules: { saleThresholdCents: 0, creditsMinCartCents: 1_000_000 },
      }),
    );
    expect(p.credits.blockedBy).toBe('sale');
    const q = priceCart(
      input([line(1, 100)], { rules: { saleThresholdCents: 0, creditsMinCartCents: 1_000_000 } }),
    );
    expect(q.credits.blockedBy).toBe('no_eligible_models');
    const r = priceCart(
      input([line(1, 100, wallet)], { rules: { saleThresholdCents: 0, creditsMinCartCents: 1_000_000 } }),
    );
    expect(r.credits.blockedBy).toBe('below_minimum');
  });

  it('treat an empty cart as having no eligible models', () => {
    const p = priceCart(input([], { creditsBalanceCents: 100, useCredits: true }));
    expect(p.credits.blockedBy).toBe('no_eligible_models');
    expect(p.totalCents).toBe(0);
  });
});

describe('priceCart: properties over random carts', () => {
  const day = 86_400_000;
  const arbLine = fc.record({
    modelId: fc.nat(),
    priceCents: fc.integer({ min: 0, max: 100_000 }),
    saleDiscountCents: fc.oneof(
      { weight: 4, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 120_000 }) },
    ),
    saleEndsAt: fc.option(
      fc.integer({ min: -3 * day, max: 3 * day }).map((offset) => new Date(now.getTime() + offset)),
    ),
    walletEligible: fc.boolean(),
  });
  // Half the carts have no sale at all, so that credits get their chance.
  const arbLines = fc
    .tuple(fc.array(arbLine, { maxLength: 40, size: 'large' }), fc.boolean())
    .map(([lines, sales]) => (sales ? lines : lines.map((l) => ({ ...l, saleDiscountCents: 0 }))));
  const arbInput: fc.Arbitrary<PricingInput> = fc.record({
    lines: arbLines,
    now: fc.constant(now),
    rules: fc.record({
      saleThresholdCents: fc.integer({ min: 0, max: 500_000 }),
      creditsMinCartCents: fc.integer({ min: 0, max: 200_000 }),
    }),
    coupon: fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.record({ code: fc.constant('ACME'), percentOff: fc.integer({ min: 1, max: 100 }) }),
      },
    ),
    creditsBalanceCents: fc.oneof(
      fc.integer({ min: -1000, max: 20_000 }),
      fc.integer({ min: 0, max: 2_000_000 }),
    ),
    useCredits: fc.boolean(),
  });

  it('keeps every amount an integer and the totals consistent', () => {
    fc.assert(
      fc.property(arbInput, (pricingInput) => {
        const p = priceCart(pricingInput);
        const amounts = [
          p.subtotalCents,
          p.saleDiscountCents,
          p.couponDiscountCents,
          p.creditsCents,
          p.totalCents,
          p.sale.amountLeftCents,
          p.credits.usableCents,
          ...p.lines.flatMap((l) => [
            l.saleDiscountCents,
            l.couponDiscountCents,
            l.creditsCents,
            l.finalCents,
          ]),
        ];
        for (const amount of amounts) expect(Number.isSafeInteger(amount)).toBe(true);
        expect(p.totalCents).toBe(
          p.subtotalCents - p.saleDiscountCents - p.couponDiscountCents - p.creditsCents,
        );
        expect(p.totalCents).toBe(p.lines.reduce((s, l) => s + l.finalCents, 0));
        expect(p.subtotalCents).toBe(pricingInput.lines.reduce((s, l) => s + l.priceCents, 0));
        for (const l of p.lines) {
          expect(l.finalCents).toBe(
            l.priceCents - l.saleDiscountCents - l.couponDiscountCents - l.creditsCents,
          );
          expect(l.finalCents).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('keeps credits within 30 % per model, wallet models only, the balance, and out of sales and promotions', () => {
    fc.assert(
      fc.property(arbInput, (pricingInput) => {
        const p = priceCart(pricingInput);
        for (const l of p.lines) {
          expect(l.creditsCents).toBeGreaterThanOrEqual(0);
          expect(l.creditsCents).toBeLessThanOrEqual(Math.floor((l.priceCents * 30) / 100));
          if (!l.walletEligible) expect(l.creditsCents).toBe(0);
        }
        expect(p.creditsCents).toBeLessThanOrEqual(Math.max(0, pricingInput.creditsBalanceCents));
        expect(p.creditsCents).toBeLessThanOrEqual(p.credits.usableCents);
        if (p.saleDiscountCents > 0 || p.couponDiscountCents > 0 || p.sale.applied || pricingInput.coupon) {
          expect(p.creditsCents).toBe(0);
          expect(p.credits.usableCents).toBe(0);
        }
        if (!pricingInput.useCredits) expect(p.creditsCents).toBe(0);
        else expect(p.creditsCents).toBe(p.credits.usableCents);
        if (p.credits.blockedBy !== null) expect(p.credits.usableCents).toBe(0);
      }),
    );
  });

  it('keeps sale discounts within 50 % of the price, only on live sales past the threshold', () => {
    fc.assert(
      fc.property(arbInput, (pricingInput) => {
        const p = priceCart(pricingInput);
        expect(p.sale.applied).toBe(
          p.sale.running && p.subtotalCents >= pricingInput.rules.saleThresholdCents,
        );
        p.lines.forEach((l, i) => {
          const source = pricingInput.lines[i]!;
          expect(l.saleDiscountCents).toBeGreaterThanOrEqual(0);
          expect(l.saleDiscountCents).toBeLessThanOrEqual(Math.floor((l.priceCents * 50) / 100));
          expect(l.saleDiscountCents).toBeLessThanOrEqual(source.saleDiscountCents);
          const live =
            source.saleDiscountCents > 0 &&
            (source.saleEndsAt === null || source.saleEndsAt > pricingInput.now);
          expect(l.onSale).toBe(live);
          if (!live || !p.sale.applied) expect(l.saleDiscountCents).toBe(0);
        });
        if (p.sale.endsAt !== null)
          expect(p.sale.endsAt.getTime()).toBeGreaterThan(pricingInput.now.getTime());
      }),
    );
  });
});
