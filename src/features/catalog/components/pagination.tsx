import { getLocale, getTranslations } from 'next-intl/server';

import { localizedHref, type LocalizedTarget } from '@/i18n/navigation';
import type { QueryParams } from '@/lib/query-string';

import styles from './pagination.module.css';

/** Page numbers around the current one, with the first and last, and gaps as null. */
export function pageWindow(page: number, pageCount: number, radius = 2): Array<number | null> {
  const pages = new Set([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? [null, p] : [p]));
}

/** Page links of a listing; `query` (its filters) is kept on every page. */
export async function Pagination({
  href,
  query = {},
  page,
  pageCount,
}: {
  href: LocalizedTarget;
  query?: QueryParams;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const [t, locale] = await Promise.all([getTranslations('catalog.Pagination'), getLocale()]);
  const to = (p: number) => localizedHref(locale, href, { ...query, page: p });
  return (
    <nav aria-label={t('label')} className={styles.pagination}>
      {page > 1 ? (
        <a href={to(page - 1)} rel="prev" className={styles.step}>
          {t('previous')}
        </a>
      ) : (
        <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
          {t('previous')}
        </span>
      )}
      <ol>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={styles.current} aria-label={t('current', { page: p })}>
                  {p}
                </span>
              ) : (
                <a href={to(p)} aria-label={t('page', { page: p })}>
                  {p}
                </a>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <a href={to(page + 1)} rel="next" className={styles.step}>
          {t('next')}
        </a>
      ) : (
        <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
          {t('next')}
        </span>
      )}
    </nav>
  );
}
