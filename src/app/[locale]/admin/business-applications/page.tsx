import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ApplicationList } from '@/features/business/components/application-list';
import { listApplications, statusFilterOf } from '@/features/business/server/admin-commands';
import styles from '@/components/ui/admin-list.module.css';
import { localizedHref } from '@/i18n/navigation';
import { adminOrNotFound } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admin.BusinessApplications');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** Admin: the business account applications, newest first, to approve or reject (decision 0021). */
export default async function BusinessApplicationsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  await adminOrNotFound(locale, '/admin/business-applications');
  const query = await searchParams;
  const status = statusFilterOf(query.status);
  const list = await listApplications({ status, page: Number(query.page ?? 1) });
  const t = await getTranslations('admin.BusinessApplications');
  return (
    <div className="container">
      <a className={styles.back} href={localizedHref(locale, '/admin')}>
        ← {t('back')}
      </a>
      <h1 className="page-title">{t('title')}</h1>
      <ApplicationList
        locale={locale}
        status={status}
        {...list}
        hrefFor={(value, page) =>
          localizedHref(locale, '/admin/business-applications', {
            status: value ?? undefined,
            page: page > 1 ? page : undefined,
          })
        }
      />
    </div>
  );
}
