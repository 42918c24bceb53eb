import { getTranslations } from 'next-intl/server';

import { BarChart } from '@/components/ui/bar-chart';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { seriesTotal, type SeriesPoint } from '../stats-series';

import type { AnalyticsOverview } from '../schemas';
import { Pager } from './pager';
import { RangeNav } from './range-nav';
import styles from './seller-stats.module.css';
import { chartPoints, statsFormat } from './stats-labels';

/**
 * "Analytics": a model selector (a GET form), the period's views, downloads and sales with their
 * charts, and every model of the seller with its figures since publication.
 */
export async function AnalyticsView({ locale, overview }: { locale: Locale; overview: AnalyticsOverview }) {
  const [t, tCommon] = await Promise.all([
    getTranslations('sellerStats.Analytics'),
    getTranslations('sellerStats.Common'),
  ]);
  const { window, selected, totals, table } = overview;
  if (overview.models.length === 0)
    return (
      <div className={styles.becomeSeller}>
        <p>{t('empty')}</p>
        <a className="button" href={localizedHref(locale, '/studio/new')}>
          {tCommon('startSelling')}
        </a>
      </div>
    );
  const format = statsFormat(locale, window.unit, (date) => tCommon('weekOf', { date }));
  const period = tCommon(`range_${window.range}`);
  const range = window.range === '30d' ? undefined : window.range;
  const status = (value: string) => tCommon(`status_${value as 'draft'}`);
  const charts: { key: 'views' | 'downloads' | 'sales'; series: SeriesPoint[]; title: string }[] = [
    { key: 'views', series: overview.views, title: t(`chartViews_${window.unit}`) },
    { key: 'downloads', series: overview.downloads, title: t(`chartDownloads_${window.unit}`) },
    { key: 'sales', series: overview.sales, title: t(`chartSales_${window.unit}`) },
  ];
  return (
    <>
      <form className={styles.filters} method="get" action={localizedHref(locale, '/studio/analytics')}>
        <label htmlFor="stats-model">{t('model')}</label>
        <select id="stats-model" name="model" defaultValue={selected ? String(selected.id) : ''}>
          <option value="">{t('allModels')}</option>
          {overview.models.map((model) => (
            <option key={model.id} value={model.id}>
              {model.status === 'published'
                ? model.title
                : t('modelWithStatus', { title: model.title, status: status(model.status) })}
            </option>
          ))}
        </select>
        {range && <input type="hidden" name="range" value={range} />}
        <button type="submit" className="button button-secondary">
          {t('show')}
        </button>
      </form>
      <RangeNav
        locale={locale}
        pathname="/studio/analytics"
        current={window.range}
        query={{ model: selected?.id }}
      />
      <section aria-labelledby="analytics-figures">
        <h2 id="analytics-figures" className={selected ? styles.selected : 'visually-hidden'}>
          {selected ? t('showing', { title: selected.title }) : t('figures')}
        </h2>
        <dl className={styles.figures}>
          {charts.map((chart) => (
            <div key={chart.key} className={styles.figure}>
              <dt>{t(chart.key)}</dt>
              <dd data-testid={`period-${chart.key}`}>{format.number(seriesTotal(chart.series))}</dd>
              <dd className={styles.allTime}>{period}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className={styles.charts}>
        {charts.map((chart) => (
          <BarChart
            key={chart.key}
            id={`${chart.key}-chart`}
            title={chart.title}
            description={t('chartDescription', {
              period,
              total: format.number(seriesTotal(chart.series)),
            })}
            points={chartPoints(chart.series, format, format.number)}
            labelHeader={tCommon(`bucket_${window.unit}`)}
            valueHeader={t(chart.key)}
            formatTick={format.number}
          />
        ))}
      </div>
      <p className={styles.note}>{tCommon('utcNote')}</p>
      <section aria-labelledby="analytics-models">
        <h2 id="analytics-models" className="section-title">
          {t('models')}
        </h2>
        <p className={styles.note}>{t('modelsNote')}</p>
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="analytics-models" data-testid="models-table">
            <thead>
              <tr>
                <th scope="col">{t('model')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col" className={styles.number}>
                  {t('views')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('likes')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('downloads')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('sales')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('conversion')}
                </th>
              </tr>
            </thead>
            <tbody>
              {table.items.map((model) => (
                <tr key={model.id} aria-current={model.id === selected?.id ? 'true' : undefined}>
                  <th scope="row" className={styles.rowHead}>
                    <a href={localizedHref(locale, '/studio/analytics', { model: model.id, range })}>
                      {model.title}
                    </a>
                  </th>
                  <td>{status(model.status)}</td>
                  <td className={styles.number}>{format.number(model.views)}</td>
                  <td className={styles.number}>{format.number(model.likes)}</td>
                  <td className={styles.number}>{format.number(model.downloads)}</td>
                  <td className={styles.number}>{format.number(model.sales)}</td>
                  <td className={styles.number}>{format.percent(model.conversionPercent)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('total')}
                </th>
                <td className={styles.number}>{format.number(totals.views)}</td>
                <td className={styles.number}>{format.number(totals.likes)}</td>
                <td className={styles.number}>{format.number(totals.downloads)}</td>
                <td className={styles.number}>{format.number(totals.sales)}</td>
                <td className={styles.number}>{format.percent(totals.conversionPercent)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <Pager
          locale={locale}
          pathname="/studio/analytics"
          page={table.page}
          pageCount={table.pageCount}
          query={{ model: selected?.id, range }}
        />
      </section>
    </>
  );
}
