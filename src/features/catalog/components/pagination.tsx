import { getTranslations } from 'next-intl/server';
import type { ComponentProps } from 'react';

import { Link } from '@/i18n/navigation';

import styles from './pagination.module.css';

type Href = Extract<ComponentProps<typeof Link>['href'], { pathname: string }>;

/** Page numbers around the current one, with the first and last, and gaps as null. */
export function pageWindow(page: number, pageCount: number, radius = 2): Array<number | null> {
  const pages = new Set([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? [null, p] : [p]));
}

export async function Pagination({ href, page, pageCount }: { href: Href; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const t = await getTranslations('catalog.Pagination');
  const to = (p: number) => ({ ...href, query: { page: p } }) as Href;
  return (
    <nav aria-label={t('label')} className={styles.pagination}>
      {page > 1 ? (
        <Link href={to(page - 1)} rel="prev" className={styles.step}>
          {t('previous')}
        </Link>
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
                <Link href={to(p)} aria-label={t('page', { page: p })}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link href={to(page + 1)} rel="next" className={styles.step}>
          {t('next')}
        </Link>
      ) : (
        <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
          {t('next')}
        </span>
      )}
    </nav>
  );
}
