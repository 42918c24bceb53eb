import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';

import type { PurchaseWithDownloads } from '../server/queries';
import { DownloadList } from './download-list';
import styles from './orders.module.css';

/** "My purchases": each model owned, its licence certificate and its files (signed links, 15 minutes). */
export async function PurchasesView({
  locale,
  purchases,
  actions,
}: {
  locale: Locale;
  purchases: PurchaseWithDownloads[];
  /** What other features add under a purchase (feedback to the designer). */
  actions?: (purchase: PurchaseWithDownloads) => ReactNode;
}) {
  const t = await getTranslations('orders.Purchases');
  const tLicence = await getTranslations('catalog.Licence');
  if (purchases.length === 0) return <p>{t('empty')}</p>;
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium' });
  return (
    <>
      <p className={styles.meta}>{t('linksExpire')}</p>
      <ul className={styles.lines}>
        {purchases.map((purchase) => (
          <li key={purchase.id} className={styles.line} data-testid="purchase">
            <div className={styles.lineHead}>
              <h2>{purchase.title}</h2>
              <a
                href={localizedHref(locale, {
                  pathname: '/orders/[id]',
                  params: { id: String(purchase.orderId) },
                })}
              >
                {t('order', { id: purchase.orderId })}
              </a>
            </div>
            <p className={styles.meta}>
              {t('date', { date: date.format(purchase.paidAt) })} · {t('licence')}:{' '}
              {tLicence(purchase.licence as 'royalty_free')} ·{' '}
              <a
                href={localizedHref(locale, {
                  pathname: '/orders/[id]/licences/[lineId]',
                  params: { id: String(purchase.orderId), lineId: String(purchase.id) },
                })}
              >
                {t('certificate')}
              </a>
            </p>
            <DownloadList
              files={purchase.files}
              locale={locale}
              label={t('downloads')}
              noFiles={t('noFiles')}
              downloadLabel={(file) => t('download', { file })}
            />
            {actions?.(purchase)}
          </li>
        ))}
      </ul>
    </>
  );
}
