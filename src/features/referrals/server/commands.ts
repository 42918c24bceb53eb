/**
 * Invite a friend's rules (decision 0048): a member's code, the friend's sign-up through it (not the
 * member under another address), and the rewards, paid once per friend when the friend's first
 * purchase can no longer be refunded. The clock is a parameter everywhere.
 */
import { randomInt } from 'node:crypto';

import { paidWithCardOf, grantReward } from '@/features/orders/server/api';
import { getDb } from '@/server/db/client';

import { isReferralCode, mailboxOf } from '../api';
import {
  findDueReferrals,
  findInviterByCode,
  findReferralCode,
  findUserEmail,
  insertReferral,
  insertReferralCode,
  lockPayableReferral,
  markRefused,
  markRewarded,
} from './repository';

export interface ReferralRules {
  inviterRewardCents: number;
  friendRewardCents: number;
  refundWindowDays: number;
  /** Rewards expire like other earned credits. */
  creditsExpiryDays: number;
}

const codeAlphabet = '23456789abcdefghjkmnpqrstuvwxyz';

function newCode(): string {
  return Array.from({ length: 10 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
}

/** The member's referral code, made the first time it is asked for. */
export async function referralCodeOf(userId: number, now = new Date()): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await findReferralCode(userId);
    if (existing) return existing;
    await insertReferralCode(userId, newCode(), now);
  }
  const code = await findReferralCode(userId);
  if (!code) throw new Error(`No referral code could be stored for user ${userId}`);
  return code;
}

/**
 * After a sign-up: the friend was referred by the code's owner, unless there is no such code or it is
 * the friend's own. The same mailbox (the member's address with a +tag) is kept as refused, so the
 * inviter sees why it earns nothing. Whether it was recorded.
 */
export async function recordSignUpReferral(
  friendId: number,
  code: unknown,
  now = new Date(),
): Promise<boolean> {
  if (!isReferralCode(code)) return false;
  const inviter = await findInviterByCode(code);
  if (!inviter || inviter.id === friendId) return false;
  const friendEmail = await findUserEmail(friendId);
  if (friendEmail === null) return false;
  const sameMailbox = mailboxOf(friendEmail) === mailboxOf(inviter.email);
  return insertReferral({
    friendId,
    inviterId: inviter.id,
    signedUpAt: now,
    refusedReason: sameMailbox ? 'same_address' : null,
  });
}

export interface SettleOutcome {
  rewarded: number;
  refused: number;
}

/**
 * Pays the rewards that are due at `now` (optionally only one inviter's or friend's): both credits in
 * one transaction with the referral marked, each under its own reward key, so a second run, a
 * concurrent one or a retried job pays nothing more. A friend who paid with the inviter's card is
 * refused instead.
 */
export async function settleReferralRewards(
  rules: ReferralRules,
  now: Date,
  scope: { inviterId?: number; friendId?: number } = {},
): Promise<SettleOutcome> {
  const paidBefore = new Date(now.getTime() - rules.refundWindowDays * 86_400_000);
  const due = await findDueReferrals(paidBefore, scope, 200);
  const outcome: SettleOutcome = { rewarded: 0, refused: 0 };
  const db = await getDb();
  const expiresAt = new Date(now.getTime() + rules.creditsExpiryDays * 86_400_000);
  for (const referral of due) {
    await db.transaction(async (tx) => {
      if (!(await lockPayableReferral(tx, referral.friendId, referral.orderId))) return;
      if (await paidWithCardOf(tx, referral.orderId, referral.inviterId)) {
        await markRefused(tx, referral.friendId, 'same_card');
        outcome.refused++;
        return;
      }
      const key = `referral:${referral.friendId}`;
      await grantReward(tx, {
        userId: referral.inviterId,
        amountCents: rules.inviterRewardCents,
        rewardKey: `${key}:inviter`,
        now,
        expiresAt,
      });
      await grantReward(tx, {
        userId: referral.friendId,
        amountCents: rules.friendRewardCents,
        rewardKey: `${key}:friend`,
        now,
        expiresAt,
      });
      await markRewarded(tx, referral.friendId, referral.orderId, now);
      outcome.rewarded++;
    });
  }
  return outcome;
}
