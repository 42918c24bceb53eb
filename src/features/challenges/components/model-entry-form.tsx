'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './challenges.module.css';
import { refusalTextOf } from './refusal-text';

/** Enters one of the member's published models in a challenge. */
export function ModelEntryForm({
  challengeId,
  models,
  labels,
  refusals,
}: {
  challengeId: number;
  models: { id: number; title: string }[];
  labels: { title: string; model: string; choose: string; submit: string; busy: string };
  refusals: Record<string, string>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const modelId = Number(new FormData(event.currentTarget).get('modelId'));
    setBusy(true);
    setMessage('');
    try {
      const response = await postToApi(`/api/internal/challenges/${challengeId}/entries`, {
        json: { modelId },
      });
      if (response.ok) return window.location.reload();
      setMessage(await refusalTextOf(response, refusals));
    } catch (error) {
      reportClientError('Entering a challenge failed', error);
      setMessage(refusals.failed ?? '');
    }
    setBusy(false);
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{labels.title}</h2>
      <div className={styles.field}>
        <label htmlFor={`${id}-model`}>{labels.model}</label>
        <select id={`${id}-model`} name="modelId" required defaultValue="">
          <option value="" disabled>
            {labels.choose}
          </option>
          {models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.title}
            </option>
          ))}
        </select>
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
