/**
 * Self-referral by the same card (decision 0048), on a migrated database: every order keeps the card
 * fingerprint its payment reported, so the referral check finds one card paying both sides whichever
 * provider charged it. Through the built-in test provider end to end (checkout → settle), and with
 * Stripe through its webhook's events (payment_intent.succeeded settles, charge.succeeded brings the
 * card), signed as Stripe signs them.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import { checkout } from '@/features/orders/server/commands';
import {
  createTestPaymentProvider,
  testCardFingerprint,
} from '@/features/orders/server/payments/test-provider';
import {
  recordSignUpReferral,
  referralCodeOf,
  settleReferralRewards,
} from '@/features/referrals/server/commands';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../tests/setup/test-database';
import { POST as stripeWebhook } from './app/api/webhooks/stripe/route';

let t: TestDatabase;
const paidAt = new Date('2031-03-02T10:00:00Z');
const afterWindow = new Date(paidAt.getTime() + 15 * 86_400_000);
const provider = createTestPaymentProvider({ now: () => paidAt, sleep: async () => undefined });
const options = {
  now: () => paidAt,
  provider,
  rules: {
    pricing: { saleThresholdCents: 2000, creditsMinCartCents: 1000 },
    loyalty: { creditsExpiryDays: 365, firstPurchaseGiftCents: 0 },
  },
};
const referralRules = {
  inviterRewardCents: 1000,
  friendRewardCents: 500,
  refundWindowDays: 14,
  creditsExpiryDays: 365,
};
let users = 0;
let keys = 0;
let paidModels: number[] = [];

async function newUser(): Promise<number> {
  const name = `card${++users}`;
  const [row] = await t.handle.query<{ id: number }>(
    'INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id',
    [name, `${name}-${users}@example${users}.com`],
  );
  return row!.id;
}

/** A friend signed up through the inviter's link. */
async function invitedPair() {
  const inviter = await newUser();
  const friend = await newUser();
  expect(await recordSignUpReferral(friend, await referralCodeOf(inviter), paidAt)).toBe(true);
  return { inviter, friend };
}

async function buyWithCard(userId: number, number: string) {
  const modelId = paidModels[keys % paidModels.length]!;
  await t.handle.query('INSERT INTO cart_items (user_id, model_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    userId,
    modelId,
  ]);
  const outcome = await checkout(
    userId,
    { idempotencyKey: `same-card-${++keys}-abcdef`, card: { number, expiry: '12/34', cvc: '123' } },
    options,
  );
  expect(outcome.status).toBe('fulfilled');
  return outcome.orderId;
}

const fingerprintOf = async (orderId: number) =>
  (
    await t.handle.query<{ card_fingerprint: string | null }>(
      'SELECT card_fingerprint FROM orders WHERE id = $1',
      [orderId],
    )
  )[0]!.card_fingerprint;

const referralOf = async (friend: number) =>
  (
    await t.handle.query<{ refused_reason: string | null; rewarded: boolean }>(
      'SELECT refused_reason, rewarded_at IS NOT NULL AS rewarded FROM referrals WHERE friend_id = $1',
      [friend],
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  paidModels = (
    await t.handle.query<{ id: number }>(
      "UPDATE models SET price_cents = 2400, sale_discount_cents = 0 WHERE status = 'published' RETURNING id",
    )
  ).map((row) => row.id);
}, 120_000);
afterAll(() => t.cleanup());

describe('the built-in test provider', () => {
  it('keeps the card on the order: the same card on both sides is refused, another card is rewarded', async () => {
    const cheat = await invitedPair();
    const inviterOrder = await buyWithCard(cheat.inviter, '4242 4242 4242 4242');
    const friendOrder = await buyWithCard(cheat.friend, '4242424242424242');
    expect(await fingerprintOf(inviterOrder)).toBe(await testCardFingerprint('4242424242424242'));
    expect(await fingerprintOf(friendOrder)).toBe(await fingerprintOf(inviterOrder));

    const honest = await invitedPair();
    await buyWithCard(honest.inviter, '4242424242424242');
    await buyWithCard(honest.friend, '5555555555554444');

    await settleReferralRewards(referralRules, afterWindow);
    expect(await referralOf(cheat.friend)).toEqual({ refused_reason: 'same_card', rewarded: false });
    expect(await referralOf(honest.friend)).toEqual({ refused_reason: null, rewarded: true });
  });
});

