/** The webhook's reading of Stripe's events, on payloads shaped as Stripe sends them (no network). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';

import { readStripeEvent } from './stripe-webhook';

const secret = 'whsec_unit_test_secret';
const stripe = new Stripe('sk_test_unused');
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const signed = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret });
const read = (payload: string) => readStripeEvent(payload, signed(payload), secret);

describe('readStripeEvent', () => {
  it('charge.succeeded: the card fingerprint for the order of its idempotency key and PaymentIntent', async () => {
    expect(await read(fixture('stripe-charge-succeeded.json'))).toEqual({
      kind: 'card',
      idempotencyKey: 'order-118',
      paymentIntentId: 'pi_3QdL2mFkq8Zr1xYw0yZaBcDe',
      cardFingerprint: 'hO5gCs3bYkpH0qGZ',
    });
  });

  it('a charge paid by another method (no card) or without a fingerprint says nothing', async () => {
    const event = JSON.parse(fixture('stripe-charge-succeeded.json')) as {
      data: { object: { payment_method_details: Record<string, unknown>; metadata: object } };
    };
    event.data.object.payment_method_details = {
      type: 'us_bank_account',
      us_bank_account: { last4: '6789' },
    };
    expect(await read(JSON.stringify(event))).toBeNull();
    event.data.object.payment_method_details = { type: 'card', card: { brand: 'visa', last4: '4242' } };
    expect(await read(JSON.stringify(event))).toBeNull();
  });

  it('payment_intent.succeeded settles the order; its charge, named by id, brings no fingerprint', async () => {
    expect(await read(fixture('stripe-payment-intent-succeeded.json'))).toEqual({
      kind: 'payment',
      idempotencyKey: 'order-118',
      outcome: {
        state: 'succeeded',
        reference: 'pi_3QdL2mFkq8Zr1xYw0yZaBcDe',
        amountCents: 2400,
        refunded: false,
        cardFingerprint: null,
      },
    });
  });

  it('payment_intent.succeeded with its charge expanded, or an old API version’s charges list, brings it', async () => {
    const event = JSON.parse(fixture('stripe-payment-intent-succeeded.json')) as {
      data: { object: Record<string, unknown> };
    };
    const charge = (
      JSON.parse(fixture('stripe-charge-succeeded.json')) as { data: { object: Record<string, unknown> } }
    ).data.object;
    event.data.object.latest_charge = charge;
    expect(await read(JSON.stringify(event))).toMatchObject({
      outcome: { cardFingerprint: 'hO5gCs3bYkpH0qGZ' },
    });
    event.data.object.latest_charge = charge.id;
    event.data.object.charges = { object: 'list', data: [charge], has_more: false };
    expect(await read(JSON.stringify(event))).toMatchObject({
      outcome: { cardFingerprint: 'hO5gCs3bYkpH0qGZ' },
    });
  });
});
