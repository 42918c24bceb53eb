'use client';

import { useId, useState, type FormEvent } from 'react';

import { Rating, ratingScale } from '@/components/ui/rating';
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
  | 'reviewRatingRequired'
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

/**
 * A review after completion: positive or negative, stars on the 0–5 rating widget and a text of
 * 10–2,000 characters. The widget starts at 0, "not rated yet": a review needs 1 to 5 stars (decision 0036).
 */
export function WorkReviewForm({
  endpoint,
  texts,
  ratingOptions,
}: {
  endpoint: string;
  texts: ReviewFormTexts;
  /** The widget's value names, 0 to 5 ("No stars", "1 star", …). */
  ratingOptions: readonly string[];
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ rating?: string; body?: string; form?: string }>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const body = String(form.get('body') ?? '').trim();
    const rating = Number(form.get('rating') ?? ratingScale.start);
    if (rating <= ratingScale.start) return setErrors({ rating: texts.reviewRatingRequired });
    if (body === '') return setErrors({ body: texts.required });
    if (body.length < reviewTextLength.min) return setErrors({ body: texts.reviewTooShort });
    if (body.length > reviewTextLength.max) return setErrors({ body: texts.reviewTooLong });
    setErrors({});
    setBusy(true);
    try {
      const response = await postToApi(endpoint, {
        json: { positive: form.get('positive') !== 'no', rating, body },
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
        <Rating
          name="rating"
          label={texts.reviewRating}
          optionLabels={ratingOptions}
          invalid={errors.rating !== undefined}
          describedBy={errors.rating ? `${id}-rating-error` : undefined}
        />
        {errors.rating && (
          <p className={styles.error} id={`${id}-rating-error`}>
            {errors.rating}
          </p>
        )}
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
