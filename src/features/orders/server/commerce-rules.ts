/** The configured commerce thresholds (spec §9 "parameters, values not shown"), from the environment. */
import { env } from '@/env';
import type { PricingRules } from '../cart-pricing';

export interface LoyaltyRules {
  creditsExpiryDays: number;
  firstPurchaseGiftCents: number;
}

export function pricingRules(): PricingRules {
  return { saleThresholdCents: env.SALE_THRESHOLD_CENTS, creditsMinCartCents: env.CREDITS_MIN_CART_CENTS };
}

export function loyaltyRules(): LoyaltyRules {
  return {
    creditsExpiryDays: env.CREDITS_EXPIRY_DAYS,
    firstPurchaseGiftCents: env.FIRST_PURCHASE_GIFT_CENTS,
  };
}

/**
 * The platform fee on a designer's freelance or custom-model payment, in integer cents (rounded to the
 * nearest cent, half up); the designer is credited the rest.
 */
export function platformFeeCents(priceCents: number, feePercent: number = env.PLATFORM_FEE_PERCENT): number {
  return Math.round((priceCents * feePercent) / 100);
}
