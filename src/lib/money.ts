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
