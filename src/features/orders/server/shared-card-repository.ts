/**
 * Whether two buyers paid with one card (referral abuse, decision 0048), by the card fingerprint each
 * order keeps from its payment: Stripe's `card.fingerprint`, or the built-in test provider's own (a
 * hash of the card number). Orders paid before their provider said (or with credits only) have none.
 */
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { getDb, type Transaction } from '@/server/db/client';

import { orderIdOfKey } from './payments/charge-order';
import { orders } from './schema';

/** Whether the card that paid `orderId` also paid an order of `otherUserId`. */
export async function paidWithCardOf(
  tx: Transaction,
  orderId: number,
  otherUserId: number,
): Promise<boolean> {
  const paid = alias(orders, 'paid');
  const other = alias(orders, 'other');
  const rows = await tx
    .select({ id: other.id })
    .from(paid)
    .innerJoin(other, eq(other.cardFingerprint, paid.cardFingerprint))
    .where(and(eq(paid.id, orderId), isNotNull(paid.cardFingerprint), eq(other.userId, otherUserId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Stripe's `charge.succeeded`: the card's fingerprint for the order the charge paid (by the idempotency
 * key, `order-{id}`, or the PaymentIntent that is the order's payment reference), unless it has one.
 * Whether an order took it.
 */
export async function recordStripeCardFingerprint(card: {
  idempotencyKey: string | null;
  paymentIntentId: string | null;
  cardFingerprint: string;
}): Promise<boolean> {
  const orderId = card.idempotencyKey === null ? null : orderIdOfKey(card.idempotencyKey);
  const which = [
    ...(orderId === null ? [] : [eq(orders.id, orderId)]),
    ...(card.paymentIntentId === null ? [] : [eq(orders.paymentReference, card.paymentIntentId)]),
  ];
  if (which.length === 0) return false;
  const db = await getDb();
  const updated = await db
    .update(orders)
    .set({ cardFingerprint: card.cardFingerprint })
    .where(and(or(...which), eq(orders.paymentProvider, 'stripe'), isNull(orders.cardFingerprint)))
    .returning({ id: orders.id });
  return updated.length > 0;
}
