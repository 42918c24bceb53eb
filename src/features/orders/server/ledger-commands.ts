/**
 * The loyalty ledger's writes around an order (spec §3 "Points account"), inside the order's
 * transaction: expiries catch up before a balance is used, credits are earned and gifted on payment,
 * and a refund nets out what the order spent and earned.
 */
import type { Transaction } from '@/server/db/client';

import {
  balanceOf,
  dueExpiries,
  loyaltyLevelOf,
  pointsEarnedFor,
  refundAdjustment,
  type LedgerEntry,
} from '../points-ledger';
import type { LoyaltyRules } from './commerce-rules';
import { hasFirstPurchaseGift, insertLedgerEntries, readLedger } from './ledger-repository';
import { isTeamMember } from './team-membership-repository';
import { pointsLedger } from './schema';

/** Writes the expiries due by `now`; the entries after them. */
export async function expireDuePoints(tx: Transaction, userId: number, now: Date): Promise<LedgerEntry[]> {
  const entries = await readLedger(tx, userId);
  const due = dueExpiries(entries, now);
  if (due.length === 0) return entries;
  await insertLedgerEntries(
    tx,
    due.map((expiry) => ({
      userId,
      kind: 'expired' as const,
      amountCents: expiry.amountCents,
      expiresEntryId: expiry.entryId,
      createdAt: now,
    })),
  );
  return readLedger(tx, userId);
}

/**
 * A paid order earns credits at the buyer's level (set by what they spent before it), and the buyer's
 * first purchase the first-purchase gift.
 */
export async function creditPurchase(
  tx: Transaction,
  order: { id: number; userId: number; totalCents: number },
  {
    previousSpendingCents,
    now,
    loyalty,
  }: { previousSpendingCents: number; now: Date; loyalty: LoyaltyRules },
): Promise<void> {
  const expiresAt = new Date(now.getTime() + loyalty.creditsExpiryDays * 86_400_000);
  const earned = pointsEarnedFor(order.totalCents, loyaltyLevelOf(previousSpendingCents).earnRatePercent);
  if (earned > 0) {
    // A business team member earns business credits: they never expire (spec §1, §6).
    const business = await isTeamMember(tx, order.userId);
    await insertLedgerEntries(tx, [
      {
        userId: order.userId,
        kind: 'earned',
        amountCents: earned,
        orderId: order.id,
        business,
        expiresAt: business ? null : expiresAt,
        createdAt: now,
      },
    ]);
  }
  const gifted = await hasFirstPurchaseGift(tx, order.userId);
  if (!gifted && loyalty.firstPurchaseGiftCents > 0) {
    await insertLedgerEntries(tx, [
      {
        userId: order.userId,
        kind: 'gifted',
        amountCents: loyalty.firstPurchaseGiftCents,
        orderId: order.id,
        expiresAt,
        createdAt: now,
      },
    ]);
  }
}

/**
 * One net 'refunded' entry for a refunded order: the credits it spent come back, the credits it earned
 * go, never below a zero balance.
 */
export async function settleRefundedOrderCredits(
  tx: Transaction,
  order: { id: number; userId: number; creditsCents: number },
  now: Date,
): Promise<void> {
  const entries = await expireDuePoints(tx, order.userId, now);
  const earned = entries
    .filter((e) => e.orderId === order.id && (e.kind === 'earned' || e.kind === 'gifted'))
    .reduce((total, e) => total + e.amountCents, 0);
  const adjustment = refundAdjustment({
    creditsSpentCents: order.creditsCents,
    pointsEarnedCents: earned,
    balanceCents: balanceOf(entries),
  });
  if (adjustment !== 0) {
    await insertLedgerEntries(tx, [
      { userId: order.userId, kind: 'refunded', amountCents: adjustment, orderId: order.id, createdAt: now },
    ]);
  }
}

/**
 * Credits a community reward (a challenge prize, a referral) once per `rewardKey`, whoever calls it and
 * however often (two admins closing a challenge at once, a retried job): the key is unique, so a second
 * grant inserts nothing. Returns whether this call granted it. Rewards expire like earned credits.
 */
export async function grantReward(
  tx: Transaction,
  reward: { userId: number; amountCents: number; rewardKey: string; now: Date; expiresAt: Date | null },
): Promise<boolean> {
  if (!Number.isInteger(reward.amountCents) || reward.amountCents <= 0)
    throw new Error(`A reward is a positive whole number of cents, not ${reward.amountCents}`);
  const granted = await tx
    .insert(pointsLedger)
    .values({
      userId: reward.userId,
      kind: 'rewarded',
      amountCents: reward.amountCents,
      rewardKey: reward.rewardKey,
      expiresAt: reward.expiresAt,
      createdAt: reward.now,
    })
    .onConflictDoNothing({ target: pointsLedger.rewardKey })
    .returning({ id: pointsLedger.id });
  return granted.length === 1;
}
