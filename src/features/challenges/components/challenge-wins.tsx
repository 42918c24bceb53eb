import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import { getChallengeWins } from '../server/queries';
import styles from './challenges.module.css';

/** The profile's challenge badges: one per challenge the member won (decision 0046). */
export async function ChallengeWins({ locale, userId }: { locale: Locale; userId: number }) {
  const wins = await getChallengeWins(userId);
  if (wins.length === 0) return null;
  const t = await getTranslations('challenges.Badges');
  return (
    <ul className={styles.badges} aria-label={t('label')} data-testid="challenge-badges">
      {wins.map((win) => (
        <li key={win.id} className={styles.badge}>
          <span aria-hidden="true">🏆</span>
          <a href={localizedHref(locale, { pathname: '/challenges/[id]', params: { id: String(win.id) } })}>
            {t(win.kind === 'renders' ? 'artWinner' : 'winner', { title: win.title })}
          </a>
        </li>
      ))}
    </ul>
  );
}
