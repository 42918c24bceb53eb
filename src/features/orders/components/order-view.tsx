import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import type { OrderDto } from '../schemas';
import styles from './orders.module.css';

/** An order's page: its status, what was bought with the licence certificates, the money. */
export async function OrderView({ locale, order }: { locale: Locale; order: OrderDto }) {
  const t = await getTranslations('orders.Order');
  const tLicence = await getTranslations('catalog.Licence');
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'long' });
  const owned = order.status === 'paid' || order.status === 'fulfilled';
  return (
    <>
      <p>
        {t('status')}:{' '}
        <span className={styles.status} data-status={order.status} data-testid="order-status">
          {t(`status_${order.status}`)}
        </span>{' '}
        <span className={styles.meta}>{date.format(order.createdAt)}</span>
      </p>
      {owned && (
        <p>
          {t('thanks')} <a href={localizedHref(locale, '/purchases')}>{t('goToPurchases')}</a>
        </p>
      )}
      {order.pointsEarnedCents > 0 && owned && (
        <p>{t('pointsEarned', { amount: formatPrice(order.pointsEarnedCents) })}</p>
      )}
      {order.status === 'failed' && (
        <p>
          {t('failedNote')} <a href={localizedHref(locale, '/cart')}>{t('backToCart')}</a>
        </p>
      )}
      <h2 className="section-title">{t('lines')}</h2>
      <ul className={styles.lines}>
        {order.lines.map((line) => (
          <li key={line.id} className={styles.line}>
            <div className={styles.lineHead}>
              <h3>{line.title}</h3>
              <strong>{formatPrice(line.finalCents)}</strong>
            </div>
            <p className={styles.meta}>{tLicence(line.licence as 'royalty_free')}</p>
            {owned && (
              <p>
                <a
                  href={localizedHref(locale, {
                    pathname: '/orders/[id]/licences/[lineId]',
                    params: { id: String(order.id), lineId: String(line.id) },
                  })}
                >
                  {t('certificate')}
                </a>
              </p>
            )}
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <dt>{t('subtotal')}</dt>
        <dd>{formatPrice(order.subtotalCents)}</dd>
        {order.saleDiscountCents > 0 && (
          <>
            <dt>{t('saleDiscounts')}</dt>
            <dd>{formatPrice(-order.saleDiscountCents)}</dd>
          </>
        )}
        {order.couponDiscountCents > 0 && (
          <>
            <dt>{t('couponDiscount')}</dt>
            <dd>{formatPrice(-order.couponDiscountCents)}</dd>
          </>
        )}
        {order.creditsCents > 0 && (
          <>
            <dt>{t('creditsUsed')}</dt>
            <dd>{formatPrice(-order.creditsCents)}</dd>
          </>
        )}
        <dt>
          <strong>{t('total')}</strong>
        </dt>
        <dd>
          <strong data-testid="order-total">{formatPrice(order.totalCents)}</strong>
        </dd>
      </dl>
    </>
  );
}
