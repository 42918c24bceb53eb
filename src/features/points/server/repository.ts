import { and, asc, eq, inArray, sum } from 'drizzle-orm';

import type { LedgerEntry } from '@/lib/points-ledger';
import { getDb } from '@/server/db/client';
import { orders, pointsLedger } from '@/server/db/schema/commerce';

export async function findLedgerEntries(userId: number): Promise<LedgerEntry[]> {
  const db = await getDb();
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

/** What a user has paid for orders, over their lifetime (sets the loyalty level). */
export async function findLifetimeSpending(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: sum(orders.totalCents) })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'fulfilled'])));
  return Number(row?.total ?? 0);
}
