/**
 * A user's loyalty ledger and lifetime spending. The checkout (orders) and the points account (points)
 * both read them, inside a transaction or not, so they are read in this one place; only orders appends
 * entries.
 */
import { and, asc, eq, inArray, sum } from 'drizzle-orm';

import type { Database, Transaction } from '@/server/db/client';

import type { LedgerEntry } from '../points-ledger';
import { orders, pointsLedger } from './schema';

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

export async function insertLedgerEntries(
  tx: Transaction,
  entries: (typeof pointsLedger.$inferInsert)[],
): Promise<void> {
  await tx.insert(pointsLedger).values(entries);
}

/** Whether the user has had the first-purchase gift. */
export async function hasFirstPurchaseGift(tx: Transaction, userId: number): Promise<boolean> {
  const [gifted] = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.kind, 'gifted')))
    .limit(1);
  return Boolean(gifted);
}
