'use client';

import { useId, useState } from 'react';

import styles from '@/components/ui/post-button.module.css';
import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import choice from './choice-action.module.css';

/**
 * A moderation action that needs one choice first (the category a thread moves to, how long a ban
 * lasts): a select and a button that POSTs `json` with the chosen value, then reloads the page.
 */
export function ChoiceAction({
  endpoint,
  json,
  name,
  choiceLabel,
  options,
  label,
  busyLabel,
  failed,
}: {
  endpoint: string;
  json: Record<string, unknown>;
  name: string;
  choiceLabel: string;
  options: { value: string | number; label: string }[];
  label: string;
  busyLabel: string;
  failed: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [value, setValue] = useState(String(options[0]?.value ?? ''));
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  async function post() {
    setState('busy');
    const chosen = options.find((option) => String(option.value) === value)?.value;
    try {
      const response = await postToApi(endpoint, { json: { ...json, [name]: chosen } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      window.location.reload();
    } catch (error) {
      reportClientError(`POST ${endpoint} failed`, error);
      setState('failed');
    }
  }
  return (
    <span className={choice.choice}>
      <label htmlFor={id} className="visually-hidden">
        {choiceLabel}
      </label>
      <select id={id} value={value} onChange={(event) => setValue(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button-secondary"
        disabled={!hydrated || state === 'busy'}
        onClick={post}
      >
        {state === 'busy' ? busyLabel : label}
      </button>
      {state === 'failed' && (
        <span role="alert" className={styles.error}>
          {failed}
        </span>
      )}
    </span>
  );
}
