'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

export interface PostButtonTexts {
  label: string;
  busy: string;
  failed: string;
  /** Texts of the `formError` keys the endpoint may answer with (400). */
  refusals?: Record<string, string>;
  done?: string;
}

/**
 * A button that posts to one of the studio's endpoints, then reloads the page's data (or goes to
 * `then`); a refusal (400 with `formError`) or a failure is shown next to it.
 */
export function PostButton({
  url,
  json = {},
  texts,
  secondary = false,
  then,
}: {
  url: string;
  json?: unknown;
  texts: PostButtonTexts;
  secondary?: boolean;
  then?: string;
}) {
  const router = useRouter();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [message, setMessage] = useState('');
  async function post() {
    setState('busy');
    setMessage('');
    try {
      const response = await postToApi(url, { json });
      if (response.status === 400) {
        const body = (await response.json()) as { error?: { formError?: string } };
        setMessage(texts.refusals?.[body.error?.formError ?? ''] ?? texts.failed);
        setState('idle');
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      if (then) {
        window.location.assign(then);
        return;
      }
      setState('done');
      if (texts.done) setMessage(texts.done);
      router.refresh();
    } catch (error) {
      reportClientError(`POST ${url} failed`, error);
      setMessage(texts.failed);
      setState('idle');
    }
  }
  return (
    <span>
      <button
        type="button"
        className={secondary ? 'button button-secondary' : 'button'}
        onClick={post}
        disabled={state !== 'idle'}
      >
        {state === 'busy' ? texts.busy : texts.label}
      </button>{' '}
      <span role="status">{message}</span>
    </span>
  );
}
