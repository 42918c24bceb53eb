'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './challenges.module.css';
import { refusalTextOf } from './refusal-text';

/** Enters a render (a picture and its title) in the digital art contest. */
export function RenderEntryForm({
  challengeId,
  labels,
  refusals,
}: {
  challengeId: number;
  labels: {
    title: string;
    renderTitle: string;
    file: string;
    fileHint: string;
    submit: string;
    busy: string;
  };
  refusals: Record<string, string>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    setBusy(true);
    setMessage('');
    try {
      const response = await postToApi(`/api/internal/challenges/${challengeId}/entries`, { body });
      if (response.ok) return window.location.reload();
      setMessage(await refusalTextOf(response, refusals));
    } catch (error) {
      reportClientError('Entering the art contest failed', error);
      setMessage(refusals.failed ?? '');
    }
    setBusy(false);
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{labels.title}</h2>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>{labels.renderTitle}</label>
        <input id={`${id}-name`} name="title" required minLength={2} maxLength={100} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-file`}>{labels.file}</label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          required
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {labels.fileHint}
        </p>
      </div>
      <div>
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {busy ? labels.busy : labels.submit}
        </button>
      </div>
      <p role="status" aria-live="polite" className={styles.error}>
        {message}
      </p>
    </form>
  );
}
