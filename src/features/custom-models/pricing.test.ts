import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { customModelComplexities } from './custom-model-lifecycle';
import { formatPrice } from '@/lib/money';

import { PriceTable } from './components/request-views';
import { customModelPriceTable, isCustomModelComplexity, priceOfComplexity } from './pricing';

const texts = {
  caption: 'Prices',
  complexity: 'Complexity',
  price: 'Price',
  turnaround: 'Turnaround',
  whatItIs: 'What',
  days: (n: number) => `${n} days`,
  complexities: {
    simple: { name: 'Simple', description: 's' },
    standard: { name: 'Standard', description: 'm' },
    complex: { name: 'Complex', description: 'c' },
  },
};

describe('the price table', () => {
  it('the page shows exactly the constant table (price and turnaround per complexity, in order)', () => {
    const html = renderToStaticMarkup(createElement(PriceTable, { texts }));
    const rows = [
      ...html.matchAll(
        /data-complexity="(\w+)".*?data-price-cents="(\d+)".*?<strong>([^<]+)<\/strong>.*?data-days="(\d+)"/g,
      ),
    ].map((m) => ({ complexity: m[1], cents: Number(m[2]), text: m[3], days: Number(m[4]) }));
    expect(rows).toEqual(
      customModelComplexities.map((complexity) => ({
        complexity,
        cents: customModelPriceTable[complexity].priceCents,
        text: formatPrice(customModelPriceTable[complexity].priceCents),
        days: customModelPriceTable[complexity].turnaroundDays,
      })),
    );
  });

  it('is the documented table (decision 0026)', () => {
    expect(customModelPriceTable).toEqual({
      simple: { priceCents: 14_900, turnaroundDays: 5 },
      standard: { priceCents: 39_900, turnaroundDays: 10 },
      complex: { priceCents: 89_900, turnaroundDays: 21 },
    });
  });

  it('maps every complexity to a positive whole-cent price, more work costing more and taking longer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...customModelComplexities),
        fc.constantFrom(...customModelComplexities),
        (a, b) => {
          const ia = customModelComplexities.indexOf(a);
          const ib = customModelComplexities.indexOf(b);
          expect(Number.isSafeInteger(priceOfComplexity(a)) && priceOfComplexity(a) > 0).toBe(true);
          if (ia < ib) {
            expect(priceOfComplexity(a)).toBeLessThan(priceOfComplexity(b));
            expect(customModelPriceTable[a].turnaroundDays).toBeLessThan(
              customModelPriceTable[b].turnaroundDays,
            );
          }
        },
      ),
    );
  });

  it('knows only the three complexities', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), (value) => {
        expect(isCustomModelComplexity(value)).toBe(
          (customModelComplexities as readonly unknown[]).includes(value),
        );
      }),
    );
  });
});
