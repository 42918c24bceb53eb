'use client';

import { useId, useState, type FormEvent } from 'react';

import { Rating } from '@/components/ui/rating';
import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import { reviewBodyMaxLength } from '../limits';
import styles from './ratings.module.css';

export type RatingFormLabels = Record<
  | 'title'
  | 'starsLegend'
  | 'reviewLabel'
  | 'reviewHint'
  | 'submit'
  | 'saving'
  | 'chooseStars'
  | 'tooLong'
  | 'failed'
  | 'rateLimited'
  | 'notBuyer'
  | 'ownModel'
  | 'banned',
  string
>;

/**
 * A buyer's rating: 0–5 stars on the rating widget and an optional text. A first rating must have its
 * stars chosen (the widget's starting 0 is a real rating here, so an untouched widget is not taken as
 * one); an existing rating starts with its own values and may be changed.
 */
export function RatingForm({
  endpoint,
  initial,
  labels,
  starOptions,
}: {
  endpoint: string;
  initial: { stars: number; body: string } | null;
  labels: RatingFormLabels;
  /** The widget's value names, 0 to 5. */
  starOptions: readonly string[];
}) {
  const id = useId();
  const [chosen, setChosen] = useState(initial !== null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<{ stars?: string; body?: string; form?: string }>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const body = String(form.get('body') ?? '').trim();
    if (!chosen) return setErrors({ stars: labels.chooseStars });
    if (body.length > reviewBodyMaxLength) return setErrors({ body: labels.tooLong });
    setErrors({});
    setBusy(true);
    try {
      const response = await postToApi(endpoint, { json: { stars: Number(form.get('stars')), body } });
      if (response.ok) return window.location.reload();
      if (response.status === 429) return setErrors({ form: labels.rateLimited });
      if (response.status === 403) {
        const answer = (await response.json().catch(() => null)) as { error?: { formError?: string } } | null;
        const refusal = answer?.error?.formError;
        if (refusal === 'not_a_buyer') return setErrors({ form: labels.notBuyer });
        if (refusal === 'own_model') return setErrors({ form: labels.ownModel });
        if (refusal === 'banned') return setErrors({ form: labels.banned });
      }
      throw new Error(`HTTP ${response.status}`);
    } catch (caught) {
      reportClientError('Rating failed', caught);
      setErrors({ form: labels.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.formTitle}>
        {labels.title}
      </h3>
      <div onChange={() => setChosen(true)}>
        <Rating
          name="stars"
          label={labels.starsLegend}
          value={initial?.stars}
          optionLabels={starOptions}
          invalid={errors.stars !== undefined}
          describedBy={errors.stars ? `${id}-stars-error` : undefined}
        />
      </div>
      {errors.stars && (
        <p className={styles.error} id={`${id}-stars-error`} role="alert">
          {errors.stars}
        </p>
      )}
      <label htmlFor={`${id}-body`} className={styles.label}>
        {labels.reviewLabel}
      </label>
      <textarea
        id={`${id}-body`}
        name="body"
        className={styles.textarea}
        rows={4}
        maxLength={reviewBodyMaxLength}
        defaultValue={initial?.body ?? ''}
        aria-describedby={`${id}-hint${errors.body ? ` ${id}-body-error` : ''}`}
        aria-invalid={errors.body ? true : undefined}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {labels.reviewHint}
      </p>
      {errors.body && (
        <p className={styles.error} id={`${id}-body-error`} role="alert">
          {errors.body}
        </p>
      )}
      {errors.form && (
        <p className={styles.error} role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className={styles.button} disabled={busy || !hydrated}>
        {busy ? labels.saving : labels.submit}
      </button>
    </form>
  );
}
