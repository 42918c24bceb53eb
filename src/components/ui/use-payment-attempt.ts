'use client';

import { useRef, useState, type FormEvent } from 'react';

import { reportClientError } from '@/lib/client-errors';

/**
 * What a card payment form does on submit: one idempotency key per attempt (a double click or a
 * retried request pays once), a busy state, and the error to show. `pay` posts the form with the
 * key and returns the refusal's text (the next attempt then gets a new key) or null when it has
 * gone on to the next page; a thrown error is reported as `errorContext` and shows `failedText`.
 */
export function usePaymentAttempt({
  failedText,
  errorContext,
}: {
  failedText: string;
  errorContext: string;
}) {
  const attempt = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(
    event: FormEvent<HTMLFormElement>,
    pay: (idempotencyKey: string, form: FormData) => Promise<string | null>,
  ) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    attempt.current ??= crypto.randomUUID();
    setBusy(true);
    setError(null);
    try {
      const refusal = await pay(attempt.current, form);
      if (refusal !== null) {
        attempt.current = null;
        setError(refusal);
      }
    } catch (caught) {
      reportClientError(errorContext, caught);
      setError(failedText);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, submit };
}
