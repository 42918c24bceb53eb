'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import { revisionNoteLength } from '../application-schemas';
import styles from './work.module.css';

/**
 * One step of the work with a note (a revision request, the approval, a dispute): POSTs `{ note }` to
 * `endpoint` and reloads the page, which shows the new state. A required note is checked here first.
 */
export function WorkNoteForm({
  endpoint,
  noteLabel,
  submitLabel,
  required,
  hint,
  secondary = false,
  texts,
}: {
  endpoint: string;
  noteLabel: string;
  submitLabel: string;
  required: boolean;
  hint?: string;
  secondary?: boolean;
  texts: { required: string; tooLong: string; failed: string; conflict: string; busy: string };
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    if (required && note === '') return setFieldError(texts.required);
    if (note.length > revisionNoteLength.max) return setFieldError(texts.tooLong);
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      const response = await postToApi(endpoint, { json: { note } });
      if (response.ok) return window.location.reload();
      if (response.status === 409) return setError(texts.conflict);
      if (response.status === 400) return setFieldError(texts.required);
      throw new Error(`HTTP ${response.status}`);
    } catch (caught) {
      reportClientError(`POST ${endpoint} failed`, caught);
      setError(texts.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-note`}>{noteLabel}</label>
        {hint && (
          <p className={styles.hint} id={`${id}-hint`}>
            {hint}
          </p>
        )}
        <textarea
          id={`${id}-note`}
          name="note"
          maxLength={revisionNoteLength.max}
          required={required}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={
            [fieldError ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
            undefined
          }
        />
        {fieldError && (
          <p className={styles.error} id={`${id}-error`}>
            {fieldError}
          </p>
        )}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.row}>
        <button
          type="submit"
          className={secondary ? 'button button-secondary' : 'button'}
          disabled={busy || !hydrated}
        >
          {busy ? texts.busy : submitLabel}
        </button>
      </div>
    </form>
  );
}
