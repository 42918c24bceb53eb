import { priceCart, type CartPricing } from '@/features/orders/api';
import { pricingRules } from '@/features/orders/server/api';

import type { CartLineDto, CartOwner } from '../schemas';
import { findCartLines } from './repository';

/** The cart priced by the rules of spec §9 (lib/cart-pricing) with the configured thresholds. */
export async function getPricedCart(
  owner: CartOwner | null,
  {
    creditsBalanceCents,
    useCredits = false,
    coupon = null,
    now = new Date(),
  }: {
    creditsBalanceCents: number;
    useCredits?: boolean;
    coupon?: { code: string; percentOff: number } | null;
    now?: Date;
  },
): Promise<{ lines: CartLineDto[]; pricing: CartPricing }> {
  const lines = owner ? await findCartLines(owner) : [];
  const pricing = priceCart({
    lines,
    now,
    rules: pricingRules(),
    coupon,
    creditsBalanceCents,
    useCredits,
  });
  return { lines, pricing };
}
