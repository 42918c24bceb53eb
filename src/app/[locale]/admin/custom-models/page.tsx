import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminActions } from '@/features/custom-models/components/admin-actions';
import {
  dateFormatter,
  requestTableTexts,
  statusTexts,
} from '@/features/custom-models/components/custom-model-texts';
import styles from '@/features/custom-models/components/custom-models-page.module.css';
import { RequestTable } from '@/features/custom-models/components/request-views';
import { findDesignerChoices, findSummaries } from '@/features/custom-models/server/repository';
import { getPathname } from '@/i18n/navigation';
import { formatPrice } from '@/lib/money';
import { adminOrNotFound } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admin.CustomModels');
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * The custom-model queue (admins only; anybody else gets the 404): what waits for an admin (a designer
 * to select, a result to check) with its actions, then every request by status.
 */
export default async function AdminCustomModelsPage({ params }: Props) {
  const locale = await localeOf(params);
  await adminOrNotFound(locale, '/admin/custom-models');
  const [t, queue, designers, tableTexts, statuses] = await Promise.all([
    getTranslations('admin.CustomModels'),
    findSummaries({}),
    findDesignerChoices(),
    requestTableTexts(),
    statusTexts(),
  ]);
  const hrefOf = (id: number) =>
    getPathname({
      locale,
      href: { pathname: '/custom-3d-models/requests/[id]', params: { id: String(id) } },
    });
  const waiting = queue.filter((r) => r.status === 'submitted' || r.status === 'in_qa');
  const order = [
    'submitted',
    'in_qa',
    'in_creation',
    'awaiting_approval',
    'awaiting_payment',
    'approved',
    'cancelled',
  ];
  const sorted = [...queue].sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status));
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <section className={styles.section} aria-labelledby="cm-waiting">
        <h2 id="cm-waiting">{t('waitingTitle')}</h2>
        {waiting.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <ul className={styles.queue}>
            {waiting.map((request) => (
              <li key={request.id} className={styles.panel} data-request={request.id}>
                <h3>
                  <a href={hrefOf(request.id)}>{request.title}</a>
                </h3>
                <p>
                  {statuses[request.status]} · {formatPrice(request.priceCents)} · {request.buyerName}
                  {request.designerName ? ` → ${request.designerName}` : ''} ·{' '}
                  {t('round', { round: request.round })}
                </p>
                <AdminActions requestId={request.id} status={request.status} paid designers={designers} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="cm-all">
        <h2 id="cm-all">{t('allTitle')}</h2>
        {sorted.length === 0 ? (
          <p>{t('noRequests')}</p>
        ) : (
          <RequestTable
            requests={sorted}
            hrefOf={hrefOf}
            formatDate={dateFormatter(locale)}
            texts={tableTexts}
            showPeople
          />
        )}
      </section>
    </div>
  );
}
