'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import type { SavedListing } from '../api';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

export type SubscribeLabels = Record<'subscribe' | 'subscribing' | 'subscribed' | 'failed' | 'limit', string>;

/**
 * Saves the listing's search for the signed-in user (spec §4): "Subscribe", "Subscribing…" while the
 * request runs, then a disabled "Subscribed" (also when it was saved before).
 */
export function SubscribeSearchButton({
  listing,
  locale,
  initiallySubscribed,
  labels,
  className,
}: {
  listing: SavedListing;
  locale: string;
  initiallySubscribed: boolean;
  labels: SubscribeLabels;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>(initiallySubscribed ? 'done' : 'idle');
  const [error, setError] = useState('');
  const hydrated = useHydrated();
  async function subscribe() {
    setState('busy');
    setError('');
    try {
      const response = await postToApi('/api/internal/saved-searches', { json: { ...listing, locale } });
      if (response.status === 409) {
        setError(labels.limit);
        setState('idle');
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setState('done');
    } catch (failure) {
      reportClientError('Subscribing to a search failed', failure);
      setError(labels.failed);
      setState('idle');
    }
  }
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={subscribe}
        disabled={state !== 'idle' || !hydrated}
        data-testid="subscribe-search"
      >
        {state === 'busy' ? labels.subscribing : state === 'done' ? labels.subscribed : labels.subscribe}
      </button>
      <p role="status" aria-live="polite">
        {error}
      </p>
    </>
  );
}
