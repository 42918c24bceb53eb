import { getTranslations } from 'next-intl/server';

import type { FollowButtonLabels } from './follow-button';

export async function followButtonLabels(): Promise<FollowButtonLabels> {
  const t = await getTranslations('social.Follows');
  return {
    follow: t('follow'),
    unfollow: t('unfollow'),
    followed: t.raw('followed') as string,
    unfollowed: t.raw('unfollowed') as string,
    failed: t('failed'),
    rateLimited: t('rateLimited'),
    logInFirst: t('logInFirst'),
  };
}
