'use client';

import { useId, useState, type FormEvent } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';

import type { OwnPrintlistChoice } from '../api';
import { maxTitleLength } from '../limits';
import { postJson } from './post-json';
import styles from './printlists.module.css';

export interface SaveToPrintlistLabels {
  save: string;
  yourLists: string;
  noListsYet: string;
  newList: string;
  newListTitle: string;
  makePrivate: string;
  create: string;
  private: string;
  added: string;
  removed: string;
  created: string;
  failed: string;
  rateLimited: string;
  titleRequired: string;
  manage: string;
}

/**
 * The model page's "Save to a printlist": the signed-in user's lists as checkboxes (ticking adds the
 * model, unticking takes it out), and a new list made with the model in it.
 */
export function SaveToPrintlist({
  modelId,
  initial,
  manageHref,
  labels,
}: {
  modelId: number;
  initial: OwnPrintlistChoice[];
  manageHref: string;
  labels: SaveToPrintlistLabels;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [choices, setChoices] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const refusal = (status: number) => (status === 429 ? labels.rateLimited : labels.failed);

  async function toggle(choice: OwnPrintlistChoice) {
    setBusy(true);
    setMessage('');
    const url = `/api/internal/printlists/${choice.id}/items${choice.hasModel ? '/remove' : ''}`;
    try {
      const answer = await postJson(url, { modelId });
      if (!answer.ok) return setMessage(refusal(answer.status));
      setChoices((all) => all.map((c) => (c.id === choice.id ? { ...c, hasModel: !choice.hasModel } : c)));
      setMessage((choice.hasModel ? labels.removed : labels.added).replace('{list}', choice.title));
    } catch {
      setMessage(labels.failed);
    } finally {
      setBusy(false);
    }
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const title = String(form.get('title') ?? '').trim();
    if (title === '') return setMessage(labels.titleRequired);
    const visibility = form.get('private') === 'on' ? 'private' : 'public';
    setBusy(true);
    setMessage('');
    try {
      const answer = await postJson('/api/internal/printlists', { title, visibility, modelId });
      if (!answer.ok)
        return setMessage(answer.fieldErrors.title ? labels.titleRequired : refusal(answer.status));
      setChoices((all) => [{ id: Number(answer.data.id), title, visibility, hasModel: true }, ...all]);
      setMessage(labels.created.replace('{list}', title));
      formElement.reset();
    } catch {
      setMessage(labels.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className={styles.save} data-testid="save-to-printlist">
      <summary className="button button-secondary">{labels.save}</summary>
      <div className={styles.savePanel}>
        <fieldset>
          <legend>{labels.yourLists}</legend>
          {choices.length === 0 && <p className={styles.hint}>{labels.noListsYet}</p>}
          <ul className={styles.choices}>
            {choices.map((choice) => (
              <li key={choice.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={choice.hasModel}
                    disabled={busy || !hydrated}
                    onChange={() => toggle(choice)}
                  />
                  <span>
                    {choice.title}
                    {choice.visibility === 'private' && <em className={styles.badge}>{labels.private}</em>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <form onSubmit={create} className={styles.newList} noValidate>
          <label htmlFor={`${id}-new`}>{labels.newList}</label>
          <input
            id={`${id}-new`}
            name="title"
            maxLength={maxTitleLength}
            placeholder={labels.newListTitle}
            autoComplete="off"
          />
          <label className={styles.inline}>
            <input type="checkbox" name="private" /> {labels.makePrivate}
          </label>
          <button type="submit" className="button" disabled={busy || !hydrated}>
            {labels.create}
          </button>
        </form>
        <p role="status" aria-live="polite" className={styles.status}>
          {message}
        </p>
        <a href={manageHref}>{labels.manage}</a>
      </div>
    </details>
  );
}
