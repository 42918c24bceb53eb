import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { JoinTeamButton } from '@/features/business/components/join-team-button';
import { getInvitation } from '@/features/business/server/team-queries';
import { findMembership } from '@/features/business/server/team-repository';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { currentUser } from '@/server/auth/visitor';

import { localeOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('business.Join');
  return { title: t('metaTitle'), robots: { index: false }, referrer: 'no-referrer' };
}

/**
 * An invitation link (`?token=`, 14 days, once): a guest logs in or signs up and comes back here;
 * a signed-in user accepts with a POST. Used, expired and unknown links say so.
 */
export default async function JoinTeamPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const t = await getTranslations('business.Join');
  const token = (await searchParams).token;
  const found = typeof token === 'string' ? await getInvitation(token) : null;
  const teamHref = getPathname({ locale, href: '/team' });
  const message = (text: string) => (
    <div className="container narrow-page">
      <h1 className="page-title">{t('metaTitle')}</h1>
      <p role="status">{text}</p>
    </div>
  );
  if (!found || typeof token !== 'string') return message(t('invalid'));
  if (found.state !== 'open') return message(t(found.state));
  const { invitation } = found;
  const user = await currentUser();
  const here = localizedHref(locale, '/team/join', { token });
  let body;
  if (!user) {
    body = (
      <>
        <p>{t('logInFirst', { email: invitation.email })}</p>
        <p>
          <a className="button" href={localizedHref(locale, '/login', { next: here })}>
            {t('logIn')}
          </a>{' '}
          <a className="button button-secondary" href={localizedHref(locale, '/signup', { next: here })}>
            {t('signUp')}
          </a>
        </p>
      </>
    );
  } else if ((await findMembership(user.id))?.teamId === invitation.teamId) {
    body = (
      <>
        <p>{t('alreadyMember')}</p>
        <a className="button" href={teamHref}>
          {t('goToTeam')}
        </a>
      </>
    );
  } else {
    body = (
      <>
        <p>{t('invitedAs', { email: invitation.email })}</p>
        <JoinTeamButton
          token={token}
          teamHref={teamHref}
          texts={{
            accept: t('accept'),
            accepting: t('accepting'),
            invalid: t('invalid'),
            used: t('used'),
            expired: t('expired'),
            wrong_email: t('wrongEmail'),
            other_team: t('otherTeam'),
            failed: t('failed'),
          }}
        />
      </>
    );
  }
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title', { team: invitation.teamName })}</h1>
      {body}
    </div>
  );
}
