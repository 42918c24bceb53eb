/**
 * Checkout (spec §3 Cart, DESIGN §4): the cart becomes a pending order in one transaction (one order
 * per idempotency key; a concurrent checkout of the same cart gets a CONFLICT), the payment provider
 * charges the total outside the transaction, and the order becomes fulfilled or failed.
 */
import { cardOf } from '@/features/orders/card-input';
import type { PricingRules } from '@/features/orders/cart-pricing';
import { loyaltyRules, pricingRules, type LoyaltyRules } from '@/features/orders/server/commerce-rules';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';

import { checkoutInputSchema, type CheckoutOutcome } from '../schemas';
import type { PaymentProvider } from '@/features/orders/server/payments/payment-provider';
import { paymentProviderFromEnv } from '@/features/orders/server/payments/payment-providers';
import { createPendingOrder, markOrderFailed, markOrderPaid, markOrderRefunded } from './repository';

export function configuredRules(): { pricing: PricingRules; loyalty: LoyaltyRules } {
  return { pricing: pricingRules(), loyalty: loyaltyRules() };
}

export async function checkout(
  userId: number,
  input: unknown,
  {
    now = () => new Date(),
    provider = paymentProviderFromEnv(),
    rules = configuredRules(),
  }: { now?: () => Date; provider?: PaymentProvider; rules?: ReturnType<typeof configuredRules> } = {},
): Promise<CheckoutOutcome> {
  const parsed = checkoutInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('BAD_REQUEST', `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const { idempotencyKey, couponCode, useCredits, expectedTotalCents, card } = parsed.data;
  const pending = await createPendingOrder(
    userId,
    { idempotencyKey, couponCode: couponCode ?? null, useCredits, expectedTotalCents },
    { now: now(), rules: rules.pricing, paymentProvider: provider.name },
  );
  if (pending.kind === 'existing') {
    const { id, status } = pending.order;
    if (status === 'failed')
      return { status, orderId: id, failure: { kind: 'failed', code: 'already_failed' } };
    return { status: status === 'pending' ? 'pending' : 'fulfilled', orderId: id };
  }
  const { id: orderId, totalCents } = pending.order;
  if (totalCents === 0) {
    await markOrderPaid(orderId, null, { now: now(), loyalty: rules.loyalty });
    return { status: 'fulfilled', orderId };
  }
  const result = await provider
    .charge({
      amountCents: totalCents,
      currency: 'usd',
      idempotencyKey: `order-${orderId}`,
      description: `Order #${orderId}`,
      card: card ? cardOf(card) : undefined,
    })
    .catch((error: unknown) => {
      logger.error({ err: error, orderId }, 'payment provider threw');
      return { status: 'failed', code: 'provider_unavailable', message: 'provider error' } as const;
    });
  if (result.status === 'succeeded') {
    await markOrderPaid(orderId, result.reference, { now: now(), loyalty: rules.loyalty });
    return { status: 'fulfilled', orderId };
  }
  await markOrderFailed(orderId, `${result.status}: ${result.code}`, now());
  return { status: 'failed', orderId, failure: { kind: result.status, code: result.code } };
}

/** Refunds a paid order through its provider, then in the books (admin action). */
export async function refundOrder(
  orderId: number,
  { now = new Date(), provider = paymentProviderFromEnv() }: { now?: Date; provider?: PaymentProvider } = {},
): Promise<void> {
  const { paymentReference, totalCents } = await markOrderRefunded(orderId, now);
  if (paymentReference && totalCents > 0) {
    const refunded = await provider.refund(paymentReference, totalCents);
    if (!refunded.ok)
      logger.error({ orderId, message: refunded.message }, 'provider refund failed; order marked refunded');
  }
}
