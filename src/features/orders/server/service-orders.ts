/**
 * Paying for a service (the custom-model creation service, a freelance project's agreed price) through
 * the normal checkout machinery: an order of that kind (no order lines) in the same `orders` table and
 * lifecycle, charged by the configured payment provider with a per-order idempotency key.
 *
 * The caller creates the pending order inside its own transaction, under a lock on what is paid for
 * (so that two attempts cannot both charge), links it, commits, then charges it here.
 */
import { and, eq } from 'drizzle-orm';

import { cardOf, type CardFields } from '@/features/orders/card-input';
import type { OrderKind, OrderStatus } from '@/features/orders/commerce-states';
import { assertTransition } from '@/features/orders/order-lifecycle';
import { getDb, type Database } from '@/server/db/client';
import { orders } from '@/features/orders/server/schema';
import { logger } from '@/server/logger';

import type { PaymentProvider } from '@/features/orders/server/payments/payment-provider';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type ServiceOrderKind = Exclude<OrderKind, 'models'>;

export type ServicePaymentOutcome =
  | { status: 'paid'; orderId: number }
  | { status: 'failed'; orderId: number; failure: { kind: 'declined' | 'failed'; code: string } };

/**
 * A pending order for a service, or the user's existing order with the same idempotency key (a
 * double-submitted payment): `created` says which.
 */
export async function insertPendingServiceOrder(
  tx: Tx,
  input: {
    userId: number;
    kind: ServiceOrderKind;
    amountCents: number;
    idempotencyKey: string;
    paymentProvider: PaymentProvider['name'];
    now: Date;
  },
): Promise<{ id: number; status: OrderStatus; totalCents: number; created: boolean }> {
  const [existing] = await tx
    .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), eq(orders.idempotencyKey, input.idempotencyKey)));
  if (existing) return { ...existing, created: false };
  const [order] = await tx
    .insert(orders)
    .values({
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
    })
    .returning({ id: orders.id, status: orders.status, totalCents: orders.totalCents });
  return { ...order!, created: true };
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
  const result = await provider
    .charge({
      amountCents: order.totalCents,
      currency: 'usd',
      idempotencyKey: `order-${order.id}`,
      description: order.description,
      card: card ? cardOf(card) : undefined,
    })
    .catch((error: unknown) => {
      logger.error({ err: error, orderId: order.id }, 'payment provider threw');
      return { status: 'failed', code: 'provider_unavailable', message: 'provider error' } as const;
    });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (!current) throw new Error(`No order ${order.id}`);
    // Another request charged this order meanwhile: its outcome stands.
    if (current.status === 'paid' || current.status === 'fulfilled')
      return { status: 'paid', orderId: order.id };
    if (current.status === 'failed')
      return { status: 'failed', orderId: order.id, failure: { kind: 'failed', code: 'already_failed' } };
    const at = now();
    if (result.status === 'succeeded') {
      assertTransition(current.status, 'paid');
      await tx
        .update(orders)
        .set({ status: 'paid', paymentReference: result.reference, paidAt: at, updatedAt: at })
        .where(eq(orders.id, order.id));
      return { status: 'paid', orderId: order.id };
    }
    assertTransition(current.status, 'failed');
    await tx
      .update(orders)
      .set({ status: 'failed', failureReason: `${result.status}: ${result.code}`, updatedAt: at })
      .where(eq(orders.id, order.id));
    return { status: 'failed', orderId: order.id, failure: { kind: result.status, code: result.code } };
  });
}

/** The service was delivered and approved: paid → fulfilled (inside the caller's transaction). */
export async function fulfilServiceOrder(tx: Tx, orderId: number, now: Date): Promise<void> {
  const [current] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!current) throw new Error(`No order ${orderId}`);
  if (current.status === 'fulfilled') return;
  assertTransition(current.status, 'fulfilled');
  await tx.update(orders).set({ status: 'fulfilled', updatedAt: now }).where(eq(orders.id, orderId));
}
