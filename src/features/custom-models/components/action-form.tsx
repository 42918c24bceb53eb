'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './custom-models.module.css';

export type ActionTexts = {
  submit: string;
  busy: string;
  failed: string;
  conflict: string;
  /** The note's label; without it the action has no note. */
  note?: string;
  noteHint?: string;
  required?: string;
  note_length?: string;
  /** Field errors of a select (designerId). */
  choice?: string;
  choiceEmpty?: string;
  required_choice?: string;
  not_accepting?: string;
};

/**
 * One action on a request (approve, request changes, pass QA, send back, select a designer, cancel):
 * an optional note (10–2,000 characters) or a select, posted as JSON; the page reloads on success.
 */
export function ActionForm({
  endpoint,
  texts,
  withNote = false,
  noteRequired = true,
  choices,
  secondary = false,
}: {
  endpoint: string;
  texts: ActionTexts;
  withNote?: boolean;
  noteRequired?: boolean;
  choices?: { value: string; label: string }[];
  secondary?: boolean;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const json: Record<string, unknown> = {};
    if (withNote) {
      const note = String(form.get('note') ?? '').trim();
      if (noteRequired && note === '') return setFieldError(texts.required ?? '');
      if (noteRequired && ([...note].length < 10 || [...note].length > 2_000))
        return setFieldError(texts.note_length ?? '');
      json.note = note;
    }
    if (choices) {
      const value = String(form.get('designerId') ?? '');
      if (value === '') return setFieldError(texts.required_choice ?? '');
      json.designerId = Number(value);
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      const response = await postToApi(endpoint, { json });
      if (response.ok) {
        window.location.reload();
        return;
      }
      if (response.status === 400) {
        const body = (await response.json()) as { error?: { fieldErrors?: Record<string, string> } };
        const code = Object.values(body.error?.fieldErrors ?? {})[0];
        const key = (code === 'required' && choices ? 'required_choice' : code) as
          keyof ActionTexts | undefined;
        setFieldError((key && texts[key]) || texts.failed);
      } else setError(response.status === 409 ? texts.conflict : texts.failed);
    } catch (caught) {
      reportClientError(`POST ${endpoint} failed`, caught);
      setError(texts.failed);
    } finally {
      setBusy(false);
    }
  }

  const describedBy = fieldError ? `${id}-error` : undefined;
  return (
    <form className={styles.actionForm} onSubmit={onSubmit} noValidate>
      {withNote && (
        <div className={styles.field}>
          <label htmlFor={`${id}-note`}>{texts.note}</label>
          <textarea
            id={`${id}-note`}
            name="note"
            maxLength={2_000}
            rows={3}
            required={noteRequired}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={
              [texts.noteHint ? `${id}-hint` : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined
            }
          />
          {texts.noteHint && (
            <p className={styles.hint} id={`${id}-hint`}>
              {texts.noteHint}
            </p>
          )}
        </div>
      )}
      {choices && (
        <div className={styles.field}>
          <label htmlFor={`${id}-choice`}>{texts.choice}</label>
          <select
            id={`${id}-choice`}
            name="designerId"
            defaultValue=""
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy}
          >
            <option value="">{texts.choiceEmpty}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {fieldError && (
        <p className={styles.error} id={`${id}-error`}>
          {fieldError}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <button
          type="submit"
          className={secondary ? 'button button-secondary' : 'button'}
          disabled={busy || !hydrated}
        >
          {busy ? texts.busy : texts.submit}
        </button>
      </div>
    </form>
  );
}
