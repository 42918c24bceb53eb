import { getTranslations } from 'next-intl/server';

import { PostButton } from '@/components/ui/post-button';
import { getPathname } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import type { DashboardData } from '../server/dashboard-queries';
import styles from './work.module.css';

/**
 * The freelance dashboard's sections: the owner's projects; for a designer their applications (with
 * declined and accepted ones), the deliveries due (overdue flagged), the earnings (balance and the
 * entries per project) and the switch for custom 3D project requests.
 */
export async function DashboardView({ data, locale }: { data: DashboardData; locale: Locale }) {
  const [t, tw, ta] = await Promise.all([
    getTranslations('freelance.Dashboard'),
    getTranslations('freelance.Work'),
    getTranslations('freelance.Applications'),
  ]);
  const tag = languageTags[locale];
  const date = (value: Date | null) =>
    value ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(value) : t('none');
  const projectHref = (id: number) =>
    getPathname({ locale, href: { pathname: '/3d-modeling-jobs/[id]', params: { id: String(id) } } });
  return (
    <>
      <section className={styles.section}>
        <h2 id="dashboard-projects">{t('myProjects')}</h2>
        {data.projects.length === 0 ? (
          <p>
            {t('noProjects')}{' '}
            <a href={getPathname({ locale, href: '/3d-modeling-jobs/new' })}>{t('postProject')}</a>
          </p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="dashboard-projects">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('colProject')}</th>
                  <th scope="col">{t('colStatus')}</th>
                  <th scope="col">{t('colApplicants')}</th>
                  <th scope="col">{t('colDue')}</th>
                </tr>
              </thead>
              <tbody>
                {data.projects.map((project) => (
                  <tr key={project.id}>
                    <td>
                      <a href={projectHref(project.id)}>{project.title}</a>
                    </td>
                    <td>
                      <span className={styles.badge} data-status={project.status}>
                        {tw(`projectStatus_${project.status}`)}
                      </span>
                    </td>
                    <td>
                      {project.status === 'published' && project.applicantsCount > 0 ? (
                        <a
                          href={getPathname({
                            locale,
                            href: {
                              pathname: '/3d-modeling-jobs/[id]/applications',
                              params: { id: String(project.id) },
                            },
                          })}
                        >
                          {project.applicantsCount}
                        </a>
                      ) : (
                        project.applicantsCount
                      )}
                    </td>
                    <td>{date(project.dueAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {data.isDesigner && (
        <>
          <section className={styles.section}>
            <h2 id="dashboard-applications">{t('myApplications')}</h2>
            {data.applications.length === 0 ? (
              <p>
                {t('noApplications')}{' '}
                <a href={getPathname({ locale, href: '/3d-modeling-jobs' })}>{t('findProjects')}</a>
              </p>
            ) : (
              <div
                className={styles.tableWrap}
                tabIndex={0}
                role="region"
                aria-labelledby="dashboard-applications"
              >
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('colProject')}</th>
                      <th scope="col">{t('colStatus')}</th>
                      <th scope="col">{t('colPrice')}</th>
                      <th scope="col">{t('colDays')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.applications.map((application) => (
                      <tr key={application.id} data-application={application.id}>
                        <td>
                          <a
                            href={getPathname({
                              locale,
                              href: {
                                pathname: '/3d-modeling-jobs/[id]/applications/[applicationId]',
                                params: {
                                  id: String(application.projectId),
                                  applicationId: String(application.id),
                                },
                              },
                            })}
                          >
                            {application.projectTitle}
                          </a>
                        </td>
                        <td>
                          <span className={styles.badge} data-status={application.status}>
                            {ta(`status_${application.status}`)}
                          </span>
                        </td>
                        <td>{formatPrice(application.priceCents)}</td>
                        <td>{ta('days', { count: application.deliveryDays })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section className={styles.section}>
            <h2 id="dashboard-due">{t('deliveriesDue')}</h2>
            {data.deliveriesDue.length === 0 ? (
              <p>{t('noDeliveries')}</p>
            ) : (
              <ul>
                {data.deliveriesDue.map((due) => (
                  <li key={due.projectId}>
                    <a href={projectHref(due.projectId)}>{due.title}</a> — {formatPrice(due.priceCents)} —{' '}
                    <span className={due.overdue ? styles.overdue : undefined}>
                      {due.overdue
                        ? tw('overdue', { date: date(due.dueAt) })
                        : tw('due', { date: date(due.dueAt) })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className={styles.section}>
            <h2 id="dashboard-earnings">{t('earnings')}</h2>
            <p className={styles.balance} data-testid="earnings-balance">
              {t('balance')}: {formatPrice(data.balanceCents)}
            </p>
            {data.earnings.length === 0 ? (
              <p>{t('noEarnings')}</p>
            ) : (
              <div
                className={styles.tableWrap}
                tabIndex={0}
                role="region"
                aria-labelledby="dashboard-earnings"
              >
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('colProject')}</th>
                      <th scope="col">{t('colGross')}</th>
                      <th scope="col">{t('colFee')}</th>
                      <th scope="col">{t('colNet')}</th>
                      <th scope="col">{t('colDate')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.earnings.map((entry, index) => (
                      <tr key={entry.projectId ?? `entry-${index}`}>
                        <td>
                          {entry.projectId !== null ? (
                            <a href={projectHref(entry.projectId)}>{entry.projectTitle}</a>
                          ) : (
                            t('none')
                          )}
                        </td>
                        <td>{formatPrice(entry.grossCents)}</td>
                        <td>{formatPrice(-entry.feeCents)}</td>
                        <td>{formatPrice(entry.netCents)}</td>
                        <td>{date(entry.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section className={styles.section}>
            <h2 id="dashboard-custom">{t('customRequests')}</h2>
            <p>{data.acceptsCustomRequests ? t('customRequestsOn') : t('customRequestsOff')}</p>
            <p>
              <PostButton
                endpoint="/api/internal/freelance/custom_requests"
                json={{ accepts: !data.acceptsCustomRequests }}
                label={data.acceptsCustomRequests ? t('turnOff') : t('turnOn')}
                busyLabel={t('saving')}
                texts={{ failed: t('failed') }}
              />
            </p>
          </section>
        </>
      )}
    </>
  );
}
