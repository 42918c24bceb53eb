/**
 * The custom-model service's price table (docs/decisions/0026-custom-model-service.md): one fixed
 * price and turnaround per complexity. The page, the request form and the server all read this table;
 * the price is copied onto the request when it is made (a later change of the table does not change it).
 */
import { customModelComplexities, type CustomModelComplexity } from './custom-model-lifecycle';

export interface CustomModelPrice {
  priceCents: number;
  /** Working days from the designer's selection to the first result. */
  turnaroundDays: number;
}

export const customModelPriceTable: Readonly<Record<CustomModelComplexity, CustomModelPrice>> = {
  simple: { priceCents: 14_900, turnaroundDays: 5 },
  standard: { priceCents: 39_900, turnaroundDays: 10 },
  complex: { priceCents: 89_900, turnaroundDays: 21 },
};

export function isCustomModelComplexity(value: unknown): value is CustomModelComplexity {
  return typeof value === 'string' && (customModelComplexities as readonly string[]).includes(value);
}

/** The fixed price of a complexity, in cents. */
export function priceOfComplexity(complexity: CustomModelComplexity): number {
  return customModelPriceTable[complexity].priceCents;
}
