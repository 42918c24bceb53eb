'use client';

import { useEffect, useState } from 'react';

import { formatCount } from '@/lib/plural-template';

import { followersEvent, type FollowersDetail } from './follow-events';

/** "1,234 followers" on a profile, updated when the visitor follows or unfollows on the page. */
export function FollowerCount({
  userId,
  initial,
  message,
  languageTag,
}: {
  userId: number;
  initial: number;
  /** The ICU plural message (`{count, plural, …}`). */
  message: string;
  languageTag: string;
}) {
  const [followers, setFollowers] = useState(initial);
  useEffect(() => {
    const update = (event: Event) => {
      const detail = (event as CustomEvent<FollowersDetail>).detail;
      if (detail.userId === userId) setFollowers(detail.followers);
    };
    window.addEventListener(followersEvent, update);
    return () => window.removeEventListener(followersEvent, update);
  }, [userId]);
  return <span data-testid="followers">{formatCount(message, followers, languageTag)}</span>;
}
