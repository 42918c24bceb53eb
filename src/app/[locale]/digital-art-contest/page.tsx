import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ChallengeList } from '@/features/challenges/components/challenge-list';
import { ChallengeView } from '@/features/challenges/components/challenge-view';
import { getChallengeDetail, listChallenges } from '@/features/challenges/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';
import { getPathname } from '@/i18n/navigation';

import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('challenges.Contest');
  return {
    title: t('metaTitle'),
    description: t('lead'),
    alternates: languageAlternates(locale, () => '/digital-art-contest'),
  };
}

/**
 * Issue 25: the digital art contest, a challenge whose entries are renders. The page shows the running
 * contest (or the latest one) in full, then the other contests.
 */
export default async function DigitalArtContestPage({ params }: Props) {
  const locale = await localeOf(params);
  const [t, contests] = await Promise.all([getTranslations('challenges.Contest'), listChallenges('renders')]);
  const [current, ...others] = contests;
  const detail = current ? await getChallengeDetail(current.id, locale) : null;
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      {detail ? (
        <ChallengeView
          locale={locale}
          challenge={detail}
          headingLevel={2}
          here={getPathname({ locale, href: '/digital-art-contest' })}
        />
      ) : (
        <p>{t('none')}</p>
      )}
      {others.length > 0 && (
        <section aria-labelledby="other-contests">
          <h2 id="other-contests">{t('others')}</h2>
          <ChallengeList locale={locale} challenges={others} headingLevel={3} />
        </section>
      )}
    </div>
  );
}
