/** Money is integer cents, excluding VAT (spec §9). */

/** '$12' for whole dollars, '$12.50' otherwise. */
export function formatPrice(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  const grouped = dollars.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = rest === 0 ? `$${grouped}` : `$${grouped}.${rest.toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** The discount as a whole percentage of the price, e.g. 25 for 25 % off; 0 when there is none. */
export function discountPercentage(priceCents: number, discountCents: number): number {
  if (priceCents <= 0 || discountCents <= 0) return 0;
  return Math.round((discountCents / priceCents) * 100);
}

/**
 * A price typed by a seller ('12', '12.5', '12.50', '$1,200.00') in cents, or null when it is not a
 * non-negative amount with at most two decimals.
 */
export function parsePriceCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}
