import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { DashboardView } from '@/features/freelance/components/dashboard-view';
import { getDashboard } from '@/features/freelance/server/dashboard-queries';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('freelance.Dashboard');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** The freelance dashboard: my projects; for designers my applications, deliveries due and earnings. */
export default async function FreelanceDashboardPage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/3d-modeling-jobs/dashboard');
  const now = new Date();
  const data = await getDashboard(user, now);
  const t = await getTranslations('freelance.Dashboard');
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <DashboardView data={data} locale={locale} />
    </div>
  );
}
