import { getTranslations } from 'next-intl/server';

import { BarChart } from '@/components/ui/bar-chart';
import type { Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';
import { seriesTotal } from '../stats-series';

import type { SalesOverview } from '../schemas';
import { Pager } from './pager';
import { RangeNav } from './range-nav';
import styles from './seller-stats.module.css';
import { chartPoints, statsFormat } from './stats-labels';

/** "My sales": the period's figures (and all time), revenue over time, and the sales, newest first. */
export async function SalesView({ locale, overview }: { locale: Locale; overview: SalesOverview }) {
  const [t, tCommon, tLicence] = await Promise.all([
    getTranslations('sellerStats.Sales'),
    getTranslations('sellerStats.Common'),
    getTranslations('catalog.Licence'),
  ]);
  const { window, totals, recent } = overview;
  const format = statsFormat(locale, window.unit, (date) => tCommon('weekOf', { date }));
  const period = tCommon(`range_${window.range}`);
  const query = { range: window.range === '30d' ? undefined : window.range };
  const refunds = (figures: typeof totals.period) =>
    t('refundsValue', { count: figures.refundedUnits, amount: formatPrice(figures.refundedCents) });
  return (
    <>
      <RangeNav locale={locale} pathname="/studio/sales" current={window.range} />
      <section aria-labelledby="sales-figures">
        <h2 id="sales-figures" className="visually-hidden">
          {t('figures')}
        </h2>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{t('unitsSold')}</dt>
            <dd data-testid="units-sold">{format.number(totals.period.unitsSold)}</dd>
            <dd className={styles.allTime}>
              {tCommon('allTime', { value: format.number(totals.allTime.unitsSold) })}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('grossRevenue')}</dt>
            <dd data-testid="gross-revenue">{formatPrice(totals.period.grossCents)}</dd>
            <dd className={styles.allTime}>
              {tCommon('allTime', { value: formatPrice(totals.allTime.grossCents) })}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>{t('refunds')}</dt>
            <dd data-testid="refunds">{formatPrice(totals.period.refundedCents)}</dd>
            <dd className={styles.allTime}>{t('refundCount', { count: totals.period.refundedUnits })}</dd>
            <dd className={styles.allTime}>{tCommon('allTime', { value: refunds(totals.allTime) })}</dd>
          </div>
        </dl>
      </section>
      <div className={styles.charts}>
        <BarChart
          id="revenue-chart"
          title={t(`chart_${window.unit}`)}
          description={t('chartDescription', {
            period,
            amount: formatPrice(seriesTotal(overview.revenue)),
            count: seriesTotal(overview.units),
          })}
          points={chartPoints(overview.revenue, format, formatPrice)}
          labelHeader={tCommon(`bucket_${window.unit}`)}
          valueHeader={t('revenue')}
          formatTick={formatPrice}
        />
      </div>
      <p className={styles.note}>
        {t('note')} {tCommon('utcNote')}
      </p>
      <section>
        <h2 id="recent-sales" className="section-title">
          {t('recent')}
        </h2>
        {recent.total === 0 ? (
          <p className={styles.empty}>{t('empty')}</p>
        ) : (
          // Scrolls sideways on narrow screens: focusable so that keyboards can scroll it too.
          <div className={styles.tableWrap} role="region" aria-labelledby="recent-sales" tabIndex={0}>
            <table className={styles.table} aria-labelledby="recent-sales" data-testid="sales-table">
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  <th scope="col">{t('model')}</th>
                  <th scope="col">{t('licence')}</th>
                  <th scope="col" className={styles.number}>
                    {t('price')}
                  </th>
                  <th scope="col">{t('status')}</th>
                </tr>
              </thead>
              <tbody>
                {recent.items.map((line) => (
                  <tr key={line.lineId} data-status={line.status}>
                    <td className={styles.nowrap}>
                      <time dateTime={line.soldAt.toISOString()}>{format.date(line.soldAt)}</time>
                    </td>
                    <th scope="row" className={styles.rowHead}>
                      {line.title}
                    </th>
                    <td>{tLicence(line.licence as 'royalty_free')}</td>
                    <td className={`${styles.number} ${line.status === 'refunded' ? styles.refunded : ''}`}>
                      {formatPrice(line.priceCents)}
                    </td>
                    <td>
                      <span className={`${styles.status} ${styles[`status_${line.status}`]}`}>
                        {t(`status_${line.status}`)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          locale={locale}
          pathname="/studio/sales"
          page={recent.page}
          pageCount={recent.pageCount}
          query={query}
        />
      </section>
    </>
  );
}
