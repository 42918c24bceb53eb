'use client';

import { useId, useState, type FormEvent } from 'react';

import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './studio.module.css';
import { useHydrated } from '@/components/ui/use-hydrated';

export type ReviewFormTexts = Record<
  | 'score'
  | 'scoreHint'
  | 'note'
  | 'noteHint'
  | 'approve'
  | 'reject'
  | 'sending'
  | 'approved'
  | 'rejected'
  | 'score_range'
  | 'note_required'
  | 'conflict'
  | 'failed',
  string
>;

/** An admin's verdict on a model in review: a score (0–100) to approve, or a note to reject. */
export function ReviewForm({ modelId, texts }: { modelId: number; texts: ReviewFormTexts }) {
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'sending' | 'approved' | 'rejected'>('idle');
  const [message, setMessage] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== 'idle') return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const verdict = submitter?.value === 'reject' ? 'reject' : 'approve';
    const form = new FormData(event.currentTarget);
    const score = String(form.get('score') ?? '').trim();
    const note = String(form.get('note') ?? '').trim();
    const local: Record<string, string> = {};
    if (verdict === 'approve' && !/^\d{1,3}$/.test(score)) local.score = 'score_range';
    else if (verdict === 'approve' && Number(score) > 100) local.score = 'score_range';
    if (verdict === 'reject' && note === '') local.note = 'note_required';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setState('sending');
    setMessage('');
    try {
      const response = await postToApi(`/api/internal/admin/reviews/${modelId}`, {
        json: verdict === 'approve' ? { verdict, score: Number(score), note } : { verdict, note },
      });
      if (response.status === 400) {
        const body = (await response.json()) as { error: { fieldErrors?: Record<string, string> } };
        setErrors(body.error.fieldErrors ?? {});
        setState('idle');
        return;
      }
      if (response.status === 409) {
        setMessage(texts.conflict);
        setState('idle');
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setState(verdict === 'approve' ? 'approved' : 'rejected');
    } catch (error) {
      reportClientError('Review failed', error);
      setMessage(texts.failed);
      setState('idle');
    }
  }

  if (state === 'approved' || state === 'rejected')
    return (
      <p className={styles.notice} role="status">
        {texts[state]}
      </p>
    );
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-score`}>{texts.score}</label>
        <input
          id={`${id}-score`}
          name="score"
          type="number"
          min={0}
          max={100}
          inputMode="numeric"
          aria-invalid={errors.score ? true : undefined}
          aria-describedby={`${id}-score-hint`}
        />
        <p className={styles.hint} id={`${id}-score-hint`}>
          {texts.scoreHint}
        </p>
        {errors.score ? <p className={styles.error}>{texts[errors.score as 'score_range']}</p> : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-note`}>{texts.note}</label>
        <textarea
          id={`${id}-note`}
          name="note"
          maxLength={2000}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={`${id}-note-hint`}
        />
        <p className={styles.hint} id={`${id}-note-hint`}>
          {texts.noteHint}
        </p>
        {errors.note ? <p className={styles.error}>{texts[errors.note as 'note_required']}</p> : null}
      </div>
      <div className={styles.row}>
        <button
          type="submit"
          name="verdict"
          value="approve"
          className="button"
          disabled={state === 'sending' || !hydrated}
        >
          {state === 'sending' ? texts.sending : texts.approve}
        </button>
        <button
          type="submit"
          name="verdict"
          value="reject"
          className="button button-secondary"
          disabled={state === 'sending' || !hydrated}
        >
          {texts.reject}
        </button>
        <p role="status" className={message ? styles.error : undefined}>
          {message}
        </p>
      </div>
    </form>
  );
}
