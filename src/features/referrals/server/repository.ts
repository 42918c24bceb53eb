/** Referrals' reads and writes (decision 0048); the rules are in commands.ts. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { orders } from '@/features/orders/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { RefusalReason } from '../api';
import { referralCodes, referrals } from './schema';

export async function findReferralCode(userId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId));
  return row?.code ?? null;
}

/** Keeps `code` for the user unless they have one (or the code is taken): whether it was stored. */
export async function insertReferralCode(userId: number, code: string, now: Date): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(referralCodes)
    .values({ userId, code, createdAt: now })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return rows.length > 0;
}

export async function findInviterByCode(code: string): Promise<{ id: number; email: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, code));
  return row ?? null;
}

export async function findUserEmail(userId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Records who referred the friend, once (the first link counts). */
export async function insertReferral(row: {
  friendId: number;
  inviterId: number;
  signedUpAt: Date;
  refusedReason: RefusalReason | null;
}): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(referrals)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: referrals.friendId });
  return rows.length > 0;
}

/** A purchase that counts: models bought for money, paid and not refunded. */
const countingOrder = (friendId: ReturnType<typeof sql> | typeof referrals.friendId) =>
  and(
    eq(orders.userId, friendId),
    eq(orders.kind, 'models'),
    inArray(orders.status, ['paid', 'fulfilled']),
    sql`${orders.totalCents} > 0`,
    sql`${orders.paidAt} is not null`,
  );

/** The inviter's friends, newest first, with the time of each one's first counting purchase. */
export async function findReferralsOf(inviterId: number, limit: number) {
  const db = await getDb();
  const friend = alias(users, 'friend');
  return db
    .select({
      friendId: referrals.friendId,
      username: friend.username,
      signedUpAt: referrals.signedUpAt,
      refusedReason: referrals.refusedReason,
      rewardedAt: referrals.rewardedAt,
      purchasedAt:
        sql<Date | null>`(select min(${orders.paidAt}) from ${orders} where ${countingOrder(referrals.friendId)})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(referrals)
    .innerJoin(friend, eq(friend.id, referrals.friendId))
    .where(eq(referrals.inviterId, inviterId))
    .orderBy(desc(referrals.signedUpAt))
    .limit(limit);
}

export async function findReferralOfFriend(friendId: number) {
  const db = await getDb();
  const [row] = await db.select().from(referrals).where(eq(referrals.friendId, friendId));
  return row ?? null;
}

/**
 * Referrals whose rewards are due at `now`: not refused, not rewarded, and the friend's first counting
 * purchase paid before `paidBefore` (the refund window has passed). Optionally one inviter's or friend's.
 */
export async function findDueReferrals(
  paidBefore: Date,
  scope: { inviterId?: number; friendId?: number },
  limit: number,
): Promise<{ friendId: number; inviterId: number; orderId: number }[]> {
  const db = await getDb();
  const rows = await db
    .select({
      friendId: referrals.friendId,
      inviterId: referrals.inviterId,
      orderId: sql<number>`(select ${orders.id} from ${orders} where ${countingOrder(referrals.friendId)} order by ${orders.paidAt}, ${orders.id} limit 1)`,
      paidAt: sql<string>`(select min(${orders.paidAt}) from ${orders} where ${countingOrder(referrals.friendId)})`,
    })
    .from(referrals)
    .where(
      and(
        isNull(referrals.refusedReason),
        isNull(referrals.rewardedAt),
        scope.inviterId === undefined ? undefined : eq(referrals.inviterId, scope.inviterId),
        scope.friendId === undefined ? undefined : eq(referrals.friendId, scope.friendId),
      ),
    )
    .orderBy(asc(referrals.signedUpAt))
    .limit(limit);
  return rows
    .filter((row) => row.orderId !== null && row.paidAt !== null && new Date(row.paidAt) <= paidBefore)
    .map(({ friendId, inviterId, orderId }) => ({ friendId, inviterId, orderId: Number(orderId) }));
}

/**
 * Locks the referral and checks it is still unpaid and unrefused, and that the order still counts (not
 * refunded meanwhile): only then may the caller pay.
 */
export async function lockPayableReferral(
  tx: Transaction,
  friendId: number,
  orderId: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ friendId: referrals.friendId })
    .from(referrals)
    .where(
      and(eq(referrals.friendId, friendId), isNull(referrals.rewardedAt), isNull(referrals.refusedReason)),
    )
    .for('update');
  if (!row) return false;
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), countingOrder(sql`${friendId}`)));
  return order !== undefined;
}

export async function markRewarded(tx: Transaction, friendId: number, orderId: number, now: Date) {
  await tx
    .update(referrals)
    .set({ rewardedAt: now, rewardedOrderId: orderId })
    .where(eq(referrals.friendId, friendId));
}

export async function markRefused(tx: Transaction, friendId: number, reason: RefusalReason) {
  await tx.update(referrals).set({ refusedReason: reason }).where(eq(referrals.friendId, friendId));
}
