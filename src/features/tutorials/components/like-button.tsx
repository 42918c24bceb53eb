'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import styles from './tutorials.module.css';

/** Like or unlike a tutorial (one like per member); the count is the server's answer. */
export function LikeButton({
  endpoint,
  liked: initiallyLiked,
  likes: initialLikes,
  texts,
}: {
  endpoint: string;
  liked: boolean;
  likes: number;
  /** `count` is a template with `{count}`. */
  texts: { like: string; unlike: string; count: string; failed: string; rate_limited: string };
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState({ liked: initiallyLiked, likes: initialLikes });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggle() {
    setSending(true);
    setError(null);
    try {
      const response = await postToApi(state.liked ? `${endpoint}/remove` : endpoint);
      if (response.status === 429) setError(texts.rate_limited);
      else if (!response.ok) throw new Error(`HTTP ${response.status}`);
      else setState(((await response.json()) as { data: { liked: boolean; likes: number } }).data);
    } catch (failure) {
      reportClientError(`Tutorial like ${endpoint} failed`, failure);
      setError(texts.failed);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={styles.like}>
      <button
        type="button"
        className={state.liked ? 'button' : 'button button-secondary'}
        aria-pressed={state.liked}
        disabled={!hydrated || sending}
        onClick={toggle}
        data-testid="like-button"
      >
        {state.liked ? texts.unlike : texts.like}
      </button>
      <span aria-live="polite" data-testid="like-count">
        {fillTemplate(texts.count, { count: state.likes })}
      </span>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
