import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { mailboxOf, referralStateOf } from '../api';
import { recordSignUpReferral, referralCodeOf, settleReferralRewards, type ReferralRules } from './commands';
import { getInviteOverview } from './queries';

let t: TestDatabase;
let userCount = 0;
const day = 86_400_000;
const rules: ReferralRules = {
  inviterRewardCents: 1000,
  friendRewardCents: 500,
  refundWindowDays: 14,
  creditsExpiryDays: 365,
};
const paidAt = new Date('2031-05-01T12:00:00Z');

async function newUser(email?: string): Promise<number> {
  const username = `ref${++userCount}`;
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [username, email ?? `${username}@example.com`],
  );
  return row!.id;
}

async function paidOrder(userId: number, at: Date, status = 'fulfilled', totalCents = 2400): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO orders (user_id, idempotency_key, kind, status, subtotal_cents, sale_discount_cents,
       coupon_discount_cents, credits_cents, total_cents, payment_provider, paid_at)
     VALUES ($1, $2, 'models', $3, $4, 0, 0, 0, $4, 'test', $5) RETURNING id`,
    [userId, `k${Math.random()}`, status, totalCents, at.toISOString()],
  );
  return row!.id;
}

async function rewardsOf(userId: number) {
  return t.handle.query<{ amount_cents: number; reward_key: string }>(
    `SELECT amount_cents, reward_key FROM points_ledger WHERE user_id = $1 AND kind = 'rewarded'`,
    [userId],
  );
}

async function referredPair() {
  const inviter = await newUser();
  const friend = await newUser();
  const code = await referralCodeOf(inviter);
  expect(await recordSignUpReferral(friend, code, paidAt)).toBe(true);
  return { inviter, friend, code };
}

beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(() => t.cleanup());

describe('referrals', () => {
  it('pays both once, only after the refund window, however often and concurrently it runs', async () => {
    const { inviter, friend } = await referredPair();
    await paidOrder(friend, paidAt);
    expect(await settleReferralRewards(rules, new Date(paidAt.getTime() + 13 * day))).toMatchObject({
      rewarded: 0,
    });
    expect(await rewardsOf(inviter)).toEqual([]);
    const later = new Date(paidAt.getTime() + 14 * day + 1000);
    await Promise.all([
      settleReferralRewards(rules, later),
      settleReferralRewards(rules, later),
      settleReferralRewards(rules, later, { inviterId: inviter }),
    ]);
    await settleReferralRewards(rules, new Date(later.getTime() + day));
    expect(await rewardsOf(inviter)).toEqual([
      { amount_cents: 1000, reward_key: `referral:${friend}:inviter` },
    ]);
    expect(await rewardsOf(friend)).toEqual([{ amount_cents: 500, reward_key: `referral:${friend}:friend` }]);
    const overview = await getInviteOverview(inviter, rules, later);
    expect(overview.friends.map((f) => f.state)).toEqual(['rewarded']);
  });

  it('does not count a refunded purchase or a free one; a later purchase can', async () => {
    const { inviter, friend } = await referredPair();
    await paidOrder(friend, paidAt, 'refunded');
    await paidOrder(friend, paidAt, 'fulfilled', 0);
    const late = new Date(paidAt.getTime() + 30 * day);
    await settleReferralRewards(rules, late);
    expect(await rewardsOf(inviter)).toEqual([]);
    expect((await getInviteOverview(inviter, rules, late)).friends[0]!.state).toBe('signed_up');
    await paidOrder(friend, late);
    const overview = await getInviteOverview(inviter, rules, new Date(late.getTime() + day));
    expect(overview.friends[0]!.state).toBe('purchased');
    expect(overview.friends[0]!.rewardDueAt).toEqual(new Date(late.getTime() + 14 * day));
    await settleReferralRewards(rules, new Date(late.getTime() + 15 * day));
    expect(await rewardsOf(inviter)).toHaveLength(1);
  });

  it('refuses self-referral: own code, the same mailbox; one inviter per friend', async () => {
    const inviter = await newUser('Jane.Doe@gmail.com');
    const code = await referralCodeOf(inviter);
    expect(await referralCodeOf(inviter)).toBe(code);
    expect(await recordSignUpReferral(inviter, code)).toBe(false);
    expect(await recordSignUpReferral(inviter, 'not a code')).toBe(false);
    const alias = await newUser('janedoe+shop@gmail.com');
    expect(await recordSignUpReferral(alias, code, paidAt)).toBe(true);
    await paidOrder(alias, paidAt);
    await settleReferralRewards(rules, new Date(paidAt.getTime() + 20 * day));
    expect(await rewardsOf(inviter)).toEqual([]);
    const { friends } = await getInviteOverview(inviter, rules);
    expect(friends.map((f) => [f.state, f.refusedReason])).toEqual([['refused', 'same_address']]);

    const other = await newUser();
    const friend = await newUser();
    expect(await recordSignUpReferral(friend, await referralCodeOf(other))).toBe(true);
    expect(await recordSignUpReferral(friend, code)).toBe(false);
  });
});

describe('referral rules', () => {
  it('reduces an address to its mailbox', () => {
    expect(mailboxOf('J.Doe+x@GoogleMail.com')).toBe('jdoe@gmail.com');
    expect(mailboxOf('j.doe+x@example.com')).toBe('j.doe@example.com');
    fc.assert(
      fc.property(fc.emailAddress(), fc.stringMatching(/^[a-z0-9]{0,8}$/), (email, tag) => {
        const [local, domain] = [
          email.slice(0, email.lastIndexOf('@')),
          email.slice(email.lastIndexOf('@') + 1),
        ];
        if (local.includes('+')) return;
        expect(mailboxOf(`${local.toUpperCase()}+${tag}@${domain}`)).toBe(mailboxOf(email));
        expect(mailboxOf(mailboxOf(email))).toBe(mailboxOf(email));
      }),
    );
  });

  it('has one state per set of facts: refused over rewarded over purchased', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom('same_address' as const, 'same_card' as const)),
        fc.option(fc.date()),
        fc.option(fc.date()),
        (refusedReason, purchasedAt, rewardedAt) => {
          const state = referralStateOf({ refusedReason, purchasedAt, rewardedAt });
          if (refusedReason) expect(state).toBe('refused');
          else if (rewardedAt) expect(state).toBe('rewarded');
          else expect(state).toBe(purchasedAt ? 'purchased' : 'signed_up');
        },
      ),
    );
  });
});
