'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './tutorials.module.css';

type Refusal = 'cover_required' | 'body_required' | 'software_required' | 'rate_limited' | 'failed';

/** Its author publishes a draft or takes a published tutorial back to a draft; the page reloads. */
export function StatusActions({
  endpoint,
  status,
  texts,
}: {
  endpoint: string;
  status: 'draft' | 'published';
  texts: Record<Refusal | 'publish' | 'unpublish', string>;
}) {
  const hydrated = useHydrated();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);

  async function change() {
    setSending(true);
    setError(null);
    try {
      const response = await postToApi(`${endpoint}/${status === 'draft' ? 'publish' : 'unpublish'}`);
      if (response.status === 400) {
        const answer = (await response.json()) as { error: { formError?: Refusal } };
        setError(answer.error.formError ?? 'failed');
      } else if (response.status === 429) setError('rate_limited');
      else if (!response.ok) throw new Error(`HTTP ${response.status}`);
      else {
        window.location.reload();
        return;
      }
    } catch (failure) {
      reportClientError(`Tutorial status ${endpoint} failed`, failure);
      setError('failed');
    }
    setSending(false);
  }

  return (
    <>
      <button
        type="button"
        className={status === 'draft' ? 'button' : 'button button-secondary'}
        disabled={!hydrated || sending}
        onClick={change}
        data-testid={status === 'draft' ? 'publish-tutorial' : 'unpublish-tutorial'}
      >
        {status === 'draft' ? texts.publish : texts.unpublish}
      </button>
      {error ? (
        <p className={styles.error} role="alert" data-testid="status-error">
          {texts[error]}
        </p>
      ) : null}
    </>
  );
}
