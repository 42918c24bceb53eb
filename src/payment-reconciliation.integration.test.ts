/**
 * Reconciliation of service payments (decision 0038) and the Stripe webhook, on a migrated database:
 * a custom-model payment interrupted before, during or after its charge is settled by one run (the
 * request submitted, or left to pay again, or the charge refunded when the request was cancelled
 * meanwhile); a re-sent key answers the final state and never charges twice; the webhook checks the
 * signature with the stripe package and settles the same way.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import { cancelRequest, createCustomModelRequest } from '@/features/custom-models/server/commands';
import { payForRequest } from '@/features/custom-models/server/payment-commands';
import { acceptApplication } from '@/features/freelance/server/acceptance-commands';
import { applyToProject } from '@/features/freelance/server/application-commands';
import { createTestPaymentProvider, type PaymentProvider } from '@/features/orders/server/api';
import { readStripeEvent } from '@/features/orders/server/payments/stripe-webhook';
import { createMemoryTestChargeStore } from '@/features/orders/server/payments/test-provider';

import { createTestDatabase, type TestDatabase } from '../tests/setup/test-database';
import { POST as stripeWebhook } from './app/api/webhooks/stripe/route';
import { runPaymentReconciliation } from './payment-reconciliation';

let t: TestDatabase;
let buyer: SessionUser;
const start = new Date('2026-11-22T12:00:00Z');
const later = new Date(start.getTime() + 3_600_000);
const never = new Promise<never>(() => {});

const store = createMemoryTestChargeStore();
/** The provider's books are shared by every instance below, as the database shares them across restarts. */
const bank = createTestPaymentProvider({ now: () => start, sleep: async () => {}, store });

/** A process that dies at a point of the payment: the call never returns, what happened stays. */
function crashing(
  point: 'before_charge' | 'during_charge' | 'after_charge',
  name: PaymentProvider['name'] = 'test',
) {
  const inner = createTestPaymentProvider({
    now: () => start,
    store,
    sleep: () => never,
  });
  const provider: PaymentProvider = {
    ...inner,
    name,
    charge: async (request) => {
      if (point === 'before_charge') return never;
      const result = await inner.charge(request);
      return point === 'after_charge' ? never : result;
    },
  };
  return provider;
}

let hours = 1;
const card = (number = '4242424242424242') => ({ number, expiry: '12/30', cvc: '123' });

async function awaitingPayment(title: string): Promise<number> {
  const created = await createCustomModelRequest(
    buyer,
    {
      title,
      description: 'A 1950s brass desk lamp, as in the photos, with a working hinge.',
      complexity: 'standard',
      fileFormats: ['stl'],
      referenceLinks: 'https://example.com/lamp',
    },
    new Date(start.getTime() - hours++ * 3_600_000),
  );
  if (!created.ok) throw new Error(JSON.stringify(created));
  return created.id;
}

const requestRow = async (id: number) =>
  (
    await t.handle.query<{ status: string; order_id: number }>(
      'SELECT status, order_id FROM custom_model_requests WHERE id = $1',
      [id],
    )
  )[0]!;

const orderRow = async (id: number) =>
  (
    await t.handle.query<{ status: string; payment_reference: string | null }>(
      'SELECT status::text, payment_reference FROM orders WHERE id = $1',
      [id],
    )
  )[0]!;

