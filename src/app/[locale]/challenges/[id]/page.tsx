import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ChallengeView } from '@/features/challenges/components/challenge-view';
import { getChallengeDetail } from '@/features/challenges/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';
import { getPathname, localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string; id: string }> };

async function challengeOf(locale: Locale, params: Props['params']) {
  const { id } = await params;
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  const challenge = await getChallengeDetail(Number(id), locale);
  if (!challenge) notFound();
  return challenge;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const challenge = await challengeOf(locale, params);
  const t = await getTranslations('challenges.Detail');
  const id = String(challenge.id);
  return {
    title: t('metaTitle', { title: challenge.title }),
    description: challenge.theme,
    alternates: languageAlternates(locale, () => ({ pathname: '/challenges/[id]', params: { id } })),
  };
}

/** One challenge (or art contest): its rules and timeline, the entry form, the entries, the results. */
export default async function ChallengePage({ params }: Props) {
  const locale = await localeOf(params);
  const challenge = await challengeOf(locale, params);
  const t = await getTranslations('challenges.Detail');
  const back = challenge.kind === 'renders' ? '/digital-art-contest' : '/challenges';
  return (
    <div className="container">
      <p>
        <a href={localizedHref(locale, back)}>
          ← {t(challenge.kind === 'renders' ? 'backToContest' : 'backToList')}
        </a>
      </p>
      <ChallengeView
        locale={locale}
        challenge={challenge}
        here={getPathname({
          locale,
          href: { pathname: '/challenges/[id]', params: { id: String(challenge.id) } },
        })}
      />
    </div>
  );
}
