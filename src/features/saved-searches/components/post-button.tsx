'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

export interface PostButtonLabels {
  idle: string;
  busy: string;
  /** Shown after success (unless the page is reloaded). */
  done?: string;
  failed: string;
}

/**
 * A button that POSTs JSON to the internal API: its label while the request runs, then either the page
 * loaded anew (`reload`: the list changed) or a message; a failure is said in a live region.
 */
export function PostButton({
  url,
  json,
  labels,
  reload = false,
  className,
  outcome,
  ariaLabel,
}: {
  url: string;
  json?: unknown;
  labels: PostButtonLabels;
  reload?: boolean;
  className?: string;
  /** A message per value of one field of the answer's data, instead of `labels.done`. */
  outcome?: { field: string; messages: Record<string, string> };
  /** The button's name for assistive technology when `labels.idle` alone is ambiguous in a list. */
  ariaLabel?: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [message, setMessage] = useState('');
  const hydrated = useHydrated();
  async function send() {
    setState('busy');
    setMessage('');
    try {
      const response = await postToApi(url, { json: json ?? {} });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      if (reload) {
        window.location.reload();
        return;
      }
      const { data } = (await response.json()) as { data: Record<string, unknown> };
      const value = outcome ? String(data[outcome.field]) : '';
      setMessage(outcome?.messages[value] ?? labels.done ?? '');
      setState('done');
    } catch (error) {
      reportClientError(`POST ${url} failed`, error);
      setMessage(labels.failed);
      setState('idle');
    }
  }
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={send}
        disabled={state !== 'idle' || !hydrated}
        aria-label={state === 'idle' ? ariaLabel : undefined}
      >
        {state === 'busy' ? labels.busy : labels.idle}
      </button>
      <p role="status" aria-live="polite">
        {message}
      </p>
    </>
  );
}
