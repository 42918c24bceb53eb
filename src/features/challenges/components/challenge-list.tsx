import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import type { ChallengeSummaryDto } from '../schemas';
import styles from './challenges.module.css';
import { challengeDateFormatter, formatPrize } from './format';
import { PhaseLabel } from './phase-label';

/** Challenges as cards: title, theme, phase, the next date that matters, prize, entries, winner. */
export async function ChallengeList({
  locale,
  challenges,
  headingLevel = 2,
}: {
  locale: Locale;
  challenges: ChallengeSummaryDto[];
  headingLevel?: 2 | 3;
}) {
  const [t, phases] = await Promise.all([
    getTranslations('challenges.List'),
    getTranslations('challenges.Phase'),
  ]);
  if (challenges.length === 0) return <p className="page-lead">{t('empty')}</p>;
  const date = challengeDateFormatter(locale);
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={styles.list}>
      {challenges.map((challenge) => (
        <li key={challenge.id} className={styles.card}>
          <Heading>
            <a
              href={localizedHref(locale, {
                pathname: '/challenges/[id]',
                params: { id: String(challenge.id) },
              })}
            >
              {challenge.title}
            </a>
          </Heading>
          <p>{challenge.theme}</p>
          <p className={styles.meta}>
            <PhaseLabel phase={challenge.phase} text={phases(challenge.phase)} />
            <span>{nextDate(challenge, t, date)}</span>
            <span>{t('prize', { prize: formatPrize(challenge.prizeCents) })}</span>
            <span>{t('entries', { count: challenge.entries })}</span>
            {challenge.winner && <span>{t('winner', { username: challenge.winner.username })}</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}

function nextDate(
  challenge: ChallengeSummaryDto,
  t: Awaited<ReturnType<typeof getTranslations<'challenges.List'>>>,
  date: (iso: string) => string,
): string {
  switch (challenge.phase) {
    case 'scheduled':
      return t('opens', { date: date(challenge.opensAt) });
    case 'submissions':
      return t('submitUntil', { date: date(challenge.votingAt) });
    case 'voting':
      return t('voteUntil', { date: date(challenge.resultsAt) });
    default:
      return t('ended', { date: date(challenge.resultsAt) });
  }
}
