import { expect, it } from 'vitest';

import { paymentProviderFromEnv } from './payment-providers';

it('returns one provider for the whole process, kept on globalThis', () => {
  const provider = paymentProviderFromEnv();
  expect(['test', 'stripe']).toContain(provider.name);
  expect(paymentProviderFromEnv()).toBe(provider);
  const shared = (globalThis as Record<symbol, unknown>)[Symbol.for('marketplace.payment-providers')];
  expect(shared).toEqual({ [provider.name]: provider });
});

it('the test provider keeps its idempotency keys across calls of the factory', async () => {
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
});
