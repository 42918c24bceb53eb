'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import { replyMaxLength } from '../limits';
import styles from './ratings.module.css';

export type ReplyFormLabels = Record<
  | 'replyLabel'
  | 'replySubmit'
  | 'saving'
  | 'replyRequired'
  | 'tooLong'
  | 'replyConflict'
  | 'failed'
  | 'rateLimited'
  | 'banned',
  string
>;

/** The model's designer answers one review, once. */
export function ReplyForm({ endpoint, labels }: { endpoint: string; labels: ReplyFormLabels }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = String(new FormData(event.currentTarget).get('body') ?? '').trim();
    if (body === '') return setError(labels.replyRequired);
    if (body.length > replyMaxLength) return setError(labels.tooLong);
    setError(null);
    setBusy(true);
    try {
      const response = await postToApi(endpoint, { json: { body } });
      if (response.ok) return window.location.reload();
      if (response.status === 409) return setError(labels.replyConflict);
      if (response.status === 429) return setError(labels.rateLimited);
      if (response.status === 400) {
        const answer = (await response.json().catch(() => null)) as { error?: { formError?: string } } | null;
        if (answer?.error?.formError === 'banned') return setError(labels.banned);
      }
      throw new Error(`HTTP ${response.status}`);
    } catch (caught) {
      reportClientError('Review answer failed', caught);
      setError(labels.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.replyForm} onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-reply`} className={styles.label}>
        {labels.replyLabel}
      </label>
      <textarea
        id={`${id}-reply`}
        name="body"
        className={styles.textarea}
        rows={3}
        maxLength={replyMaxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reply-error` : undefined}
      />
      {error && (
        <p className={styles.error} id={`${id}-reply-error`} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={styles.button} disabled={busy || !hydrated}>
        {busy ? labels.saving : labels.replySubmit}
      </button>
    </form>
  );
}
