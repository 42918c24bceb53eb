import { getFormatter, getLocale, getTranslations } from 'next-intl/server';

import { localizedHref, type LocalizedTarget } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import { sortByTitle } from '@/lib/collation';

import type { CategoryLinkDto, ProductType } from '../schemas';
import styles from './category-nav.module.css';

export function categoryHref(productType: ProductType, path: string) {
  return productType === 'print'
    ? ({ pathname: '/3d-print-models/[...path]', params: { path: path.split('/') } } as const)
    : ({ pathname: '/3d-models/[...path]', params: { path: path.split('/') } } as const);
}

/**
 * Links to categories (top level or a category's subcategories) with their model counts, in the
 * locale's alphabetical order (spec §9, as on the home page); `also` adds a last link beside them
 * (the whole catalogue's print models).
 */
export async function CategoryNav({
  productType,
  categories,
  currentPath,
  also,
}: {
  productType: ProductType;
  categories: CategoryLinkDto[];
  currentPath?: string;
  also?: { title: string; href: LocalizedTarget; count: number };
}) {
  if (categories.length === 0 && !also) return null;
  const t = await getTranslations('catalog.ListingPage');
  const [format, locale] = await Promise.all([getFormatter(), getLocale()]);
  return (
    <nav aria-label={t('categories')} className={styles.nav}>
      <ul>
        {sortByTitle(categories, languageTags[locale as Locale]).map((c) => (
          <li key={c.id}>
            <a
              href={localizedHref(locale, categoryHref(productType, c.path))}
              aria-current={c.path === currentPath ? 'page' : undefined}
            >
              {c.title} <span className={styles.count}>{format.number(c.itemCount)}</span>
            </a>
          </li>
        ))}
        {also && (
          <li>
            <a href={localizedHref(locale, also.href)}>
              {also.title} <span className={styles.count}>{format.number(also.count)}</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
