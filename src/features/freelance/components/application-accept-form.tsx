'use client';

import { useId } from 'react';

import { CardFields, readCard, TestCardList, type TestCard } from '@/components/ui/card-fields';
import { useHydrated } from '@/components/ui/use-hydrated';
import { usePaymentAttempt } from '@/components/ui/use-payment-attempt';
import { postToApi } from '@/lib/api-client';

import type { AcceptOutcome } from '../application-schemas';
import styles from './work.module.css';

export type AcceptFormTexts = Record<
  | 'title'
  | 'note'
  | 'cardNumber'
  | 'expiry'
  | 'cvc'
  | 'pay'
  | 'paying'
  | 'testCards'
  | 'testCardsNote'
  | 'conflict'
  | 'failed',
  string
> & {
  /** Messages by failure code (declined_card_declined, failed_processing_error …). */
  failures: Record<string, string>;
};

/**
 * The owner accepts an application by paying its price: card fields, one idempotency key per attempt
 * (a double click or a retried request pays once), then the project page; a declined card shows the
 * provider's reason and accepts nothing.
 */
export function ApplicationAcceptForm({
  endpoint,
  then,
  testCards,
  texts,
}: {
  endpoint: string;
  then: string;
  testCards: TestCard[] | null;
  texts: AcceptFormTexts;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const { busy, error, submit } = usePaymentAttempt({
    failedText: texts.failed,
    errorContext: 'Accepting an application failed',
  });

  async function pay(idempotencyKey: string, form: FormData): Promise<string | null> {
    const response = await postToApi(endpoint, {
      json: { idempotencyKey, card: readCard(form) },
    });
    if (response.status === 409) return texts.conflict;
    if (response.status === 400) return texts.failures.declined_incorrect_number ?? texts.failed;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { data } = (await response.json()) as { data: AcceptOutcome };
    if (data.status === 'failed') {
      return texts.failures[`${data.failure.kind}_${data.failure.code}`] ?? texts.failed;
    }
    window.location.assign(then);
    return null;
  }

  return (
    <form className={styles.form} onSubmit={(event) => submit(event, pay)} noValidate>
      <h2>{texts.title}</h2>
      <p className={styles.hint}>{texts.note}</p>
      <CardFields idPrefix={id} labels={texts} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.row}>
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {busy ? texts.paying : texts.pay}
        </button>
      </div>
      {testCards && (
        <TestCardList cards={testCards} labels={{ summary: texts.testCards, note: texts.testCardsNote }} />
      )}
    </form>
  );
}
