'use client';

import { useState } from 'react';

import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './post-button.module.css';
import { useHydrated } from './use-hydrated';

/**
 * A button that POSTs JSON to one of our endpoints (with the CSRF token) and reloads the page when it
 * worked (or goes to `then`), so the server-rendered page shows the new state. A 400 with a `formError`
 * shows that refusal's text, a 409 `conflict`, anything else `failed`.
 */
export function PostButton({
  endpoint,
  json,
  label,
  busyLabel,
  texts,
  className = 'button button-secondary',
  ariaLabel,
  then,
  confirm,
}: {
  endpoint: string;
  json: unknown;
  label: string;
  busyLabel: string;
  texts: { failed: string; conflict?: string; refusals?: Record<string, string> };
  className?: string;
  ariaLabel?: string;
  then?: string;
  /** A question the visitor confirms first (for a step that cannot be undone). */
  confirm?: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'conflict' | 'failed'>('idle');
  const hydrated = useHydrated();
  const [refusal, setRefusal] = useState<string | null>(null);
  async function post() {
    if (confirm && !window.confirm(confirm)) return;
    setState('busy');
    setRefusal(null);
    try {
      const response = await postToApi(endpoint, { json });
      if (response.ok) {
        if (then) window.location.assign(then);
        else window.location.reload();
        return;
      }
      if (response.status === 400 && texts.refusals) {
        const body = (await response.json()) as { error?: { formError?: string } };
        const text = texts.refusals[body.error?.formError ?? ''];
        if (text) {
          setRefusal(text);
          return setState('idle');
        }
      }
      if (response.status === 409 && texts.conflict) return setState('conflict');
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      reportClientError(`POST ${endpoint} failed`, error);
      setState('failed');
    }
  }
  const message = state === 'conflict' ? texts.conflict : state === 'failed' ? texts.failed : refusal;
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={post}
        disabled={state === 'busy' || !hydrated}
        aria-label={state === 'busy' ? undefined : ariaLabel}
      >
        {state === 'busy' ? busyLabel : label}
      </button>
      {message && (
        <span role="alert" className={styles.error}>
          {message}
        </span>
      )}
    </>
  );
}
