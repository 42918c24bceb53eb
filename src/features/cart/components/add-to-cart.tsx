'use client';

import { useState, type ReactNode } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import type { AddToCartOutcome } from '../schemas';
import styles from './add-to-cart.module.css';
import { announceCartCount } from './cart-events';

/** Texts; `added` and `already_in_cart` are templates with {title} (spec §8). */
export type AddToCartLabels = Record<
  | AddToCartOutcome
  | 'add'
  | 'adding'
  | 'inCart'
  | 'failed'
  | 'addToWishlist'
  | 'inWishlist'
  | 'logInForWishlist'
  | 'download',
  string
>;

/**
 * The model page's buy box: add to cart (each outcome's message from spec §8), the wishlist toggle
 * for signed-in users, and for a model already bought, the way to its download.
 */
export function AddToCart({
  modelId,
  title,
  initial,
  signedIn,
  hrefs,
  labels,
  primary,
}: {
  modelId: number;
  title: string;
  initial: { inCart: boolean; wished: boolean; purchased: boolean };
  signedIn: boolean;
  hrefs: { cart: string; purchases: string; logIn: string };
  labels: AddToCartLabels;
  /** Shown instead of "Add to cart" until the model is owned (a free model's one-click download). */
  primary?: ReactNode;
}) {
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  // Until React has hydrated, a click would do nothing: the buttons say so by being disabled.
  const hydrated = useHydrated();
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'warning' } | null>(null);

  async function add() {
    setBusy(true);
    try {
      const response = await postToApi('/api/internal/cart/items', { json: { modelId } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as { data: { outcome: AddToCartOutcome; count: number } };
      setMessage({
        text: fillTemplate(labels[data.outcome], { title }),
        tone: data.outcome === 'added' ? 'success' : 'warning',
      });
      if (data.outcome === 'added' || data.outcome === 'already_in_cart')
        setState((s) => ({ ...s, inCart: true }));
      if (data.outcome === 'already_purchased') setState((s) => ({ ...s, purchased: true }));
      announceCartCount(data.count);
    } catch (error) {
      reportClientError('Add to cart failed', error);
      setMessage({ text: labels.failed, tone: 'warning' });
    } finally {
      setBusy(false);
    }
  }

  async function toggleWish() {
    setBusy(true);
    try {
      const path = state.wished ? '/api/internal/wishlist/items/remove' : '/api/internal/wishlist/items';
      const response = await postToApi(path, { json: { modelId } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setState((s) => ({ ...s, wished: !s.wished }));
    } catch (error) {
      reportClientError('Wishlist change failed', error);
      setMessage({ text: labels.failed, tone: 'warning' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.box}>
      <div className={styles.buttons}>
        {state.purchased ? (
          <a className="button" href={hrefs.purchases}>
            {labels.download}
          </a>
        ) : (
          (primary ?? (
            <button type="button" className="button" onClick={add} disabled={busy || !hydrated}>
              {busy ? labels.adding : labels.add}
            </button>
          ))
        )}
        {state.inCart && !state.purchased && (
          <a className="button button-secondary" href={hrefs.cart}>
            {labels.inCart}
          </a>
        )}
        {signedIn ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={toggleWish}
            disabled={busy || !hydrated}
            aria-pressed={state.wished}
          >
            {state.wished ? labels.inWishlist : labels.addToWishlist}
          </button>
        ) : (
          <a className="button button-secondary" href={hrefs.logIn}>
            {labels.logInForWishlist}
          </a>
        )}
      </div>
      {message && (
        <p className={styles.message} data-tone={message.tone} role="status" data-testid="cart-message">
          {message.text}
        </p>
      )}
    </div>
  );
}
