import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ApplicationCard } from '@/features/freelance/components/application-card';
import styles from '@/features/freelance/components/work.module.css';
import {
  getProjectApplications,
  type ApplicationSort,
} from '@/features/freelance/server/application-queries';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { parseModelId } from '@/features/catalog/model-id';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../../route-params';
import { portfolioModels } from '@/features/freelance/components/work-texts';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('freelance.Applications');
  return { title: t('compareMetaTitle'), robots: { index: false } };
}

const sorts: ApplicationSort[] = ['price', 'delivery', 'rating'];

/** The owner compares a project's applications side by side (sorted by price, delivery or rating). */
export default async function ApplicationsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const query = await searchParams;
  const user = await userOrLogIn(locale, { pathname: '/3d-modeling-jobs/[id]/applications', params: { id } });
  const projectId = parseModelId(id);
  if (projectId === null) notFound();
  const sort = sorts.find((s) => s === query.sort) ?? 'price';
  const data = await getProjectApplications(user, projectId, sort);
  if (!data) notFound();
  const t = await getTranslations('freelance.Applications');
  const portfolio = await portfolioModels(
    locale,
    data.applications.flatMap((a) => a.portfolioModelIds),
  );
  const here = { pathname: '/3d-modeling-jobs/[id]/applications', params: { id } } as const;
  const open = data.project.status === 'published' && data.project.acceptedApplicationId === null;
  return (
    <div className="container">
      <p>
        <a href={getPathname({ locale, href: { pathname: '/3d-modeling-jobs/[id]', params: { id } } })}>
          {t('backToProject')}
        </a>
      </p>
      <h1 className="page-title">{t('compareTitle', { title: data.project.title })}</h1>
      {data.applications.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <>
          <nav className={styles.sorts} aria-label={t('sortBy')}>
            <span>{t('sortBy')}:</span>
            {sorts.map((s) => (
              <a
                key={s}
                href={localizedHref(locale, here, { sort: s })}
                aria-current={s === sort ? 'true' : undefined}
              >
                {t(`sort_${s}`)}
              </a>
            ))}
          </nav>
          <ul className={styles.cards}>
            {data.applications.map((application) => (
              <li key={application.id}>
                <ApplicationCard
                  application={application}
                  portfolio={portfolio}
                  locale={locale}
                  link={{
                    href: getPathname({
                      locale,
                      href: {
                        pathname: '/3d-modeling-jobs/[id]/applications/[applicationId]',
                        params: { id, applicationId: String(application.id) },
                      },
                    }),
                    label: open && application.status === 'submitted' ? t('viewApplication') : t('view'),
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
