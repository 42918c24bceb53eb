import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { QueryParams } from '@/lib/query-string';
import { statsRanges, type StatsRange } from '../stats-series';

import styles from './seller-stats.module.css';

/** The period switch: plain links (`?range=`), the current one marked; other parameters are kept. */
export async function RangeNav({
  locale,
  pathname,
  current,
  query = {},
}: {
  locale: Locale;
  pathname: '/studio/sales' | '/studio/analytics';
  current: StatsRange;
  query?: QueryParams;
}) {
  const t = await getTranslations('sellerStats.Common');
  return (
    <nav className={styles.ranges} aria-label={t('range')}>
      {statsRanges.map((range) => (
        <a
          key={range}
          className={styles.range}
          href={localizedHref(locale, pathname, { ...query, range: range === '30d' ? undefined : range })}
          aria-current={range === current ? 'page' : undefined}
        >
          {t(`range_${range}`)}
        </a>
      ))}
    </nav>
  );
}
