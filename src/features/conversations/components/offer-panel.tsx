'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './offers.module.css';

/** An offer as the conversation page shows it: texts already in the reader's language. */
export interface OfferView {
  id: number;
  modelTitle: string;
  modelUrl: string | null;
  price: string;
  listPrice: string;
  /** "Valid until …" or "Expired on …". */
  validity: string;
  status: string;
  /** The viewer is its buyer and may accept it now. */
  acceptable: boolean;
}

export type OfferPanelLabels = Record<
  | 'heading'
  | 'offeredPrice'
  | 'listPrice'
  | 'accept'
  | 'accepting'
  | 'accepted'
  | 'goToCart'
  | 'failed'
  | 'refusal_expired'
  | 'refusal_withdrawn'
  | 'refusal_ordered'
  | 'refusal_purchased'
  | 'refusal_cart_full',
  string
>;

function OfferItem({
  offer,
  labels,
  cartHref,
}: {
  offer: OfferView;
  labels: OfferPanelLabels;
  cartHref: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setState('busy');
    setError(null);
    try {
      const response = await postToApi(`/api/internal/offers/${offer.id}/accept`, { json: {} });
      if (response.status === 400) {
        const { error: refusal } = (await response.json()) as { error?: { formError?: string } };
        const key = `refusal_${refusal?.formError ?? ''}` as keyof OfferPanelLabels;
        setError(labels[key] ?? labels.failed);
        setState('idle');
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setState('done');
    } catch (failure) {
      reportClientError('Accepting an offer failed', failure);
      setError(labels.failed);
      setState('idle');
    }
  }

  return (
    <li className={styles.offer} data-testid="offer">
      <p className={styles.model}>
        {offer.modelUrl ? <a href={offer.modelUrl}>{offer.modelTitle}</a> : offer.modelTitle}
      </p>
      <dl className={styles.prices}>
        <div>
          <dt>{labels.offeredPrice}</dt>
          <dd className={styles.price} data-testid="offer-price">
            {offer.price}
          </dd>
        </div>
        <div>
          <dt>{labels.listPrice}</dt>
          <dd>
            <s>{offer.listPrice}</s>
          </dd>
        </div>
      </dl>
      <p className={styles.meta}>
        <span data-testid="offer-status">{state === 'done' ? labels.accepted : offer.status}</span> ·{' '}
        <span>{offer.validity}</span>
      </p>
      {offer.acceptable && state !== 'done' && (
        <button type="button" className="button" disabled={!hydrated || state === 'busy'} onClick={accept}>
          {state === 'busy' ? labels.accepting : labels.accept}
        </button>
      )}
      {state === 'done' && (
        <p role="status" className={styles.done}>
          <a className="button" href={cartHref}>
            {labels.goToCart}
          </a>
        </p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </li>
  );
}

/** The offers of an `offer` conversation, newest first; the buyer accepts a live one from here. */
export function OfferPanel({
  offers,
  labels,
  cartHref,
}: {
  offers: OfferView[];
  labels: OfferPanelLabels;
  cartHref: string;
}) {
  return (
    <section className={styles.panel} aria-labelledby="offers-heading">
      <h2 id="offers-heading" className={styles.heading}>
        {labels.heading}
      </h2>
      <ul className={styles.list}>
        {offers.map((offer) => (
          <OfferItem key={offer.id} offer={offer} labels={labels} cartHref={cartHref} />
        ))}
      </ul>
    </section>
  );
}
