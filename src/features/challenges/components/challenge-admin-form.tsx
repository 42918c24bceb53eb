'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './challenges.module.css';
import { refusalTextOf } from './refusal-text';

export interface ChallengeFormValues {
  title: string;
  theme: string;
  rules: string;
  /** ISO dates; the inputs show them in UTC. */
  opensAt: string;
  votingAt: string;
  resultsAt: string;
  prize: string;
}

type Labels = Record<
  | 'heading'
  | 'kind'
  | 'kindModels'
  | 'kindRenders'
  | 'title'
  | 'theme'
  | 'rules'
  | 'rulesHint'
  | 'opensAt'
  | 'votingAt'
  | 'resultsAt'
  | 'datesHint'
  | 'prize'
  | 'prizeHint'
  | 'submit'
  | 'busy'
  | 'saved',
  string
>;

/** `2026-12-01T12:00` (a datetime-local input, read as UTC) ⇄ ISO. */
const toInput = (iso: string) => (iso ? iso.slice(0, 16) : '');
const fromInput = (value: string) => (value ? `${value}:00Z` : '');

/** An admin creates a challenge (with its kind) or rewords and reschedules one (`challengeId`). */
export function ChallengeAdminForm({
  challengeId,
  initial,
  labels,
  refusals,
}: {
  challengeId?: number;
  initial: ChallengeFormValues;
  labels: Labels;
  refusals: Record<string, string>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const json = {
      ...(challengeId === undefined && { kind: text('kind') }),
      title: text('title'),
      theme: text('theme'),
      rules: text('rules'),
      opensAt: fromInput(text('opensAt')),
      votingAt: fromInput(text('votingAt')),
      resultsAt: fromInput(text('resultsAt')),
      prize: text('prize'),
    };
    setBusy(true);
    setMessage('');
    try {
      const endpoint = `/api/internal/challenges${challengeId === undefined ? '' : `/${challengeId}`}`;
      const response = await postToApi(endpoint, { json });
      if (response.ok) {
        const { data: saved } = (await response.json()) as { data: { id: number } };
        if (challengeId === undefined)
          return window.location.assign(`${window.location.pathname}/${saved.id}`);
        setMessage(labels.saved);
        return window.location.reload();
      }
      setMessage(await refusalTextOf(response, refusals));
    } catch (error) {
      reportClientError('Saving a challenge failed', error);
      setMessage(refusals.failed ?? '');
    }
    setBusy(false);
  }

  const field = (name: keyof ChallengeFormValues, input: React.ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{labels[name]}</label>
      {input}
    </div>
  );
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{labels.heading}</h2>
      {challengeId === undefined && (
        <div className={styles.field}>
          <label htmlFor={`${id}-kind`}>{labels.kind}</label>
          <select id={`${id}-kind`} name="kind" defaultValue="models">
            <option value="models">{labels.kindModels}</option>
            <option value="renders">{labels.kindRenders}</option>
          </select>
        </div>
      )}
      {field(
        'title',
        <input
          id={`${id}-title`}
          name="title"
          required
          minLength={3}
          maxLength={120}
          defaultValue={initial.title}
        />,
      )}
      {field(
        'theme',
        <input id={`${id}-theme`} name="theme" required maxLength={300} defaultValue={initial.theme} />,
      )}
      {field(
        'rules',
        <textarea
          id={`${id}-rules`}
          name="rules"
          required
          maxLength={5000}
          defaultValue={initial.rules}
          aria-describedby={`${id}-rules-hint`}
        />,
      )}
      <p id={`${id}-rules-hint`} className={styles.hint}>
        {labels.rulesHint}
      </p>
      <div className={styles.dates}>
        {(['opensAt', 'votingAt', 'resultsAt'] as const).map((name) =>
          field(
            name,
            <input
              id={`${id}-${name}`}
              name={name}
              type="datetime-local"
              required
              defaultValue={toInput(initial[name])}
              aria-describedby={`${id}-dates-hint`}
            />,
          ),
        )}
      </div>
      <p id={`${id}-dates-hint`} className={styles.hint}>
        {labels.datesHint}
      </p>
      {field(
        'prize',
        <input
          id={`${id}-prize`}
          name="prize"
          inputMode="decimal"
          required
          maxLength={20}
          defaultValue={initial.prize}
          aria-describedby={`${id}-prize-hint`}
        />,
      )}
      <p id={`${id}-prize-hint`} className={styles.hint}>
        {labels.prizeHint}
      </p>
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
