/**
 * Reading a user's loyalty ledger and lifetime spending: the checkout (orders) and the points account
 * (points) both need them, inside a transaction or not, so they are read in this one place.
 */
import { and, asc, eq, inArray, sum } from 'drizzle-orm';

import type { LedgerEntry } from '@/features/orders/points-ledger';
import type { Database } from '@/server/db/client';
import { orders, pointsLedger } from '@/features/orders/server/schema';

/** A database or a transaction on it. */
type Reader = Pick<Database, 'select'>;

export async function readLedger(db: Reader, userId: number): Promise<LedgerEntry[]> {
  return db
    .select({
      id: pointsLedger.id,
      kind: pointsLedger.kind,
      amountCents: pointsLedger.amountCents,
      createdAt: pointsLedger.createdAt,
      expiresAt: pointsLedger.expiresAt,
      expiresEntryId: pointsLedger.expiresEntryId,
      business: pointsLedger.business,
      orderId: pointsLedger.orderId,
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(asc(pointsLedger.id));
}

/** What a user has paid for orders they own (paid or fulfilled): sets the loyalty level. */
export async function readLifetimeSpending(db: Reader, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(orders.totalCents) })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'fulfilled'])));
  return Number(row?.total ?? 0);
}
