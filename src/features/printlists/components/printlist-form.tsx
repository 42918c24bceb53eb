'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';

import type { PrintlistVisibility } from '../api';
import { maxDescriptionLength, maxTitleLength } from '../limits';
import { postJson } from './post-json';
import styles from './printlists.module.css';

export interface PrintlistFormLabels {
  title: string;
  description: string;
  descriptionHint: string;
  visibility: string;
  public: string;
  publicHint: string;
  private: string;
  privateHint: string;
  submit: string;
  busy: string;
  saved: string;
  failed: string;
  rateLimited: string;
  limit: string;
  /** Per field error key (title_required …). */
  errors: Record<string, string>;
}

/**
 * Makes a printlist (then opens it) or edits one (then shows the page anew): title, description,
 * public or private.
 */
export function PrintlistForm({
  url,
  initial,
  openHref,
  labels,
}: {
  url: string;
  initial: { title: string; description: string; visibility: PrintlistVisibility };
  /** After making a list: its page, `PRINTLIST_ID` standing for the new id; absent when editing. */
  openHref?: string;
  labels: PrintlistFormLabels;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setMessage('');
    setFieldErrors({});
    try {
      const answer = await postJson(url, {
        title: String(form.get('title') ?? ''),
        description: String(form.get('description') ?? ''),
        visibility: String(form.get('visibility') ?? 'public'),
      });
      if (answer.ok) {
        if (openHref) window.location.assign(openHref.replace('PRINTLIST_ID', String(answer.data.id)));
        else window.location.reload();
        setMessage(labels.saved);
        return;
      }
      setFieldErrors(answer.fieldErrors);
      setMessage(
        answer.status === 429
          ? labels.rateLimited
          : answer.status === 409
            ? labels.limit
            : Object.keys(answer.fieldErrors).length > 0
              ? ''
              : labels.failed,
      );
    } catch {
      setMessage(labels.failed);
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (field: string) =>
    fieldErrors[field] ? (labels.errors[fieldErrors[field]] ?? labels.failed) : null;
  const titleError = errorOf('title');
  const descriptionError = errorOf('description');
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-title`}>{labels.title}</label>
      <input
        id={`${id}-title`}
        name="title"
        required
        maxLength={maxTitleLength}
        defaultValue={initial.title}
        aria-invalid={titleError ? true : undefined}
        aria-describedby={titleError ? `${id}-title-error` : undefined}
      />
      {titleError && (
        <p id={`${id}-title-error`} className={styles.error}>
          {titleError}
        </p>
      )}
      <label htmlFor={`${id}-description`}>{labels.description}</label>
      <textarea
        id={`${id}-description`}
        name="description"
        rows={4}
        maxLength={maxDescriptionLength}
        defaultValue={initial.description}
        aria-describedby={`${id}-description-hint${descriptionError ? ` ${id}-description-error` : ''}`}
      />
      <p id={`${id}-description-hint`} className={styles.hint}>
        {labels.descriptionHint}
      </p>
      {descriptionError && (
        <p id={`${id}-description-error`} className={styles.error}>
          {descriptionError}
        </p>
      )}
      <fieldset className={styles.visibility}>
        <legend>{labels.visibility}</legend>
        {(['public', 'private'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="visibility"
              value={value}
              defaultChecked={initial.visibility === value}
            />
            <span>
              <strong>{labels[value]}</strong> — {value === 'public' ? labels.publicHint : labels.privateHint}
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={busy || !hydrated}>
        {busy ? labels.busy : labels.submit}
      </button>
      <p role="status" aria-live="polite" className={styles.status}>
        {message}
      </p>
    </form>
  );
}
