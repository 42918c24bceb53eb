'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './tutorials.module.css';

type CommentRefusal = 'required' | 'comment_long' | 'rate_limited' | 'banned' | 'failed';

/** A comment in Markdown under a published tutorial; the page reloads to show it in its place. */
export function CommentForm({
  endpoint,
  maxLength,
  texts,
}: {
  endpoint: string;
  maxLength: number;
  texts: Record<CommentRefusal | 'label' | 'hint' | 'submit' | 'sending', string>;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [error, setError] = useState<CommentRefusal | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const body = String(new FormData(event.currentTarget).get('body') ?? '').trim();
    if (body === '') {
      setError('required');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const response = await postToApi(endpoint, { json: { body } });
      if (response.status === 400) {
        const answer = (await response.json()) as { error: { fieldErrors?: { body?: CommentRefusal } } };
        setError(answer.error.fieldErrors?.body ?? 'failed');
      } else if (response.status === 429) setError('rate_limited');
      else if (!response.ok) throw new Error(`HTTP ${response.status}`);
      else {
        const { data } = (await response.json()) as { data: { id: number } };
        window.location.hash = `comment-${data.id}`;
        window.location.reload();
        return;
      }
    } catch (failure) {
      reportClientError(`Tutorial comment ${endpoint} failed`, failure);
      setError('failed');
    }
    setSending(false);
  }

  return (
    <form className={styles.commentForm} onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-body`}>{texts.label}</label>
      <textarea
        id={`${id}-body`}
        name="body"
        rows={5}
        maxLength={maxLength}
        required
        aria-invalid={error === 'required' || error === 'comment_long' ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p className={styles.hint} id={`${id}-hint`}>
        {texts.hint}
      </p>
      {error ? (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {texts[error]}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!hydrated || sending}>
        {sending ? texts.sending : texts.submit}
      </button>
    </form>
  );
}

/** The author of a comment deletes it (after a confirmation). */
export function CommentDelete({
  endpoint,
  texts,
}: {
  endpoint: string;
  texts: { delete: string; confirm: string; failed: string };
}) {
  const hydrated = useHydrated();
  const [failed, setFailed] = useState(false);
  async function remove() {
    if (!window.confirm(texts.confirm)) return;
    try {
      const response = await postToApi(endpoint);
      if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
      window.location.reload();
    } catch (failure) {
      reportClientError(`Tutorial comment removal ${endpoint} failed`, failure);
      setFailed(true);
    }
  }
  return (
    <>
      <button type="button" className={styles.linkButton} disabled={!hydrated} onClick={remove}>
        {texts.delete}
      </button>
      {failed ? (
        <p className={styles.error} role="alert">
          {texts.failed}
        </p>
      ) : null}
    </>
  );
}