/** Starts a payment that never returns, and waits until its order exists. */
async function interruptedPayment(
  requestId: number,
  key: string,
  provider: PaymentProvider,
  number?: string,
) {
  void payForRequest(
    buyer,
    requestId,
    { idempotencyKey: key, card: card(number) },
    { now: () => start, provider },
  );
  for (let i = 0; i < 200; i++) {
    const row = await requestRow(requestId);
    if (row.order_id !== null) {
      const [order] = await t.handle.query<{ id: number }>('SELECT id FROM orders WHERE id = $1', [
        row.order_id,
      ]);
      // The charge (or its absence) is decided right after the order commits.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return order!.id;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no order');
}

beforeAll(async () => {
  t = await createTestDatabase();
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ('rc-buyer', 'rc-buyer@example.com', '{buyer}') RETURNING id`,
  );
  buyer = {
    id: row!.id,
    username: 'rc-buyer',
    email: 'rc-buyer@example.com',
    displayName: null,
    roles: ['buyer'],
  };
});
afterAll(() => t.cleanup());

describe('custom-model payments interrupted by a crash', () => {
  it('after the charge: the run marks the order paid and submits the request; the key answers paid, charged once', async () => {
    const requestId = await awaitingPayment('Lamp paid before the crash');
    const orderId = await interruptedPayment(requestId, 'cm-after-charge', crashing('after_charge'));
    expect((await orderRow(orderId)).status).toBe('pending');

    const summary = await runPaymentReconciliation({ now: later, provider: bank, pendingLimitMs: 60_000 });
    expect(summary).toMatchObject({ checked: 1, fulfilled: 1, errors: 0 });
    const order = await orderRow(orderId);
    expect(order.status).toBe('paid');
    expect(await bank.lookup(`order-${orderId}`)).toMatchObject({
      state: 'succeeded',
      reference: order.payment_reference,
    });
    expect((await requestRow(requestId)).status).toBe('submitted');

    const again = await payForRequest(
      buyer,
      requestId,
      { idempotencyKey: 'cm-after-charge', card: card() },
      { now: () => later, provider: bank },
    );
    expect(again).toEqual({ status: 'paid', orderId });
  });

  it('before the charge: the key is expired, the order fails, and a new attempt pays', async () => {
    const requestId = await awaitingPayment('Lamp never charged');
    const orderId = await interruptedPayment(requestId, 'cm-before-charge', crashing('before_charge'));
    const summary = await runPaymentReconciliation({ now: later, provider: bank, pendingLimitMs: 60_000 });
    expect(summary).toMatchObject({ checked: 1, expired: 1, errors: 0 });
    expect((await orderRow(orderId)).status).toBe('failed');
    expect((await requestRow(requestId)).status).toBe('awaiting_payment');
    // The expired key can never charge.
    expect(
      await bank.charge({
        amountCents: 5000,
        currency: 'usd',
        idempotencyKey: `order-${orderId}`,
        description: 'x',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      }),
    ).toMatchObject({ status: 'failed' });
    await expect(
      payForRequest(
        buyer,
        requestId,
        { idempotencyKey: 'cm-before-charge', card: card() },
        { now: () => later, provider: bank },
      ),
    ).rejects.toSatisfy((error) => error instanceof AppError && error.code === 'CONFLICT');
    const retry = await payForRequest(
      buyer,
      requestId,
      { idempotencyKey: 'cm-before-charge-2', card: card() },
      { now: () => later, provider: bank },
    );
    expect(retry.status).toBe('paid');
    expect((await requestRow(requestId)).status).toBe('submitted');
  });

  it('during the delayed failure (4000 0000 0000 0119): the run fails the order once the provider has', async () => {
    const requestId = await awaitingPayment('Lamp with a failing card');
    const orderId = await interruptedPayment(
      requestId,
      'cm-during-charge',
      crashing('during_charge'),
      '4000000000000119',
    );
    const early = createTestPaymentProvider({ now: () => start, store });
    expect(await early.lookup(`order-${orderId}`)).toEqual({ state: 'processing' });
    const summary = await runPaymentReconciliation({
      now: later,
      provider: createTestPaymentProvider({ now: () => later, store }),
      pendingLimitMs: 60_000,
    });
    expect(summary).toMatchObject({ checked: 1, failed: 1, errors: 0 });
    expect((await orderRow(orderId)).status).toBe('failed');
    expect((await requestRow(requestId)).status).toBe('awaiting_payment');
  });

  it('a charge that went through for a request cancelled meanwhile is refunded', async () => {
    const requestId = await awaitingPayment('Lamp cancelled after paying');
    const orderId = await interruptedPayment(requestId, 'cm-cancelled', crashing('after_charge'));
    expect(await cancelRequest(buyer, requestId, {}, { now: start, provider: bank })).toEqual({
      refunded: false,
    });
    const summary = await runPaymentReconciliation({ now: later, provider: bank, pendingLimitMs: 60_000 });
    expect(summary).toMatchObject({ checked: 1, refunded: 1, errors: 0 });
    expect((await orderRow(orderId)).status).toBe('refunded');
    expect(await bank.lookup(`order-${orderId}`)).toMatchObject({ state: 'succeeded', refunded: true });
  });
});

describe('freelance project payments interrupted by a crash', () => {
  let owner: SessionUser;
  let designer: SessionUser;
  const person = async (name: string, roles: string[]): Promise<SessionUser> => {
    const [row] = await t.handle.query<{ id: number }>(
      `INSERT INTO users (username, email, roles) VALUES ($1, $2, $3::user_role[]) RETURNING id`,
      [name, `${name}@example.com`, `{${roles.join(',')}}`],
    );
    await t.handle.query(`INSERT INTO designer_profiles (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
      row!.id,
    ]);
    return {
      id: row!.id,
      username: name,
      email: `${name}@example.com`,
      displayName: null,
      roles: roles as never,
    };
  };
  beforeAll(async () => {
    owner = await person('rc-owner', ['buyer']);
    designer = await person('rc-designer', ['buyer', 'seller']);
  });

  async function applied(): Promise<{ projectId: number; applicationId: number }> {
    const [row] = await t.handle.query<{ id: number }>(
      `INSERT INTO projects (owner_id, title, description, budget_cents, deadline, status, published_at)
       VALUES ($1, 'A low-poly fox', 'Rigged, game ready.', 50000, $2, 'published', $3) RETURNING id`,
      [owner.id, new Date(start.getTime() + 30 * 86_400_000), start],
    );
    const result = await applyToProject(
      designer,
      row!.id,
      {
        proposal: 'I have built many low-poly animals for mobile games.',
        price: '250',
        deliveryDays: '7',
        portfolio: [],
      },
      start,
    );
    if (!result.ok) throw new Error(JSON.stringify(result));
    return { projectId: row!.id, applicationId: result.id };
  }

  const projectRow = async (id: number) =>
    (
      await t.handle.query<{
        status: string;
        accepted_application_id: number | null;
        order_id: number | null;
      }>('SELECT status, accepted_application_id, order_id FROM projects WHERE id = $1', [id])
    )[0]!;

  async function interruptedAcceptance(
    applicationId: number,
    projectId: number,
    key: string,
    provider: PaymentProvider,
  ) {
    void acceptApplication(
      owner,
      applicationId,
      { idempotencyKey: key, card: card() },
      { now: () => start, provider },
    );
    for (let i = 0; i < 200; i++) {
      const { order_id } = await projectRow(projectId);
      if (order_id !== null) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return order_id;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no order');
  }

  it('after the charge: the run accepts the application the order paid for, and the key answers accepted', async () => {
    const { projectId, applicationId } = await applied();
    const orderId = await interruptedAcceptance(
      applicationId,
      projectId,
      'fl-after-charge',
      crashing('after_charge'),
    );
    expect((await projectRow(projectId)).status).toBe('published');
    const summary = await runPaymentReconciliation({ now: later, provider: bank, pendingLimitMs: 60_000 });
    expect(summary).toMatchObject({ checked: 1, fulfilled: 1, errors: 0 });
    expect((await orderRow(orderId)).status).toBe('paid');
    expect(await projectRow(projectId)).toEqual({
      status: 'in_progress',
      accepted_application_id: applicationId,
      order_id: orderId,
    });
    expect(
      await acceptApplication(
        owner,
        applicationId,
        { idempotencyKey: 'fl-after-charge', card: card() },
        { now: () => later, provider: bank },
      ),
    ).toEqual({ status: 'accepted', orderId });
    const [charges] = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE kind = 'project' AND status = 'paid' AND id = $1`,
      [orderId],
    );
    expect(charges!.n).toBe(1);
  });

  it('before the charge: the order expires and the owner may pay again', async () => {
    const { projectId, applicationId } = await applied();
    const orderId = await interruptedAcceptance(
      applicationId,
      projectId,
      'fl-before-charge',
      crashing('before_charge'),
    );
    const summary = await runPaymentReconciliation({ now: later, provider: bank, pendingLimitMs: 60_000 });
    expect(summary).toMatchObject({ checked: 1, expired: 1, errors: 0 });
    expect((await orderRow(orderId)).status).toBe('failed');
    expect((await projectRow(projectId)).status).toBe('published');
    const retry = await acceptApplication(
      owner,
      applicationId,
      { idempotencyKey: 'fl-before-charge-2', card: card() },
      { now: () => later, provider: bank },
    );
    expect(retry.status).toBe('accepted');
  });
});

describe('the Stripe webhook', () => {
  const secret = 'whsec_test_reconciliation_secret';
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

  const event = (type: string, intent: Record<string, unknown>) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type,
      data: { object: { object: 'payment_intent', ...intent } },
    });

  const deliver = (
    payload: string,
    signature = stripe.webhooks.generateTestHeaderString({ payload, secret }),
  ) =>
    stripeWebhook(
      new Request('http://localhost/api/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }),
    );

  it('refuses a payload whose signature does not verify (400), and anything without a secret set (404)', async () => {
    const payload = event('payment_intent.succeeded', { id: 'pi_1', amount: 100, metadata: {} });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await deliver(payload, forged)).status).toBe(400);
    expect((await deliver(payload, 'garbage')).status).toBe(400);
    await expect(
      readStripeEvent(`${payload} `, stripe.webhooks.generateTestHeaderString({ payload, secret }), secret),
    ).rejects.toSatisfy((error) => error instanceof AppError && error.code === 'BAD_REQUEST');
    env.STRIPE_WEBHOOK_SECRET = undefined;
    expect((await deliver(payload)).status).toBe(404);
    env.STRIPE_WEBHOOK_SECRET = secret;
  });

  it('payment_intent.succeeded settles the pending order it names; a repeat changes nothing', async () => {
    const requestId = await awaitingPayment('Lamp paid through Stripe');
    const orderId = await interruptedPayment(requestId, 'cm-stripe-ok', crashing('before_charge', 'stripe'));
    const payload = event('payment_intent.succeeded', {
      id: 'pi_3reconcile',
      amount: 5000,
      status: 'succeeded',
      metadata: { idempotency_key: `order-${orderId}` },
    });
    const response = await deliver(payload);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { received: true, outcome: 'fulfilled' } });
    expect(await orderRow(orderId)).toEqual({ status: 'paid', payment_reference: 'pi_3reconcile' });
    expect((await requestRow(requestId)).status).toBe('submitted');
    expect(await (await deliver(payload)).json()).toEqual({ data: { received: true, outcome: 'unchanged' } });
  });

  it('payment_intent.payment_failed fails the order, which may be paid again with a new key', async () => {
    const requestId = await awaitingPayment('Lamp declined by Stripe');
    const orderId = await interruptedPayment(
      requestId,
      'cm-stripe-failed',
      crashing('before_charge', 'stripe'),
    );
    const response = await deliver(
      event('payment_intent.payment_failed', {
        id: 'pi_3failed',
        amount: 5000,
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
        metadata: { idempotency_key: `order-${orderId}` },
      }),
    );
    expect(await response.json()).toEqual({ data: { received: true, outcome: 'failed' } });
    expect((await orderRow(orderId)).status).toBe('failed');
    expect((await requestRow(requestId)).status).toBe('awaiting_payment');
  });

  it('an event for an order of the test provider, or for no order, settles nothing', async () => {
    const requestId = await awaitingPayment('Lamp of the test provider');
    const orderId = await interruptedPayment(requestId, 'cm-stripe-other', crashing('before_charge', 'test'));
    const other = await deliver(
      event('payment_intent.succeeded', {
        id: 'pi_x',
        amount: 5000,
        metadata: { idempotency_key: `order-${orderId}` },
      }),
    );
    expect(await other.json()).toEqual({ data: { received: true, outcome: 'unchanged' } });
    expect((await orderRow(orderId)).status).toBe('pending');
    const none = await deliver(event('payment_intent.succeeded', { id: 'pi_y', amount: 5000, metadata: {} }));
    expect(await none.json()).toEqual({ data: { received: true, outcome: null } });
  });
});
