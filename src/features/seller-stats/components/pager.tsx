import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { QueryParams } from '@/lib/query-string';

import styles from './seller-stats.module.css';

/** Previous and next links of a table (`?page=`), with the other parameters kept; none for one page. */
export async function Pager({
  locale,
  pathname,
  page,
  pageCount,
  query = {},
}: {
  locale: Locale;
  pathname: '/studio/sales' | '/studio/analytics';
  page: number;
  pageCount: number;
  query?: QueryParams;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  const t = await getTranslations('sellerStats.Common');
  const href = (to: number) => localizedHref(locale, pathname, { ...query, page: to > 1 ? to : undefined });
  return (
    <nav className={styles.pager} aria-label={t('pagination')}>
      {page > 1 ? (
        <a href={href(Math.min(page - 1, pageCount))} rel="prev">
          {t('previous')}
        </a>
      ) : (
        <span />
      )}
      <span>{t('pageOf', { page, count: pageCount })}</span>
      {page < pageCount ? (
        <a href={href(page + 1)} rel="next">
          {t('next')}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
