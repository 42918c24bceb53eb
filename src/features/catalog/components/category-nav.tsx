import { getFormatter, getLocale, getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';

import type { CategoryLinkDto, ProductType } from '../schemas';
import styles from './category-nav.module.css';

export function categoryHref(productType: ProductType, path: string) {
  return productType === 'print'
    ? ({ pathname: '/3d-print-models/[...path]', params: { path: path.split('/') } } as const)
    : ({ pathname: '/3d-models/[...path]', params: { path: path.split('/') } } as const);
}

/** Links to categories (top level or a category's subcategories) with their model counts. */
export async function CategoryNav({
  productType,
  categories,
  currentPath,
}: {
  productType: ProductType;
  categories: CategoryLinkDto[];
  currentPath?: string;
}) {
  if (categories.length === 0) return null;
  const t = await getTranslations('catalog.ListingPage');
  const [format, locale] = await Promise.all([getFormatter(), getLocale()]);
  return (
    <nav aria-label={t('categories')} className={styles.nav}>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <a
              href={localizedHref(locale, categoryHref(productType, c.path))}
              aria-current={c.path === currentPath ? 'page' : undefined}
            >
              {c.title} <span className={styles.count}>{format.number(c.itemCount)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
