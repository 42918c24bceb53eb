'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import { announceFollowers } from './follow-events';

/** Texts; `followed` and `unfollowed` are templates with {designer}. */
export type FollowButtonLabels = Record<
  'follow' | 'unfollow' | 'followed' | 'unfollowed' | 'failed' | 'rateLimited' | 'logInFirst',
  string
>;

/**
 * Follow or unfollow a designer (decision 0032). The button says what it will do; the polite status
 * under it says what was done.
 */
export function FollowButton({
  userId,
  username,
  initiallyFollowing,
  labels,
  className = 'button',
  statusClassName,
}: {
  userId: number;
  username: string;
  initiallyFollowing: boolean;
  labels: FollowButtonLabels;
  className?: string;
  statusClassName?: string;
}) {
  const [following, setFollowing] = useState(initiallyFollowing);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const hydrated = useHydrated();

  async function toggle() {
    setBusy(true);
    setMessage('');
    try {
      const response = await postToApi(`/api/internal/follows${following ? '/remove' : ''}`, {
        json: { userId },
      });
      if (response.status === 401) return setMessage(labels.logInFirst);
      if (response.status === 429) return setMessage(labels.rateLimited);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as { data: { following: boolean; followers: number } };
      setFollowing(data.following);
      setMessage(fillTemplate(data.following ? labels.followed : labels.unfollowed, { designer: username }));
      announceFollowers({ userId, followers: data.followers });
    } catch (error) {
      reportClientError('Following a designer failed', error);
      setMessage(labels.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={following ? `${className} button-secondary` : className}
        onClick={toggle}
        disabled={busy || !hydrated}
        data-testid="follow-button"
      >
        {following ? labels.unfollow : labels.follow}
      </button>
      <p role="status" aria-live="polite" className={statusClassName}>
        {message}
      </p>
    </>
  );
}
