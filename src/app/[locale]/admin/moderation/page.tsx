import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import styles from '@/components/ui/admin-list.module.css';
import { adminOrNotFound } from '@/features/accounts/server/page-access';
import { ModerationQueue } from '@/features/moderation/components/moderation-queue';
import queueStyles from '@/features/moderation/components/moderation-queue.module.css';
import { loadModerationQueue } from '@/features/moderation/server/queue';
import { localizedHref } from '@/i18n/navigation';

import { moderationSubjects } from '../../../moderation-subjects';
import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('moderation');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Admin: reported content, the longest waiting first, with the actions its feature offers (decision 0043). */
export default async function AdminModerationPage({ params }: Props) {
  const locale = await localeOf(params);
  await adminOrNotFound(locale, '/admin/moderation');
  const [t, queue] = await Promise.all([
    getTranslations('moderation'),
    loadModerationQueue(moderationSubjects, locale),
  ]);
  return (
    <div className="container">
      <a className={styles.back} href={localizedHref(locale, '/admin')}>
        ← {t('back')}
      </a>
      <h1 className={`page-title ${queueStyles.title}`}>{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <ModerationQueue locale={locale} {...queue} />
    </div>
  );
}
