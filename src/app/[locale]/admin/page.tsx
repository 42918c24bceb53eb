import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { countRequestsWaitingForAdmin } from '@/features/custom-models/server/repository';
import { DigestNowPanel } from '@/features/saved-searches/components/digest-now-panel';
import { countOpenReportedSubjects } from '@/features/moderation/server/queue-repository';
import { getReviewQueue } from '@/features/studio/server/queries';
import { getPathname } from '@/i18n/navigation';
import { adminOrNotFound } from '@/features/accounts/server/page-access';

import { localeOf } from '../route-params';
import styles from './admin.module.css';
import { DemoModelsPanel } from './demo-models-panel';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admin.Dashboard');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** The admin dashboard (spec §2 admin menu): the review queue, business applications and users. */
export default async function AdminPage({ params }: Props) {
  const locale = await localeOf(params);
  await adminOrNotFound(locale, '/admin');
  const [
    t,
    queue,
    tCustom,
    customWaiting,
    tPromotions,
    tSearchPhrases,
    tModeration,
    openReports,
    tChallenges,
  ] = await Promise.all([
    getTranslations('admin.Dashboard'),
    getReviewQueue(),
    getTranslations('admin.CustomModels'),
    countRequestsWaitingForAdmin(),
    getTranslations('conversationFlows.Promotions'),
    getTranslations('searchPhrasesAdmin'),
    getTranslations('moderation'),
    countOpenReportedSubjects(),
    getTranslations('challenges.Admin'),
  ]);
  const sections = [
    { href: '/admin/reviews', title: t('reviews'), lead: t('reviewsCount', { count: queue.length }) },
    {
      href: '/admin/business-applications',
      title: t('businessApplications'),
      lead: t('businessApplicationsLead'),
    },
    { href: '/admin/users', title: t('users'), lead: t('usersLead') },
    {
      href: '/admin/custom-models',
      title: tCustom('dashboardTitle'),
      lead: tCustom('dashboardCount', { count: customWaiting }),
    },
    { href: '/admin/promotions', title: tPromotions('metaTitle'), lead: tPromotions('dashboardLead') },
    { href: '/admin/search-phrases', title: tSearchPhrases('title'), lead: tSearchPhrases('dashboardLead') },
    {
      href: '/admin/moderation',
      title: tModeration('title'),
      lead: tModeration('dashboardLead', { count: openReports }),
    },
    { href: '/admin/challenges', title: tChallenges('title'), lead: tChallenges('dashboardLead') },
  ] as const;
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <ul className={styles.cards}>
        {sections.map((section) => (
          <li key={section.href} className={styles.card}>
            <h2>
              <a href={getPathname({ locale, href: section.href })}>{section.title}</a>
            </h2>
            <p>{section.lead}</p>
          </li>
        ))}
      </ul>
      <DemoModelsPanel />
      <DigestNowPanel />
    </div>
  );
}
