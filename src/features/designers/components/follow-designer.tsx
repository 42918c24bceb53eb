import { getTranslations } from 'next-intl/server';

import { getPathname, localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';

import { isFollowing } from '../server/follows-repository';
import { FollowButton } from './follow-button';
import { followButtonLabels } from './follow-texts';

/**
 * The profile's follow control: the button for a signed-in visitor, a link to log in (and back) for a
 * guest, nothing on one's own profile.
 */
export async function FollowDesigner({
  locale,
  designer,
  statusClassName,
}: {
  locale: Locale;
  designer: { id: number; username: string };
  statusClassName?: string;
}) {
  const user = await currentUser();
  if (user?.id === designer.id) return null;
  if (!user) {
    const t = await getTranslations('designers.Profile');
    const here = getPathname({
      locale,
      href: { pathname: '/designers/[username]', params: { username: designer.username } },
    });
    return (
      <a className="button" href={localizedHref(locale, '/login', { next: here })} data-testid="follow-link">
        {t('follow')}
        <span className="visually-hidden"> – {t('followLogIn')}</span>
      </a>
    );
  }
  const [following, labels] = await Promise.all([isFollowing(user.id, designer.id), followButtonLabels()]);
  return (
    <FollowButton
      userId={designer.id}
      username={designer.username}
      initiallyFollowing={following}
      labels={labels}
      statusClassName={statusClassName}
    />
  );
}
