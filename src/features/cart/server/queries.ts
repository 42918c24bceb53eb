import { priceCart, type CartPricing } from '@/features/orders/api';
import { acceptedOffersFor } from '@/features/conversations/server/api';
import { pricingRules } from '@/features/orders/server/api';
import { getDb } from '@/server/db/client';

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
  const stored = owner ? await findCartLines(owner) : [];
  // A signed-in buyer's accepted offers replace the list price of their models (decision 0037).
  const offers =
    owner && 'userId' in owner
      ? await acceptedOffersFor(
          await getDb(),
          owner.userId,
          stored.map((line) => line.modelId),
          now,
        )
      : new Map();
  const lines: CartLineDto[] = stored.map((line) => {
    const offer = offers.get(line.modelId);
    return { ...line, offerCents: offer?.priceCents ?? null, offerExpiresAt: offer?.expiresAt ?? null };
  });
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
