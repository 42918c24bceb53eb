import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';

import type { PurchaseWithDownloads } from '../server/queries';
import styles from './orders.module.css';

export function fileSize(bytes: number, locale: Locale): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(languageTags[locale], {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** "My purchases": each model owned, its licence certificate and its files (signed links, 15 minutes). */
export async function PurchasesView({
  locale,
  purchases,
}: {
  locale: Locale;
  purchases: PurchaseWithDownloads[];
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
            {purchase.files.length === 0 ? (
              <p className={styles.meta}>{t('noFiles')}</p>
            ) : (
              <ul className={styles.files} aria-label={t('downloads')}>
                {purchase.files.map((file) => (
                  <li key={file.id}>
                    <a className="button button-secondary" href={file.href} download={file.fileName}>
                      {t('download', { file: file.fileName })} ({fileSize(file.sizeBytes, locale)})
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
