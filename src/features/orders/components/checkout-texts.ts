/** The checkout form's texts, read on the server and handed to the form as props. */
import { getTranslations } from 'next-intl/server';

import type { TestCard } from '@/components/ui/card-fields';

import { paymentFailureKeys } from '../payment-failures';
import { paymentProviderFromEnv } from '../server/payments/payment-providers';
import { testCards } from '../server/payments/test-provider';
import type { CheckoutLabels } from './checkout-form';

const plainLabels = [
  'title',
  'cardNumber',
  'expiry',
  'cvc',
  'placeOrder',
  'paying',
  'testCards',
  'testCardsNote',
  'conflict',
  'failed',
] as const;

export async function checkoutLabels(): Promise<CheckoutLabels> {
  const t = await getTranslations('orders.Checkout');
  return {
    ...(Object.fromEntries(plainLabels.map((k) => [k, t(k)])) as Record<
      (typeof plainLabels)[number],
      string
    >),
    pay: t.raw('pay') as string,
    failures: Object.fromEntries(paymentFailureKeys.map((k) => [k, t(k)])),
  };
}

/** The test cards with their outcome in words, when the built-in test provider is the one in use. */
export async function checkoutTestCards(): Promise<TestCard[] | null> {
  if (paymentProviderFromEnv().name !== 'test') return null;
  const t = await getTranslations('orders.Checkout');
  return testCards.map((c) => ({ number: c.number, outcome: t(`outcome_${c.outcome as 'succeeded'}`) }));
}

/** Everything the checkout form reads from the messages. */
export async function checkoutTexts(): Promise<{ labels: CheckoutLabels; testCards: TestCard[] | null }> {
  const [labels, testCards] = await Promise.all([checkoutLabels(), checkoutTestCards()]);
  return { labels, testCards };
}
