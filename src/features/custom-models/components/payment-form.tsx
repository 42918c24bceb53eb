'use client';

import { useId, useRef, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
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
  testCards: { number: string; outcome: string }[] | null;
  texts: PaymentTexts;
}) {
  const id = useId();
  const attempt = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    attempt.current ??= crypto.randomUUID();
    setBusy(true);
    setError(null);
    try {
      const response = await postToApi(`/api/internal/custom-models/${requestId}/pay`, {
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
        const body = (await response.json()) as { error?: { message?: string } };
        attempt.current = null;
        setError(
          body.error?.message === 'references_required'
            ? texts.referencesRequired
            : texts.failures.declined_incorrect_number!,
        );
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as {
        data: { status: 'paid' | 'failed'; failure?: { kind: string; code: string } };
      };
      if (data.status === 'failed') {
        attempt.current = null;
        setError(texts.failures[`${data.failure?.kind}_${data.failure?.code}`] ?? texts.failed);
        return;
      }
      window.location.assign(trackingHref);
    } catch (caught) {
      reportClientError('Custom model payment failed', caught);
      setError(texts.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{texts.title}</h3>
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
      <div>
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {busy ? texts.paying : fillTemplate(texts.pay, { amount: amountText })}
        </button>
      </div>
      {testCards && (
        <details className={styles.testCards}>
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
