'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import styles from './makes.module.css';

export type MakeLikeLabels = Record<
  'like' | 'liked' | 'logInToLike' | 'likeFailed' | 'likeRateLimited',
  string
>;

/**
 * Likes a make (one like per member; pressing again takes it back). A guest gets a link to log in that
 * comes back to the make.
 */
export function MakeLikeButton({
  makeId,
  likes: initialLikes,
  liked: initialLiked,
  logInHref,
  labels,
  countTexts,
}: {
  makeId: number;
  likes: number;
  /** Null for a guest. */
  liked: boolean | null;
  logInHref: string;
  labels: MakeLikeLabels;
  /** The count's text for the counts the button can show (the initial one and one more or less). */
  countTexts: Record<string, string>;
}) {
  const [state, setState] = useState({ liked: initialLiked ?? false, likes: initialLikes });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const hydrated = useHydrated();

  async function toggle() {
    setBusy(true);
    setMessage('');
    try {
      const response = await postToApi(`/api/internal/makes/${makeId}/likes${state.liked ? '/remove' : ''}`);
      if (response.status === 401) return setMessage(labels.logInToLike);
      if (response.status === 429) return setMessage(labels.likeRateLimited);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { data: { liked: boolean; likes: number } };
      setState(body.data);
    } catch (error) {
      reportClientError('Liking a make failed', error);
      setMessage(labels.likeFailed);
    } finally {
      setBusy(false);
    }
  }

  const countText = countTexts[String(state.likes)] ?? String(state.likes);
  return (
    <div className={styles.like}>
      {initialLiked === null ? (
        <a className="button button-secondary" href={logInHref}>
          {labels.logInToLike}
        </a>
      ) : (
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={state.liked}
          disabled={!hydrated || busy}
          onClick={() => void toggle()}
        >
          {state.liked ? labels.liked : labels.like}
        </button>
      )}
      <span data-testid="make-like-count">{countText}</span>
      <span role="status" className={styles.error}>
        {message}
      </span>
    </div>
  );
}
