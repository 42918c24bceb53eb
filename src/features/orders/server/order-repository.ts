/**
 * The rows of the `orders` table and their lines, for every kind of order (models from the cart, a
 * service). Status changes are written only through order-transitions.ts, which checks the lifecycle.
 */
import { and, asc, eq, lt } from 'drizzle-orm';

import type { OrderStatus } from '../commerce-states';
import type { Transaction } from '@/server/db/client';

import { orderLines, orders } from './schema';

/** The user's order with this idempotency key (a double-submitted payment), if there is one. */
export async function findOrderByIdempotencyKey(
  tx: Transaction,
  userId: number,
  idempotencyKey: string,
): Promise<{ id: number; status: OrderStatus; totalCents: number } | undefined> {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return order;
}

/** A new order, pending: its id and status. */
export async function insertOrder(
  tx: Transaction,
  order: typeof orders.$inferInsert,
): Promise<{ id: number; status: OrderStatus; totalCents: number }> {
  const [row] = await tx
    .insert(orders)
    .values(order)
    .returning({ id: orders.id, status: orders.status, totalCents: orders.totalCents });
  return row!;
}

export async function insertOrderLines(
  tx: Transaction,
  lines: (typeof orderLines.$inferInsert)[],
): Promise<void> {
  await tx.insert(orderLines).values(lines);
}

/** The models an order is for. */
export async function findOrderModelIds(tx: Transaction, orderId: number): Promise<number[]> {
  const rows = await tx
    .select({ modelId: orderLines.modelId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return rows.map((row) => row.modelId);
}

/** Locks an order's row until the end of the transaction, so that one request at a time changes it. */
export async function lockOrder(tx: Transaction, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      totalCents: orders.totalCents,
      creditsCents: orders.creditsCents,
      paymentReference: orders.paymentReference,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order;
}

/** What a status change writes besides the status. */
export type OrderStatusChanges = Partial<
  Pick<typeof orders.$inferInsert, 'paymentReference' | 'cardFingerprint' | 'paidAt' | 'failureReason'>
> & { updatedAt: Date };

export async function updateOrderStatus(
  tx: Transaction,
  orderId: number,
  status: OrderStatus,
  changes: OrderStatusChanges,
): Promise<void> {
  await tx
    .update(orders)
    .set({ status, ...changes })
    .where(eq(orders.id, orderId));
}

/** Orders still pending that were created before `before`, charged through `provider`, oldest first. */
export async function findPendingOrdersBefore(
  db: Pick<Transaction, 'select'>,
  before: Date,
  provider: string,
  limit: number,
) {
  return db
    .select({ id: orders.id, kind: orders.kind, totalCents: orders.totalCents })
    .from(orders)
    .where(
      and(eq(orders.status, 'pending'), eq(orders.paymentProvider, provider), lt(orders.createdAt, before)),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** An order's kind and total, by id. */
export async function findOrderHead(db: Pick<Transaction, 'select'>, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      kind: orders.kind,
      totalCents: orders.totalCents,
      status: orders.status,
      paymentProvider: orders.paymentProvider,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}
