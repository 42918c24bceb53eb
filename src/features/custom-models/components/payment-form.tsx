'use client';

import { useId } from 'react';

import { CardFields, readCard, TestCardList, type TestCard } from '@/components/ui/card-fields';
import { useHydrated } from '@/components/ui/use-hydrated';
import { usePaymentAttempt } from '@/components/ui/use-payment-attempt';
import { postToApi } from '@/lib/api-client';
import { fillTemplate } from '@/lib/template';

import styles from './custom-models.module.css';

export type PaymentTexts = Record<
  | 'title'
  | 'cardNumber'
  | 'expiry'
  | 'cvc'
  | 'paying'
  | 'testCards'
  | 'testCardsNote'
  | 'conflict'
  | 'failed'
  | 'referencesRequired',
  string
> & {
  /** "Pay {amount}" */
  pay: string;
  /** Messages by failure code (declined_card_declined, failed_processing_error …). */
  failures: Record<string, string>;
};

/**
 * Pays a request's fixed price, like the cart's checkout: one idempotency key per attempt (a double
 * click or a retried request pays once), then the tracking page; a declined card shows the reason
 * and the request stays awaiting payment (the next attempt gets a new key).
 */
export function PaymentForm({
  requestId,
  amountText,
  trackingHref,
  testCards,
  texts,
}: {
  requestId: number;
  amountText: string;
  trackingHref: string;
  testCards: TestCard[] | null;
  texts: PaymentTexts;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const { busy, error, submit } = usePaymentAttempt({
    failedText: texts.failed,
    errorContext: 'Custom model payment failed',
  });

  async function pay(idempotencyKey: string, form: FormData): Promise<string | null> {
    const response = await postToApi(`/api/internal/custom-models/${requestId}/pay`, {
      json: { idempotencyKey, card: readCard(form) },
    });
    if (response.status === 409) return texts.conflict;
    if (response.status === 400) {
      const body = (await response.json()) as { error?: { message?: string } };
      return body.error?.message === 'references_required'
        ? texts.referencesRequired
        : texts.failures.declined_incorrect_number!;
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { data } = (await response.json()) as {
      data: { status: 'paid' | 'failed'; failure?: { kind: string; code: string } };
    };
    if (data.status === 'failed') {
      return texts.failures[`${data.failure?.kind}_${data.failure?.code}`] ?? texts.failed;
    }
    window.location.assign(trackingHref);
    return null;
  }

  return (
    <form
      className={styles.form}
      onSubmit={(event) => submit(event, pay)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{texts.title}</h3>
      <CardFields idPrefix={id} labels={texts} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {busy ? texts.paying : fillTemplate(texts.pay, { amount: amountText })}
        </button>
      </div>
      {testCards && (
        <TestCardList cards={testCards} labels={{ summary: texts.testCards, note: texts.testCardsNote }} />
      )}
    </form>
  );
}
