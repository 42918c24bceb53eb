'use client';

import { useId, useRef, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

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
  testCards: { number: string; outcome: string }[] | null;
  texts: AcceptFormTexts;
}) {
  const id = useId();
  const attempt = useRef<string | null>(null);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    attempt.current ??= crypto.randomUUID();
    setBusy(true);
    setError(null);
    try {
      const response = await postToApi(endpoint, {
        json: {
          idempotencyKey: attempt.current,
          card: {
            number: String(form.get('number') ?? ''),
            expiry: String(form.get('expiry') ?? ''),
            cvc: String(form.get('cvc') ?? ''),
          },
        },
      });
      if (response.status === 409) {
        attempt.current = null;
        setError(texts.conflict);
        return;
      }
      if (response.status === 400) {
        attempt.current = null;
        setError(texts.failures.declined_incorrect_number ?? texts.failed);
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as { data: AcceptOutcome };
      if (data.status === 'failed') {
        attempt.current = null;
        setError(texts.failures[`${data.failure.kind}_${data.failure.code}`] ?? texts.failed);
        return;
      }
      window.location.assign(then);
    } catch (caught) {
      reportClientError('Accepting an application failed', caught);
      setError(texts.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h2>{texts.title}</h2>
      <p className={styles.hint}>{texts.note}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-number`}>{texts.cardNumber}</label>
        <input
          id={`${id}-number`}
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          required
        />
      </div>
      <div className={styles.pair}>
        <div className={styles.field}>
          <label htmlFor={`${id}-expiry`}>{texts.expiry}</label>
          <input
            id={`${id}-expiry`}
            name="expiry"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            required
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-cvc`}>{texts.cvc}</label>
          <input
            id={`${id}-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
          />
        </div>
      </div>
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
        <details>
          <summary>{texts.testCards}</summary>
          <p>{texts.testCardsNote}</p>
          <ul>
            {testCards.map((card) => (
              <li key={card.number}>
                <code>{card.number}</code> — {card.outcome}
              </li>
            ))}
          </ul>
        </details>
      )}
    </form>
  );
}
