import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import { sortByTitle } from '@/lib/collation';
import { marketingFigures } from '@/lib/site';

import {
  collectionGridLayouts,
  collectionShownCount,
  collectionTrendingKeywords,
  type CollectionType,
  type GridSize,
} from '../home-config';
import type { HomeCategory } from '../schemas';
import styles from './asset-collection.module.css';

function categoryTarget(type: CollectionType, path: string) {
  return type === 'print-models-3d'
    ? ({ pathname: '/3d-print-models/[...path]', params: { path: path.split('/') } } as const)
    : ({ pathname: '/3d-models/[...path]', params: { path: path.split('/') } } as const);
}

/**
 * Spec §2 "Asset collection": title, description, trending keywords (English only), a grid of the
 * first 10 categories (sorted by title, ignoring case and accents) in the collection's layout, a
 * browse-all link, and — only when there are more — a toggle with every category and its subcategories.
 */
export async function AssetCollection({
  locale,
  collectionType,
  categories,
  browseAllHref,
}: {
  locale: Locale;
  collectionType: CollectionType;
  categories: HomeCategory[];
  /** Where "browse all" goes instead of the listing (the print landing: its own listing below). */
  browseAllHref?: string;
}) {
  const t = await getTranslations('home.Collections');
  const isPrint = collectionType === 'print-models-3d';
  const items = sortByTitle(categories, languageTags[locale]);
  const shown = items.slice(0, collectionShownCount);
  const sizes = new Map<number, GridSize>(
    collectionGridLayouts[collectionType].map((e) => [e.index, e.size]),
  );
  const headingId = `collection-${collectionType}`;
  const browseAll =
    browseAllHref ??
    (isPrint
      ? localizedHref(locale, '/3d-print-models', { page: 1 })
      : localizedHref(locale, '/3d-models', { page: 1, 'licenses[]': ['exclude_3d_print'] }));
  const searchTarget = (keywords: string) =>
    localizedHref(locale, '/search', { keywords, print_ready: isPrint ? 1 : null });

  return (
    <section
      className={`container ${styles.collection}`}
      aria-labelledby={headingId}
      data-collection={collectionType}
    >
      <div className={styles.header}>
        <div>
          <h2 id={headingId}>{isPrint ? t('printTitle') : t('assetTitle')}</h2>
          <p className={styles.description}>
            {isPrint
              ? t('printDescription', { printModels: marketingFigures.printModels })
              : t('assetDescription')}
          </p>
        </div>
        <a className={styles.browseAll} href={browseAll}>
          {isPrint ? t('browseAllPrint') : t('browseAll')}
        </a>
      </div>
      {locale === 'en' && (
        <ul className={styles.keywords} aria-label={t('trendingKeywords')}>
          {collectionTrendingKeywords[collectionType].map((keyword) => (
            <li key={keyword}>
              <a href={searchTarget(keyword)}>{keyword}</a>
            </li>
          ))}
        </ul>
      )}
      <ul className={styles.grid}>
        {shown.map((category, index) => {
          const size = sizes.get(index) ?? 'default';
          return (
            <li key={category.id} className={styles[size]} data-size={size}>
              <a
                className={styles.card}
                href={localizedHref(locale, categoryTarget(collectionType, category.path))}
              >
                {category.image && (
                  <img
                    src={category.image.src}
                    srcSet={category.image.srcSet}
                    sizes={
                      size === 'wide'
                        ? '(max-width: 963px) calc(100vw - 32px), 50vw'
                        : '(max-width: 963px) calc(50vw - 22px), 25vw'
                    }
                    width={category.image.width}
                    height={category.image.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                )}
                <span className={styles.cardText}>
                  <span className={styles.cardTitle}>{category.title}</span>
                  <span className={styles.cardCount}>{t('itemCount', { count: category.itemCount })}</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      {items.length > shown.length && (
        <details className={styles.all}>
          <summary>
            <span className={styles.more}>{t('allCategories')}</span>
            <span className={styles.less}>{t('showLess')}</span>
          </summary>
          <ul className={styles.allList}>
            {items.map((category) => (
              <li key={category.id}>
                <a
                  className={styles.allTitle}
                  href={localizedHref(locale, categoryTarget(collectionType, category.path))}
                >
                  {category.title}
                </a>
                <ul>
                  {sortByTitle(category.subcategories, languageTags[locale]).map((sub) => (
                    <li key={sub.id}>
                      <a href={localizedHref(locale, categoryTarget(collectionType, sub.path))}>
                        {sub.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
