/**
 * Service orders on a real migrated database: the pending order per idempotency key, the charge's
 * outcome (paid, declined), charging one order twice, and fulfilment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '@/server/db/client';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import type { PaymentProvider } from './payments/payment-provider';
import { chargeServiceOrder, fulfilServiceOrder, insertPendingServiceOrder } from './service-order-commands';
import { createTestPaymentProvider } from './payments/test-provider';

let t: TestDatabase;
let userId: number;
const now = new Date('2026-11-22T12:00:00Z');
const card = (number: string) => ({ number, expiry: '12/30', cvc: '123' });

function countingProvider() {
  const inner = createTestPaymentProvider({ now: () => now, sleep: async () => {} });
  let calls = 0;
  const references = new Set<string>();
  const provider: PaymentProvider = {
    name: 'test',
    async charge(request) {
      calls += 1;
      const result = await inner.charge(request);
      if (result.status === 'succeeded') references.add(result.reference);
      return result;
    },
    refund: (reference, amount) => inner.refund(reference, amount),
    lookup: (key) => inner.lookup(key),
    expire: (key) => inner.expire(key),
  };
  return { provider, calls: () => calls, charges: () => references.size };
}

async function pending(idempotencyKey: string, amountCents = 39_900) {
  const db = await getDb();
  return db.transaction((tx) =>
    insertPendingServiceOrder(tx, {
      userId,
      kind: 'custom_model',
      amountCents,
      idempotencyKey,
      paymentProvider: 'test',
      now,
    }),
  );
}

const orderRow = async (id: number) =>
  (
    await t.handle.query<{
      status: string;
      kind: string;
      total_cents: number;
      payment_reference: string | null;
      failure_reason: string | null;
    }>('SELECT status, kind, total_cents, payment_reference, failure_reason FROM orders WHERE id = $1', [id])
  )[0]!;

beforeAll(async () => {
  t = await createTestDatabase();
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ('so-buyer', 'so@example.com', '{buyer}') RETURNING id`,
  );
  userId = row!.id;
});
afterAll(() => t.cleanup());

describe('service orders', () => {
  it('inserts one pending order per idempotency key', async () => {
    const first = await pending('attempt-0001');
    expect(first).toMatchObject({ status: 'pending', totalCents: 39_900, created: true });
    const again = await pending('attempt-0001');
    expect(again).toMatchObject({ id: first.id, created: false });
    expect(await orderRow(first.id)).toMatchObject({
      kind: 'custom_model',
      status: 'pending',
      total_cents: 39_900,
    });
  });

  it('a succeeded charge makes the order paid with the reference; charging it again charges once', async () => {
    const { provider, charges } = countingProvider();
    const order = await pending('attempt-0002');
    const outcome = await chargeServiceOrder({ ...order, description: 'test' }, card('4242424242424242'), {
      provider,
      now: () => now,
    });
    expect(outcome).toEqual({ status: 'paid', orderId: order.id });
    const row = await orderRow(order.id);
    expect(row.status).toBe('paid');
    expect(row.payment_reference).toBeTruthy();
    const twice = await Promise.all([
      chargeServiceOrder({ ...order, description: 'test' }, card('4242424242424242'), {
        provider,
        now: () => now,
      }),
      chargeServiceOrder({ ...order, description: 'test' }, card('4242424242424242'), {
        provider,
        now: () => now,
      }),
    ]);
    expect(twice.every((o) => o.status === 'paid')).toBe(true);
    expect(charges()).toBe(1);
  });

  it('a declined card makes the order failed with the reason', async () => {
    const { provider } = countingProvider();
    const order = await pending('attempt-0003');
    const outcome = await chargeServiceOrder({ ...order, description: 'test' }, card('4000000000000002'), {
      provider,
      now: () => now,
    });
    expect(outcome).toEqual({
      status: 'failed',
      orderId: order.id,
      failure: { kind: 'declined', code: 'card_declined' },
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'declined: card_declined',
    });
    // The same failed order is not charged again into success.
    const retry = await chargeServiceOrder({ ...order, description: 'test' }, card('4242424242424242'), {
      provider,
      now: () => now,
    });
    expect(retry.status).toBe('failed');
  });

  it('a provider that throws fails the order (provider_unavailable)', async () => {
    const order = await pending('attempt-0004');
    const broken: PaymentProvider = {
      name: 'test',
      charge: async () => {
        throw new Error('network down');
      },
      refund: async () => ({ ok: true }),
      lookup: async () => ({ state: 'unknown' }),
      expire: async () => ({ state: 'unknown' }),
    };
    const outcome = await chargeServiceOrder({ ...order, description: 'test' }, card('4242424242424242'), {
      provider: broken,
      now: () => now,
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      failure: { kind: 'failed', code: 'provider_unavailable' },
    });
  });

  it('fulfils a paid order once; a pending one cannot be fulfilled', async () => {
    const { provider } = countingProvider();
    const order = await pending('attempt-0005');
    const db = await getDb();
    await expect(db.transaction((tx) => fulfilServiceOrder(tx, order.id, now))).rejects.toThrow();
    await chargeServiceOrder({ ...order, description: 'test' }, card('4242424242424242'), {
      provider,
      now: () => now,
    });
    await db.transaction((tx) => fulfilServiceOrder(tx, order.id, now));
    await db.transaction((tx) => fulfilServiceOrder(tx, order.id, now));
    expect((await orderRow(order.id)).status).toBe('fulfilled');
  });
});
