'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './challenges.module.css';
import { refusalTextOf } from './refusal-text';

/** Votes for an entry (or moves the member's one vote to it); the page reloads to show where it went. */
export function VoteButton({
  challengeId,
  entryId,
  votedHere,
  labels,
  refusals,
}: {
  challengeId: number;
  entryId: number;
  votedHere: boolean;
  labels: { vote: string; voted: string; busy: string; voteFor: string };
  refusals: Record<string, string>;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const hydrated = useHydrated();

  async function vote() {
    setBusy(true);
    setMessage('');
    try {
      const response = await postToApi(`/api/internal/challenges/${challengeId}/votes`, {
        json: { entryId },
      });
      if (response.ok) return window.location.reload();
      setMessage(await refusalTextOf(response, refusals));
    } catch (error) {
      reportClientError('Voting in a challenge failed', error);
      setMessage(refusals.failed ?? '');
    }
    setBusy(false);
  }

  return (
    <div>
      {votedHere ? (
        <p className={styles.phase} data-testid="voted-here">
          ✓ {labels.voted}
        </p>
      ) : (
        <button
          type="button"
          className="button"
          onClick={vote}
          disabled={busy || !hydrated}
          aria-label={labels.voteFor}
        >
          {busy ? labels.busy : labels.vote}
        </button>
      )}
      <p role="status" aria-live="polite" className={styles.status}>
        {message}
      </p>
    </div>
  );
}
