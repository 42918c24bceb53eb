import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { TeamView } from '@/features/business/components/team-view';
import { getTeamView } from '@/features/business/server/team-queries';
import { TeamLibraryView } from '@/features/orders/components/team-library-view';
import { getTeamLibrary } from '@/features/orders/server/queries';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('business.Team');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * The business team (spec §6): for its members, the shared library, business credits, members and
 * invitations; anybody else learns what a business account is and where to apply.
 */
export default async function TeamPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/team');
  const team = await getTeamView(user.id);
  if (!team) {
    const t = await getTranslations('business.NoTeam');
    return (
      <div className="container narrow-page">
        <h1 className="page-title">{t('title')}</h1>
        <p className="page-lead">{t('text')}</p>
        <p>
          <a className="button" href={localizedHref(locale, '/business-account')}>
            {t('apply')}
          </a>
        </p>
        <p>{t('invited')}</p>
      </div>
    );
  }
  return (
    <TeamView
      locale={locale}
      team={team}
      viewerId={user.id}
      invited={(await searchParams).invited === '1'}
      teamHref={getPathname({ locale, href: '/team' })}
      library={<TeamLibraryView locale={locale} library={await getTeamLibrary(user.id)} />}
    />
  );
}
