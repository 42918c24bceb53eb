import type { ReactNode } from 'react';
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
          <ScrollTable
            labelledBy="dashboard-projects"
            columns={[t('colProject'), t('colStatus'), t('colApplicants'), t('colDue')]}
          >
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
          </ScrollTable>
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
              <ScrollTable
                labelledBy="dashboard-applications"
                columns={[t('colProject'), t('colStatus'), t('colPrice'), t('colDays')]}
              >
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
              </ScrollTable>
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
              <ScrollTable
                labelledBy="dashboard-earnings"
                columns={[t('colProject'), t('colGross'), t('colFee'), t('colNet'), t('colDate')]}
              >
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
              </ScrollTable>
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

/** A table that scrolls sideways on phones, as a labelled, focusable region (axe: scrollable-region-focusable). */
function ScrollTable({
  labelledBy,
  columns,
  children,
}: {
  labelledBy: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
