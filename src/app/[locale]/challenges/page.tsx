import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ChallengeList } from '@/features/challenges/components/challenge-list';
import { listChallenges } from '@/features/challenges/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';
import { localizedHref } from '@/i18n/navigation';

import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('challenges.List');
  return {
    title: t('metaTitle'),
    description: t('lead'),
    alternates: languageAlternates(locale, () => '/challenges'),
  };
}

/** Issue 25: the design challenges, running ones first, and the way to the digital art contest. */
export default async function ChallengesPage({ params }: Props) {
  const locale = await localeOf(params);
  const [t, challenges] = await Promise.all([getTranslations('challenges.List'), listChallenges('models')]);
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <p>
        <a href={localizedHref(locale, '/digital-art-contest')}>{t('artContestLink')}</a>
      </p>
      <ChallengeList locale={locale} challenges={challenges} />
    </div>
  );
}
