/**
 * Checkout (spec §3 Cart, DESIGN §4): the cart becomes a pending order in one transaction (one order
 * per idempotency key; a concurrent checkout of the same cart gets a CONFLICT), the payment provider
 * charges the total outside the transaction, and the order becomes fulfilled or failed.
 */
import { deletePurchasedCartItems, emptyCart } from '@/features/cart/server/api';
import { acceptedOffersFor, markOffersOrdered } from '@/features/conversations/server/api';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';

import { priceCart, type PricingRules } from '../cart-pricing';
import type { OrderStatus } from '../commerce-states';
import { balanceOf } from '../points-ledger';
import { checkoutInputSchema, type CheckoutOutcome } from '../schemas';
import { loyaltyRules, pricingRules, type LoyaltyRules } from './commerce-rules';
import { checkoutCrashPoint } from './checkout-crash-points';
import { expireDuePoints, settleRefundedOrderCredits } from './ledger-commands';
import { insertLedgerEntries } from './ledger-repository';
import { findOrderByIdempotencyKey, insertOrder, insertOrderLines } from './order-repository';
import { lockExistingOrder, markOrderFailed, markOrderPaid } from './order-settlement';
import { transitionOrder } from './order-transitions';
import { chargeOrder } from './payments/charge-order';
import type { PaymentProvider } from './payments/payment-provider';
import { paymentProviderFromEnv } from './payments/payment-providers';
import { findCheckoutLines, findValidCoupon, lockBuyer } from './repository';

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
  await checkoutCrashPoint('before_charge');
  const result = await chargeOrder(
    provider,
    { id: orderId, totalCents, description: `Order #${orderId}` },
    card,
  );
  // Reconciliation (a crash, a webhook) may have settled the order meanwhile: its outcome stands.
  if (result.status === 'succeeded') {
    await checkoutCrashPoint('after_charge');
    const status = await markOrderPaid(orderId, result.reference, {
      now: now(),
      loyalty: rules.loyalty,
      cardFingerprint: result.cardFingerprint,
    });
    if (status === 'failed') return { status, orderId, failure: { kind: 'failed', code: 'already_failed' } };
    return { status: 'fulfilled', orderId };
  }
  const status = await markOrderFailed(orderId, `${result.status}: ${result.code}`, now());
  if (status !== 'failed') return { status: 'fulfilled', orderId };
  return { status: 'failed', orderId, failure: { kind: result.status, code: result.code } };
}

type PendingOrder =
  | { kind: 'existing'; order: { id: number; status: OrderStatus } }
  | { kind: 'created'; order: { id: number; totalCents: number } };

/**
 * Turns the user's cart into a pending order, in one transaction under a lock on the user: an order
 * with the same idempotency key is returned instead; an empty cart (a concurrent checkout took it) or a
 * total other than the one the buyer saw is a CONFLICT. Credits spent are written to the ledger now
 * (returned if the payment fails), after the expiries due.
 */
async function createPendingOrder(
  userId: number,
  input: {
    idempotencyKey: string;
    couponCode: string | null;
    useCredits: boolean;
    expectedTotalCents?: number;
  },
  { now, rules, paymentProvider }: { now: Date; rules: PricingRules; paymentProvider: string },
): Promise<PendingOrder> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockBuyer(tx, userId);
    const existing = await findOrderByIdempotencyKey(tx, userId, input.idempotencyKey);
    if (existing) return { kind: 'existing', order: existing };

    // Models bought meanwhile (in another tab) leave the cart.
    await deletePurchasedCartItems(tx, userId);
    const cartLines = await findCheckoutLines(tx, userId);
    if (cartLines.length === 0) throw new AppError('CONFLICT', 'The cart is empty or is being checked out');
    // Offers the buyer accepted set those models' prices (decision 0037); the order uses them up.
    const offers = await acceptedOffersFor(
      tx,
      userId,
      cartLines.map((line) => line.modelId),
      now,
    );
    const lines = cartLines.map((line) => ({
      ...line,
      offerCents: offers.get(line.modelId)?.priceCents ?? null,
    }));

    const coupon = input.couponCode ? await findValidCoupon(input.couponCode, now, tx) : null;
    if (input.couponCode && !coupon)
      throw new AppError('CONFLICT', 'This coupon does not exist or has expired');
    const entries = await expireDuePoints(tx, userId, now);
    const pricing = priceCart({
      lines,
      now,
      rules,
      coupon,
      creditsBalanceCents: balanceOf(entries),
      useCredits: input.useCredits,
    });
    if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== pricing.totalCents) {
      throw new AppError('CONFLICT', 'The cart changed: review it before paying');
    }

    const order = await insertOrder(tx, {
      userId,
      idempotencyKey: input.idempotencyKey,
      subtotalCents: pricing.subtotalCents,
      saleDiscountCents: pricing.saleDiscountCents,
      couponCode: coupon?.code ?? null,
      couponDiscountCents: pricing.couponDiscountCents,
      creditsCents: pricing.creditsCents,
      totalCents: pricing.totalCents,
      paymentProvider,
      createdAt: now,
      updatedAt: now,
    });
    const byModel = new Map(lines.map((line) => [line.modelId, line]));
    await insertOrderLines(
      tx,
      pricing.lines.map((priced) => {
        const line = byModel.get(priced.modelId)!;
        return {
          orderId: order.id,
          modelId: priced.modelId,
          designerId: line.designerId,
          title: line.title,
          licence: line.licence,
          priceCents: priced.priceCents,
          saleDiscountCents: priced.saleDiscountCents,
          couponDiscountCents: priced.couponDiscountCents,
          creditsCents: priced.creditsCents,
          finalCents: priced.finalCents,
        };
      }),
    );
    await emptyCart(tx, userId);
    await markOffersOrdered(
      tx,
      [...offers.values()].map((offer) => offer.offerId),
      order.id,
    );
    if (pricing.creditsCents > 0) {
      await insertLedgerEntries(tx, [
        { userId, kind: 'spent', amountCents: -pricing.creditsCents, orderId: order.id, createdAt: now },
      ]);
    }
    return { kind: 'created', order: { id: order.id, totalCents: pricing.totalCents } };
  });
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

/**
 * A refund of a paid order: → refunded, and one net 'refunded' ledger entry (credits spent come back,
 * credits earned go, never below a zero balance). Returns the order's payment reference.
 */
async function markOrderRefunded(
  orderId: number,
  now: Date,
): Promise<{ paymentReference: string | null; totalCents: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const order = await lockExistingOrder(tx, orderId);
    await transitionOrder(tx, order, 'refunded', { updatedAt: now });
    await settleRefundedOrderCredits(tx, order, now);
    return { paymentReference: order.paymentReference, totalCents: order.totalCents };
  });
}
