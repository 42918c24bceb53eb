/**
 * Demo referrals (issue 25): the demo buyer's referral code and two friends who signed up through it,
 * so the invite page shows its table on first start. Deterministic; dates count back from `now`.
 */
import type { SqlSession } from '@/server/db/client';

const day = 86_400_000;

export const demoBuyerReferralCode = 'dem2buyerx';

const friends = [
  { username: 'lena-makes', daysAgo: 20 },
  { username: 'arcade-collective', daysAgo: 3 },
] as const;

export async function insertDemoReferrals(handle: SqlSession, now = new Date()): Promise<void> {
  const [inviter] = await handle.query<{ id: number }>(`SELECT id FROM users WHERE username = 'demo-buyer'`);
  if (!inviter) return;
  await handle.query(`INSERT INTO referral_codes (user_id, code, created_at) VALUES ($1, $2, $3)`, [
    inviter.id,
    demoBuyerReferralCode,
    new Date(now.getTime() - 30 * day).toISOString(),
  ]);
  for (const friend of friends) {
    await handle.query(
      `INSERT INTO referrals (friend_id, inviter_id, signed_up_at)
       SELECT id, $2, $3 FROM users WHERE username = $1`,
      [friend.username, inviter.id, new Date(now.getTime() - friend.daysAgo * day).toISOString()],
    );
  }
}
