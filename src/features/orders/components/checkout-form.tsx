'use client';

import { useId, useRef, useState, type FormEvent } from 'react';

import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import type { CheckoutOutcome } from '../schemas';
import styles from './checkout-form.module.css';
import { useHydrated } from '@/components/ui/use-hydrated';

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
  testCards: { number: string; outcome: string }[] | null;
  labels: CheckoutLabels;
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
      const response = await postToApi('/api/internal/checkout', {
        json: {
          idempotencyKey: attempt.current,
          couponCode,
          useCredits,
          expectedTotalCents: totalCents,
          card:
            totalCents > 0
              ? {
                  number: String(form.get('number') ?? ''),
                  expiry: String(form.get('expiry') ?? ''),
                  cvc: String(form.get('cvc') ?? ''),
                }
              : undefined,
        },
      });
      if (response.status === 409) {
        setError(labels.conflict);
        attempt.current = null;
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as { data: CheckoutOutcome };
      if (data.status === 'failed') {
        // The next attempt is a new order: a new key.
        attempt.current = null;
        setError(labels.failures[`${data.failure.kind}_${data.failure.code}`] ?? labels.failed);
        return;
      }
      window.location.assign(`${orderPathPrefix}${data.orderId}`);
    } catch (caught) {
      reportClientError('Checkout failed', caught);
      setError(labels.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {totalCents > 0 && (
        <>
          <h3>{labels.title}</h3>
          <div className={styles.field}>
            <label htmlFor={`${id}-number`}>{labels.cardNumber}</label>
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
              <label htmlFor={`${id}-expiry`}>{labels.expiry}</label>
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
              <label htmlFor={`${id}-cvc`}>{labels.cvc}</label>
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
        <details className={styles.testCards}>
          <summary>{labels.testCards}</summary>
          <p>{labels.testCardsNote}</p>
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
