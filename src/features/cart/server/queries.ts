import { priceCart, type CartPricing } from '@/features/orders/api';
import { pricingRules } from '@/features/orders/server/api';

import type { CartLineDto, CartOwner } from '../schemas';
import {
  countCartItems,
  findCartLines,
  findModelCartState,
  findRecentlyViewedModelIds,
  findWishlistModelIds,
} from './repository';

export function getCartLines(owner: CartOwner): Promise<CartLineDto[]> {
  return findCartLines(owner);
}

export function getCartCount(owner: CartOwner): Promise<number> {
  return countCartItems(owner);
}

export function getWishlistModelIds(userId: number, limit = 60): Promise<number[]> {
  return findWishlistModelIds(userId, limit);
}

export function getRecentlyViewedModelIds(userId: number, limit = 12): Promise<number[]> {
  return findRecentlyViewedModelIds(userId, limit);
}

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

export function getModelCartState(owner: CartOwner | null, userId: number | null, modelId: number) {
  return findModelCartState(owner, userId, modelId);
}
