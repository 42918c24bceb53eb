'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';

import { postJson } from './post-json';

/** Deletes the owner's list after a confirmation, then goes to the printlists page. */
export function DeletePrintlist({
  printlistId,
  afterHref,
  labels,
}: {
  printlistId: number;
  afterHref: string;
  labels: { delete: string; confirm: string; deleting: string; failed: string };
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  async function remove() {
    if (!window.confirm(labels.confirm)) return;
    setBusy(true);
    const answer = await postJson(`/api/internal/printlists/${printlistId}/delete`, {}).catch(() => null);
    if (answer?.ok) return window.location.assign(afterHref);
    setBusy(false);
    setMessage(labels.failed);
  }
  return (
    <>
      <button type="button" className="button button-secondary" disabled={busy || !hydrated} onClick={remove}>
        {busy ? labels.deleting : labels.delete}
      </button>
      <p role="status" aria-live="polite">
        {message}
      </p>
    </>
  );
}
