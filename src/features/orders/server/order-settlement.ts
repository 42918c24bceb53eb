/**
 * The end of a models order's payment, written once whoever learns it first (the checkout itself, the
 * reconciliation job after a crash, the provider's webhook): each locks the order and changes it only
 * while it is pending, and answers the status it has afterwards.
 */
import { returnToCart } from '@/features/cart/server/api';
import { addModelSales } from '@/features/catalog/server/api';
import { reopenOffersOfOrder } from '@/features/conversations/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { AppError } from '@/server/errors';

import type { OrderStatus } from '../commerce-states';
import type { LoyaltyRules } from './commerce-rules';
import { creditPurchase } from './ledger-commands';
import { insertLedgerEntries, readLifetimeSpending } from './ledger-repository';
import { findOrderModelIds, lockOrder } from './order-repository';
import { transitionOrder } from './order-transitions';

export async function lockExistingOrder(tx: Transaction, orderId: number) {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'No such order');
  return order;
}

/**
 * The payment went through: pending → paid → fulfilled (downloads open at once), with the credits
 * earned at the buyer's level, the first-purchase gift, and each model's sales count.
 */
export async function markOrderPaid(
  orderId: number,
  paymentReference: string | null,
  {
    now,
    loyalty,
    cardFingerprint = null,
  }: { now: Date; loyalty: LoyaltyRules; cardFingerprint?: string | null },
): Promise<OrderStatus> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const order = await lockExistingOrder(tx, orderId);
    if (order.status !== 'pending') return order.status;
    const previousSpendingCents = await readLifetimeSpending(tx, order.userId);
    // Digital goods: paid and fulfilled in one write.
    await transitionOrder(tx, { id: orderId, status: 'paid' }, 'fulfilled', {
      paymentReference,
      // Stripe's charge.succeeded may have brought the card first: an unknown card keeps it.
      ...(cardFingerprint ? { cardFingerprint } : {}),
      paidAt: now,
      updatedAt: now,
    });
    await creditPurchase(tx, order, { previousSpendingCents, now, loyalty });
    await addModelSales(tx, await findOrderModelIds(tx, orderId));
    return 'fulfilled';
  });
}

/** The payment did not go through: pending → failed; the credits come back and the models return to the cart. */
export async function markOrderFailed(orderId: number, reason: string, now: Date): Promise<OrderStatus> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const order = await lockExistingOrder(tx, orderId);
    if (order.status !== 'pending') return order.status;
    await transitionOrder(tx, order, 'failed', { failureReason: reason, updatedAt: now });
    if (order.creditsCents > 0) {
      await insertLedgerEntries(tx, [
        { userId: order.userId, kind: 'refunded', amountCents: order.creditsCents, orderId, createdAt: now },
      ]);
    }
    await returnToCart(tx, order.userId, await findOrderModelIds(tx, orderId), now);
    await reopenOffersOfOrder(tx, orderId);
    return 'failed';
  });
}
