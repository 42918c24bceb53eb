/** The process's payment provider, chosen by PAYMENT_PROVIDER. */
import { env } from '@/env';
import { AppError } from '@/server/errors';

import { type PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe-provider';
import { checkoutCrashPoint } from '../checkout-crash-points';
import { databaseTestChargeStore } from '../test-payment-repository';
import { createTestPaymentProvider } from './test-provider';

// On globalThis, keyed by provider name: the custom server and the app's bundles may each load this
// module, and the test provider's idempotency keys and charges must be shared by all of them.
const globalKey = Symbol.for('marketplace.payment-providers');
type GlobalWithProviders = typeof globalThis & {
  [globalKey]?: Partial<Record<PaymentProvider['name'], PaymentProvider>>;
};

export function paymentProviderFromEnv(): PaymentProvider {
  const g = globalThis as GlobalWithProviders;
  const providers = (g[globalKey] ??= {});
  const name = env.PAYMENT_PROVIDER;
  return (providers[name] ??= createProvider(name));
}

function createProvider(name: PaymentProvider['name']): PaymentProvider {
  if (name === 'test') {
    return createTestPaymentProvider({
      now: () => new Date(),
      store: databaseTestChargeStore,
      onProcessing: () => checkoutCrashPoint('during_charge'),
    });
  }
  if (!env.STRIPE_SECRET_KEY) {
    throw new AppError('CONFIGURATION', 'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe');
  }
  return createStripePaymentProvider({ secretKey: env.STRIPE_SECRET_KEY });
}
