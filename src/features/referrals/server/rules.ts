import { env } from '@/env';

import type { ReferralRules } from './commands';

/** The referral settings of this installation (src/env.ts). */
export function referralRulesFromEnv(): ReferralRules {
  return {
    inviterRewardCents: env.REFERRAL_INVITER_REWARD_CENTS,
    friendRewardCents: env.REFERRAL_FRIEND_REWARD_CENTS,
    refundWindowDays: env.REFERRAL_REFUND_WINDOW_DAYS,
    creditsExpiryDays: env.CREDITS_EXPIRY_DAYS,
  };
}
