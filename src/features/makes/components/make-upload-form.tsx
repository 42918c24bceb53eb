'use client';

import { useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import { makeFieldLimits, maxMakePictures } from '../limits';
import styles from './makes.module.css';

export type MakeFormLabels = Record<
  | 'heading'
  | 'pictures'
  | 'picturesHint'
  | 'description'
  | 'printer'
  | 'material'
  | 'settings'
  | 'settingsHint'
  | 'submit'
  | 'submitting'
  | 'posted'
  | 'pictures_missing'
  | 'pictures_too_many'
  | 'too_long'
  | 'picture_type'
  | 'picture_too_large'
  | 'picture_dimensions'
  | 'rateLimited'
  | 'notFound'
  | 'banned'
  | 'failed',
  string
>;

type Field = 'pictures' | 'description' | 'printer' | 'material' | 'settings';

/**
 * Posting a make: pictures and the optional fields as one multipart upload; the server checks the
 * pictures by their bytes. On success the make's page opens; a refusal names the field and keeps what
 * was entered.
 */
export function MakeUploadForm({
  modelId,
  makeHref,
  labels,
}: {
  modelId: number;
  /** The make page, with MAKE_ID for the new make's id. */
  makeHref: string;
  labels: MakeFormLabels;
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [posted, setPosted] = useState('');

  function fieldError(code: string): string {
    return (labels as Record<string, string>)[code] ?? labels.failed;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const pictures = data.getAll('pictures').filter((file) => file instanceof File && file.size > 0);
    setErrors({});
    setFormError('');
    if (pictures.length === 0) return setErrors({ pictures: labels.pictures_missing });
    if (pictures.length > maxMakePictures) return setErrors({ pictures: labels.pictures_too_many });
    data.set('modelId', String(modelId));
    setBusy(true);
    try {
      const response = await postToApi('/api/internal/makes', { body: data });
      if (response.status === 201) {
        const body = (await response.json()) as { data: { id: number } };
        setPosted(labels.posted);
        window.location.assign(makeHref.replace('MAKE_ID', String(body.data.id)));
        return;
      }
      if (response.status === 429) return setFormError(labels.rateLimited);
      if (response.status === 404) return setFormError(labels.notFound);
      if (response.status === 400 || response.status === 413) {
        const body = (await response.json()) as {
          error?: { fieldErrors?: Record<string, string>; formError?: string };
        };
        if (body.error?.formError === 'banned') return setFormError(labels.banned);
        const fields = body.error?.fieldErrors ?? {};
        if (Object.keys(fields).length > 0) {
          return setErrors(
            Object.fromEntries(Object.entries(fields).map(([field, code]) => [field, fieldError(code)])),
          );
        }
      }
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      reportClientError('Posting a make failed', error);
      setFormError(labels.failed);
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (field: Field, hint?: string) =>
    [hint, errors[field] ? `make-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const error = (field: Field) =>
    errors[field] ? (
      <span id={`make-${field}-error`} className={styles.error} role="alert">
        {errors[field]}
      </span>
    ) : null;
  const text = (field: 'printer' | 'material') => (
    <label className={styles.field}>
      <span>{labels[field]}</span>
      <input
        name={field}
        maxLength={makeFieldLimits[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
      />
      {error(field)}
    </label>
  );

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      aria-labelledby="make-form-heading"
      data-testid="make-form"
    >
      <h3 id="make-form-heading">{labels.heading}</h3>
      <label className={styles.field}>
        <span>{labels.pictures}</span>
        <input
          type="file"
          name="pictures"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-invalid={errors.pictures ? true : undefined}
          aria-describedby={describedBy('pictures', 'make-pictures-hint')}
        />
        <span id="make-pictures-hint" className={styles.hint}>
          {labels.picturesHint}
        </span>
        {error('pictures')}
      </label>
      <label className={styles.field}>
        <span>{labels.description}</span>
        <textarea
          name="description"
          rows={3}
          maxLength={makeFieldLimits.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
        />
        {error('description')}
      </label>
      <div className={styles.row}>
        {text('printer')}
        {text('material')}
      </div>
      <label className={styles.field}>
        <span>{labels.settings}</span>
        <input
          name="settings"
          maxLength={makeFieldLimits.settings}
          placeholder={labels.settingsHint}
          aria-invalid={errors.settings ? true : undefined}
          aria-describedby={describedBy('settings')}
        />
        {error('settings')}
      </label>
      <div>
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {busy ? labels.submitting : labels.submit}
        </button>
      </div>
      <p role="status" className={formError ? styles.error : styles.hint}>
        {formError || posted}
      </p>
    </form>
  );
}
