/** What the invite page reads (decision 0048). */
import { referralStateOf, rewardDueAt, type ReferralState, type RefusalReason } from '../api';
import { referralCodeOf, settleReferralRewards, type ReferralRules } from './commands';
import { findReferralsOf } from './repository';

export interface FriendRow {
  username: string;
  signedUpAt: Date;
  state: ReferralState;
  refusedReason: RefusalReason | null;
  /** For a purchase still within its refund window: when the rewards will be paid. */
  rewardDueAt: Date | null;
  rewardedAt: Date | null;
}

/**
 * The member's code and friends, each in its state. Rewards that fell due since the last look are paid
 * first (the lazy check; the hourly job pays them for members who do not look).
 */
export async function getInviteOverview(userId: number, rules: ReferralRules, now = new Date()) {
  await settleReferralRewards(rules, now, { inviterId: userId });
  await settleReferralRewards(rules, now, { friendId: userId });
  const [code, rows] = await Promise.all([referralCodeOf(userId, now), findReferralsOf(userId, 200)]);
  const friends: FriendRow[] = rows.map((row) => {
    const state = referralStateOf(row);
    return {
      username: row.username,
      signedUpAt: row.signedUpAt,
      state,
      refusedReason: row.refusedReason,
      rewardDueAt:
        state === 'purchased' && row.purchasedAt
          ? rewardDueAt(row.purchasedAt, rules.refundWindowDays)
          : null,
      rewardedAt: row.rewardedAt,
    };
  });
  return { code, friends };
}
