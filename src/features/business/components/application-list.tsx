import { getTranslations } from 'next-intl/server';

import styles from '@/components/ui/admin-list.module.css';
import { PostButton } from '@/components/ui/post-button';
import { languageTags, type Locale } from '@/i18n/routing';

import { applicationStatuses, type ApplicationStatus } from '../application-lifecycle';
import type { ApplicationDto } from '../server/repository';

/** The admin's list of business applications: status filter, the applications, approve or reject. */
export async function ApplicationList({
  locale,
  status,
  items,
  total,
  page,
  pages,
  hrefFor,
}: {
  locale: Locale;
  status: ApplicationStatus | null;
  items: ApplicationDto[];
  total: number;
  page: number;
  pages: number;
  hrefFor: (status: ApplicationStatus | null, page: number) => string;
}) {
  const t = await getTranslations('admin.BusinessApplications');
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium', timeStyle: 'short' });
  const texts = { failed: t('failed'), conflict: t('conflict') };
  const filters: (ApplicationStatus | null)[] = [null, ...applicationStatuses];
  return (
    <>
      <nav className={styles.tools} aria-label={t('filterLabel')}>
        <ul className={styles.filters}>
          {filters.map((value) => (
            <li key={value ?? 'all'}>
              <a href={hrefFor(value, 1)} aria-current={value === status ? 'page' : undefined}>
                {value ? t(`status_${value}`) : t('all')}
              </a>
            </li>
          ))}
        </ul>
        <span className={styles.meta}>{t('total', { count: total })}</span>
      </nav>
      {items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className={styles.items}>
          {items.map((application) => (
            <li key={application.id} className={styles.item} data-testid="business-application">
              <div className={styles.details}>
                <h2>{application.companyName}</h2>
                <span>{application.contactName}</span>
                <a href={`mailto:${application.email}`}>{application.email}</a>
              </div>
              <div className={styles.details}>
                <span className={styles.status} data-status={application.status}>
                  {t(`status_${application.status}`)}
                </span>
                <span className={styles.meta}>
                  {t('submittedOn', { date: date.format(application.createdAt) })}
                </span>
                <span className={styles.meta}>{t('language', { locale: application.locale })}</span>
                {application.decidedAt && (
                  <span className={styles.meta}>
                    {t('decidedBy', {
                      admin: application.decidedBy ?? '—',
                      date: date.format(application.decidedAt),
                    })}
                  </span>
                )}
              </div>
              <div className={styles.actions}>
                {application.status === 'submitted' ? (
                  <>
                    <span>
                      <PostButton
                        className="button"
                        endpoint={`/api/internal/admin/business_applications/${application.id}/decide`}
                        json={{ decision: 'approved' }}
                        label={t('approve')}
                        busyLabel={t('working')}
                        ariaLabel={t('approveLabel', { company: application.companyName })}
                        texts={texts}
                      />
                    </span>
                    <span>
                      <PostButton
                        endpoint={`/api/internal/admin/business_applications/${application.id}/decide`}
                        json={{ decision: 'rejected' }}
                        label={t('reject')}
                        busyLabel={t('working')}
                        ariaLabel={t('rejectLabel', { company: application.companyName })}
                        texts={texts}
                      />
                    </span>
                  </>
                ) : application.teamId ? (
                  <span className={styles.meta}>{t('teamCreated')}</span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('pagination')}>
          {page > 1 && <a href={hrefFor(status, page - 1)}>{t('previous')}</a>}
          <span>{t('page', { page, pages })}</span>
          {page < pages && <a href={hrefFor(status, page + 1)}>{t('next')}</a>}
        </nav>
      )}
    </>
  );
}