describe('Stripe', () => {
  const secret = 'whsec_same_card_secret';
  const stripe = new Stripe('sk_test_unused');
  const saved = { ...env };
  beforeAll(() => {
    Object.assign(env, {
      STRIPE_WEBHOOK_SECRET: secret,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_unused',
    });
  });
  afterAll(() => {
    Object.assign(env, saved);
  });

  const deliver = async (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id: `evt_${type}_${String(object.id)}`,
      object: 'event',
      api_version: '2024-06-20',
      created: Math.floor(paidAt.getTime() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: 'req_1', idempotency_key: null },
      type,
      data: { object },
    });
    const response = await stripeWebhook(
      new Request('http://localhost/api/webhooks/stripe', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
        },
        body: payload,
      }),
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };

  /** A models order paid through Stripe: pending at checkout, settled by the webhook, its card from the charge. */
  async function paidThroughStripe(userId: number, fingerprint: string, chargeFirst = false) {
    const [order] = await t.handle.query<{ id: number }>(
      `INSERT INTO orders (user_id, idempotency_key, kind, status, subtotal_cents, sale_discount_cents,
         coupon_discount_cents, credits_cents, total_cents, payment_provider, created_at)
       VALUES ($1, $2, 'models', 'pending', 2400, 0, 0, 0, 2400, 'stripe', $3) RETURNING id`,
      [userId, `stripe-${++keys}`, paidAt.toISOString()],
    );
    const orderId = order!.id;
    await t.handle.query(
      `INSERT INTO order_lines (order_id, model_id, designer_id, title, licence, price_cents, sale_discount_cents,
         coupon_discount_cents, credits_cents, final_cents)
       SELECT $1, id, designer_id, title, licence, 2400, 0, 0, 0, 2400 FROM models WHERE id = $2`,
      [orderId, paidModels[0]],
    );
    const intentId = `pi_3Same${orderId}`;
    const metadata = { idempotency_key: `order-${orderId}` };
    const charge = {
      id: `ch_3Same${orderId}`,
      object: 'charge',
      amount: 2400,
      paid: true,
      status: 'succeeded',
      payment_intent: intentId,
      metadata,
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2034, fingerprint, funding: 'credit' },
      },
    };
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount: 2400,
      status: 'succeeded',
      latest_charge: charge.id,
      metadata,
    };
    if (chargeFirst)
      expect(await deliver('charge.succeeded', charge)).toEqual({ received: true, cardRecorded: true });
    expect(await deliver('payment_intent.succeeded', intent)).toEqual({
      received: true,
      outcome: 'fulfilled',
    });
    if (!chargeFirst)
      expect(await deliver('charge.succeeded', charge)).toEqual({ received: true, cardRecorded: true });
    // A repeated event changes nothing.
    expect(await deliver('charge.succeeded', charge)).toEqual({ received: true, cardRecorded: false });
    await t.handle.query('UPDATE orders SET paid_at = $2 WHERE id = $1', [orderId, paidAt.toISOString()]);
    expect(await fingerprintOf(orderId)).toBe(fingerprint);
    return orderId;
  }

  it('stores the card fingerprint of the charge, in either order of events, and refuses the same card', async () => {
    const cheat = await invitedPair();
    await paidThroughStripe(cheat.inviter, 'hO5gCs3bYkpH0qGZ');
    await paidThroughStripe(cheat.friend, 'hO5gCs3bYkpH0qGZ', true);
    const honest = await invitedPair();
    await paidThroughStripe(honest.inviter, 'Aa1Bb2Cc3Dd4Ee5F');
    await paidThroughStripe(honest.friend, 'Zz9Yy8Xx7Ww6Vv5U');

    await settleReferralRewards(referralRules, afterWindow);
    expect(await referralOf(cheat.friend)).toEqual({ refused_reason: 'same_card', rewarded: false });
    expect(await referralOf(honest.friend)).toEqual({ refused_reason: null, rewarded: true });
  });
});
