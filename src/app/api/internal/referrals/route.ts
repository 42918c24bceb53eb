import { getInviteOverview } from '@/features/referrals/server/queries';
import { referralRulesFromEnv } from '@/features/referrals/server/rules';
import { env } from '@/env';
import { requireUser, visitorOfRequest } from '@/server/auth/visitor';
import { handleJson, jsonData } from '@/server/http/json';

/**
 * The signed-in member's referral programme: their link, the rewards and refund window, and their
 * friends with each one's state (`signed_up`, `purchased`, `rewarded`, `refused`); 401 for a guest.
 */
export function GET(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await visitorOfRequest(request));
    const rules = referralRulesFromEnv();
    const { code, friends } = await getInviteOverview(user.id, rules);
    return jsonData({
      code,
      link: new URL(`/invite/${code}`, env.publicUrl).toString(),
      inviterRewardCents: rules.inviterRewardCents,
      friendRewardCents: rules.friendRewardCents,
      refundWindowDays: rules.refundWindowDays,
      friends: friends.map((friend) => ({
        username: friend.username,
        signedUpAt: friend.signedUpAt.toISOString(),
        state: friend.state,
        refusedReason: friend.refusedReason,
        rewardDueAt: friend.rewardDueAt?.toISOString() ?? null,
        rewardedAt: friend.rewardedAt?.toISOString() ?? null,
      })),
    });
  });
}
