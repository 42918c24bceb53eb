import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import adminStyles from '@/components/ui/admin-list.module.css';
import { adminOrNotFound } from '@/features/accounts/server/page-access';
import { canReschedule, phaseAt } from '@/features/challenges/challenge-lifecycle';
import { adminFormTexts } from '@/features/challenges/components/admin-form-texts';
import { ChallengeAdminForm } from '@/features/challenges/components/challenge-admin-form';
import { PhaseLabel } from '@/features/challenges/components/phase-label';
import { getChallengeRow } from '@/features/challenges/server/queries';
import { localizedHref } from '@/i18n/navigation';

import { localeOf } from '../../../route-params';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('challenges.Admin');
  return { title: t('editMetaTitle'), robots: { index: false } };
}

/** Admin: reword or reschedule a challenge (forward only), until its voting ends. */
export default async function AdminChallengePage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  await adminOrNotFound(locale, { pathname: '/admin/challenges/[id]', params: { id } });
  const challenge = /^[1-9]\d{0,8}$/.test(id) ? await getChallengeRow(Number(id)) : null;
  if (!challenge) notFound();
  const [t, phases, form] = await Promise.all([
    getTranslations('challenges.Admin'),
    getTranslations('challenges.Phase'),
    adminFormTexts('editHeading'),
  ]);
  const phase = phaseAt(challenge, new Date());
  const publicHref = localizedHref(locale, { pathname: '/challenges/[id]', params: { id } });
  return (
    <div className="container">
      <a className={adminStyles.back} href={localizedHref(locale, '/admin/challenges')}>
        ← {t('backToList')}
      </a>
      <h1 className="page-title">{challenge.title}</h1>
      <p>
        <PhaseLabel phase={phase} text={phases(phase)} /> · <a href={publicHref}>{t('publicPage')}</a>
      </p>
      {canReschedule(phase, phase) ? (
        <ChallengeAdminForm
          challengeId={challenge.id}
          initial={{
            title: challenge.title,
            theme: challenge.theme,
            rules: challenge.rules,
            opensAt: challenge.opensAt.toISOString(),
            votingAt: challenge.votingAt.toISOString(),
            resultsAt: challenge.resultsAt.toISOString(),
            prize: (challenge.prizeCents / 100).toFixed(2),
          }}
          labels={form.labels}
          refusals={form.refusals}
        />
      ) : (
        <p>{t('over')}</p>
      )}
    </div>
  );
}
