/**
 * Paying for a service (the custom-model creation service, a freelance project's agreed price) through
 * the normal checkout machinery: an order of that kind (no order lines) in the same `orders` table and
 * lifecycle, charged by the configured payment provider with a per-order idempotency key.
 *
 * The caller creates the pending order inside its own transaction, under a lock on what is paid for
 * (so that two attempts cannot both charge), links it, commits, then charges it here.
 */
import { getDb, type Transaction } from '@/server/db/client';

import type { CardFields } from '../card-input';
import type { OrderKind, OrderStatus } from '../commerce-states';
import { findOrderByIdempotencyKey, insertOrder, lockOrder } from './order-repository';
import { transitionOrder } from './order-transitions';
import { checkoutCrashPoint } from './checkout-crash-points';
import { chargeOrder } from './payments/charge-order';
import type { PaymentProvider } from './payments/payment-provider';

export type ServiceOrderKind = Exclude<OrderKind, 'models'>;

export type ServicePaymentOutcome =
  | { status: 'paid'; orderId: number }
  | { status: 'failed'; orderId: number; failure: { kind: 'declined' | 'failed'; code: string } };

/**
 * A pending order for a service, or the user's existing order with the same idempotency key (a
 * double-submitted payment): `created` says which.
 */
export async function insertPendingServiceOrder(
  tx: Transaction,
  input: {
    userId: number;
    kind: ServiceOrderKind;
    amountCents: number;
    idempotencyKey: string;
    paymentProvider: PaymentProvider['name'];
    now: Date;
  },
): Promise<{ id: number; status: OrderStatus; totalCents: number; created: boolean }> {
  const existing = await findOrderByIdempotencyKey(tx, input.userId, input.idempotencyKey);
  if (existing) return { ...existing, created: false };
  const order = await insertOrder(tx, {
    userId: input.userId,
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    subtotalCents: input.amountCents,
    saleDiscountCents: 0,
    couponDiscountCents: 0,
    creditsCents: 0,
    totalCents: input.amountCents,
    paymentProvider: input.paymentProvider,
    createdAt: input.now,
    updatedAt: input.now,
  });
  return { ...order, created: true };
}

/**
 * Charges a pending service order and records the outcome (pending → paid, or → failed). The provider
 * call uses `order-{id}` as its idempotency key: charging the same order twice charges once.
 */
export async function chargeServiceOrder(
  order: { id: number; totalCents: number; description: string },
  card: CardFields | undefined,
  { provider, now }: { provider: PaymentProvider; now: () => Date },
): Promise<ServicePaymentOutcome> {
  await checkoutCrashPoint('before_charge');
  const result = await chargeOrder(provider, order, card);
  if (result.status === 'succeeded') await checkoutCrashPoint('after_charge');
  return settleServiceOrder(
    order.id,
    result.status === 'succeeded'
      ? { paid: true, reference: result.reference, cardFingerprint: result.cardFingerprint }
      : { paid: false, reason: `${result.status}: ${result.code}`, kind: result.status, code: result.code },
    now(),
  );
}

export type ServicePaymentResult =
  | { paid: true; reference: string; cardFingerprint?: string | null }
  | { paid: false; reason: string; kind: 'declined' | 'failed'; code: string };

/**
 * Records the end of a service order's payment (pending → paid, or → failed), whoever learns it first:
 * the payment request, the reconciliation job or the provider's webhook. An order no longer pending keeps
 * the outcome it has.
 */
export async function settleServiceOrder(
  orderId: number,
  result: ServicePaymentResult,
  at: Date,
): Promise<ServicePaymentOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await lockOrder(tx, orderId);
    if (!current) throw new Error(`No order ${orderId}`);
    if (current.status === 'paid' || current.status === 'fulfilled') return { status: 'paid', orderId };
    if (current.status !== 'pending')
      return { status: 'failed', orderId, failure: { kind: 'failed', code: 'already_failed' } };
    if (result.paid) {
      await transitionOrder(tx, current, 'paid', {
        paymentReference: result.reference,
        ...(result.cardFingerprint ? { cardFingerprint: result.cardFingerprint } : {}),
        paidAt: at,
        updatedAt: at,
      });
      return { status: 'paid', orderId };
    }
    await transitionOrder(tx, current, 'failed', { failureReason: result.reason, updatedAt: at });
    return { status: 'failed', orderId, failure: { kind: result.kind, code: result.code } };
  });
}

/** The service was delivered and approved: paid → fulfilled (inside the caller's transaction). */
export async function fulfilServiceOrder(tx: Transaction, orderId: number, now: Date): Promise<void> {
  const current = await lockOrder(tx, orderId);
  if (!current) throw new Error(`No order ${orderId}`);
  if (current.status === 'fulfilled') return;
  await transitionOrder(tx, current, 'fulfilled', { updatedAt: now });
}

/**
 * A cancelled service's paid order becomes refunded (inside the caller's transaction): its payment
 * reference and total, for the provider's refund. Null when the order was not paid.
 */
export async function refundServiceOrder(
  tx: Transaction,
  orderId: number,
  now: Date,
): Promise<{ reference: string | null; totalCents: number } | null> {
  const order = await lockOrder(tx, orderId);
  if (!order || (order.status !== 'paid' && order.status !== 'fulfilled')) return null;
  await transitionOrder(tx, order, 'refunded', { updatedAt: now });
  return { reference: order.paymentReference, totalCents: order.totalCents };
}
