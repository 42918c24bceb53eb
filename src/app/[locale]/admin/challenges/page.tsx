import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import adminStyles from '@/components/ui/admin-list.module.css';
import { adminOrNotFound } from '@/features/accounts/server/page-access';
import { adminFormTexts } from '@/features/challenges/components/admin-form-texts';
import { ChallengeAdminForm } from '@/features/challenges/components/challenge-admin-form';
import styles from '@/features/challenges/components/challenges.module.css';
import { challengeDateFormatter, suggestedSchedule } from '@/features/challenges/components/format';
import { PhaseLabel } from '@/features/challenges/components/phase-label';
import { listChallengesForAdmin } from '@/features/challenges/server/queries';
import { localizedHref } from '@/i18n/navigation';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('challenges.Admin');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Admin: every challenge and art contest (to edit one), and the form for a new one. */
export default async function AdminChallengesPage({ params }: Props) {
  const locale = await localeOf(params);
  await adminOrNotFound(locale, '/admin/challenges');
  const [t, phases, challenges, form] = await Promise.all([
    getTranslations('challenges.Admin'),
    getTranslations('challenges.Phase'),
    listChallengesForAdmin(),
    adminFormTexts('createHeading'),
  ]);
  const date = challengeDateFormatter(locale);
  return (
    <div className="container">
      <a className={adminStyles.back} href={localizedHref(locale, '/admin')}>
        ← {t('back')}
      </a>
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <ChallengeAdminForm
        initial={{
          title: '',
          theme: '',
          rules: '',
          ...suggestedSchedule(),
          prize: '50',
        }}
        labels={form.labels}
        refusals={form.refusals}
      />
      <h2 className={styles.sectionTitle}>{t('listTitle')}</h2>
      {challenges.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className={styles.list}>
          {challenges.map((challenge) => (
            <li key={challenge.id} className={styles.card}>
              <h3>
                <a
                  href={localizedHref(locale, {
                    pathname: '/admin/challenges/[id]',
                    params: { id: String(challenge.id) },
                  })}
                >
                  {challenge.title}
                </a>
              </h3>
              <p className={styles.meta}>
                <PhaseLabel phase={challenge.phase} text={phases(challenge.phase)} />
                <span>{t(challenge.kind === 'renders' ? 'kindRenders' : 'kindModels')}</span>
                <span>{t('resultsOn', { date: date(challenge.resultsAt) })}</span>
                <span>{t('entries', { count: challenge.entries })}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
