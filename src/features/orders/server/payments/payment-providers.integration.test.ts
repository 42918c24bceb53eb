import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { paymentProviderFromEnv } from './payment-providers';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

it('returns one provider for the whole process, kept on globalThis', () => {
  const provider = paymentProviderFromEnv();
  expect(['test', 'stripe']).toContain(provider.name);
  expect(paymentProviderFromEnv()).toBe(provider);
  const shared = (globalThis as Record<symbol, unknown>)[Symbol.for('marketplace.payment-providers')];
  expect(shared).toEqual({ [provider.name]: provider });
});

it('the test provider keeps its idempotency keys across calls of the factory, in the database', async () => {
  if (paymentProviderFromEnv().name !== 'test') return; // PAYMENT_PROVIDER=stripe in this shell
  const request = {
    amountCents: 1000,
    currency: 'usd' as const,
    idempotencyKey: 'factory-test',
    description: 'Factory test',
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
  };
  const first = await paymentProviderFromEnv().charge(request);
  expect(first.status).toBe('succeeded');
  expect(await paymentProviderFromEnv().charge(request)).toEqual(first);
  const [row] = await t.handle.query<{ status: string; reference: string }>(
    `SELECT status, reference FROM test_payment_charges WHERE idempotency_key = 'factory-test'`,
  );
  expect(row).toEqual({ status: 'succeeded', reference: (first as { reference: string }).reference });
});
