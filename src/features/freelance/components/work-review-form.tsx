'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import { reviewTextLength } from '../application-schemas';
import styles from './work.module.css';

export type ReviewFormTexts = Record<
  | 'title'
  | 'reviewKind'
  | 'reviewPositive'
  | 'reviewNegative'
  | 'reviewRating'
  | 'reviewText'
  | 'reviewSubmit'
  | 'reviewTooShort'
  | 'reviewTooLong'
  | 'required'
  | 'failed'
  | 'conflict'
  | 'busy',
  string
>;

/** A review after completion: positive or negative, a rating 1–5 and a text of 10–2,000 characters. */
export function WorkReviewForm({ endpoint, texts }: { endpoint: string; texts: ReviewFormTexts }) {
  const id = useId();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ body?: string; form?: string }>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const body = String(form.get('body') ?? '').trim();
    if (body === '') return setErrors({ body: texts.required });
    if (body.length < reviewTextLength.min) return setErrors({ body: texts.reviewTooShort });
    if (body.length > reviewTextLength.max) return setErrors({ body: texts.reviewTooLong });
    setErrors({});
    setBusy(true);
    try {
      const response = await postToApi(endpoint, {
        json: { positive: form.get('positive') !== 'no', rating: Number(form.get('rating') ?? 5), body },
      });
      if (response.ok) return window.location.reload();
      if (response.status === 409) return setErrors({ form: texts.conflict });
      throw new Error(`HTTP ${response.status}`);
    } catch (caught) {
      reportClientError('Review failed', caught);
      setErrors({ form: texts.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h3>{texts.title}</h3>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{texts.reviewKind}</legend>
        <div className={styles.row}>
          <label className={styles.choiceLine}>
            <input type="radio" name="positive" value="yes" defaultChecked /> {texts.reviewPositive}
          </label>
          <label className={styles.choiceLine}>
            <input type="radio" name="positive" value="no" /> {texts.reviewNegative}
          </label>
        </div>
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-rating`}>{texts.reviewRating}</label>
        <select id={`${id}-rating`} name="rating" defaultValue="5">
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-body`}>{texts.reviewText}</label>
        <textarea
          id={`${id}-body`}
          name="body"
          maxLength={reviewTextLength.max}
          required
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${id}-body-error` : undefined}
        />
        {errors.body && (
          <p className={styles.error} id={`${id}-body-error`}>
            {errors.body}
          </p>
        )}
      </div>
      {errors.form && (
        <p className={styles.error} role="alert">
          {errors.form}
        </p>
      )}
      <div className={styles.row}>
        <button type="submit" className="button" disabled={busy || !hydrated}>
          {busy ? texts.busy : texts.reviewSubmit}
        </button>
      </div>
    </form>
  );
}
