'use client';

import { useId } from 'react';

import { CardFields, readCard, TestCardList, type TestCard } from '@/components/ui/card-fields';
import { useHydrated } from '@/components/ui/use-hydrated';
import { usePaymentAttempt } from '@/components/ui/use-payment-attempt';
import { postToApi } from '@/lib/api-client';
import { fillTemplate } from '@/lib/template';

import type { CheckoutOutcome } from '../schemas';
import styles from './checkout-form.module.css';

export type CheckoutLabels = Record<
  | 'title'
  | 'cardNumber'
  | 'expiry'
  | 'cvc'
  | 'placeOrder'
  | 'paying'
  | 'testCards'
  | 'testCardsNote'
  | 'conflict'
  | 'failed',
  string
> & {
  /** "Pay {amount}" */
  pay: string;
  /** Messages by failure code (declined_card_declined, failed_processing_error …). */
  failures: Record<string, string>;
};

/**
 * Pays for the cart: the card fields (none when the total is 0), one idempotency key per attempt (a
 * double click or a retried request makes one order), then the order page; a declined card shows
 * the provider's reason and keeps the cart.
 */
export function CheckoutForm({
  totalCents,
  totalText,
  couponCode,
  useCredits,
  orderPathPrefix,
  testCards,
  labels,
}: {
  totalCents: number;
  totalText: string;
  couponCode: string | null;
  useCredits: boolean;
  /** The order page's path without the id ('/de/orders/'). */
  orderPathPrefix: string;
  testCards: TestCard[] | null;
  labels: CheckoutLabels;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const { busy, error, submit } = usePaymentAttempt({
    failedText: labels.failed,
    errorContext: 'Checkout failed',
  });

  async function pay(idempotencyKey: string, form: FormData): Promise<string | null> {
    const response = await postToApi('/api/internal/checkout', {
      json: {
        idempotencyKey,
        couponCode,
        useCredits,
        expectedTotalCents: totalCents,
        card: totalCents > 0 ? readCard(form) : undefined,
      },
    });
    if (response.status === 409) return labels.conflict;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { data } = (await response.json()) as { data: CheckoutOutcome };
    // A failed attempt: the next one is a new order, with a new key.
    if (data.status === 'failed') {
      return labels.failures[`${data.failure.kind}_${data.failure.code}`] ?? labels.failed;
    }
    window.location.assign(`${orderPathPrefix}${data.orderId}`);
    return null;
  }

  return (
    <form className={styles.form} onSubmit={(event) => submit(event, pay)} noValidate>
      {totalCents > 0 && (
        <>
          <h3>{labels.title}</h3>
          <CardFields idPrefix={id} labels={labels} />
        </>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy || !hydrated}>
        {busy
          ? labels.paying
          : totalCents > 0
            ? fillTemplate(labels.pay, { amount: totalText })
            : labels.placeOrder}
      </button>
      {testCards && totalCents > 0 && (
        <TestCardList cards={testCards} labels={{ summary: labels.testCards, note: labels.testCardsNote }} />
      )}
    </form>
  );
}
