import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';

import { cardDisplayCookie, parseCardDisplay } from '../card-display';
import {
  filtersToQuery,
  maxKeywordsLength,
  noFilters,
  type CategoryDto,
  type CategoryLinkDto,
  type ListingFacets,
  type ListingFilters,
  type ListingSearch,
  type ModelPage,
  type ProductType,
  withoutImage,
} from '../schemas';
import { CardDisplayArea } from './card-display';
import { CategoryNav, categoryHref } from './category-nav';
import { FilterPanel } from './filter-panel';
import { ListingBanners } from './listing-banners';
import { ListingControls } from './listing-controls';
import styles from './listing-view.module.css';
import { ModelGrid } from './model-grid';
import { Pagination } from './pagination';

/** The listing's place on a landing page (its sections' "browse all" links point here). */
export const listingAnchor = 'all-models';

const rootHref = { models: { pathname: '/3d-models' }, print: { pathname: '/3d-print-models' } } as const;

/**
 * A listing: title, categories to narrow by, the filters with their counts, the page's models and the
 * pagination (which keeps the filters). `heading` replaces the product type's title (search results,
 * free models).
 */
export async function ListingView({
  productType,
  category,
  topCategories,
  page,
  facets,
  filters = noFilters,
  heading,
  paginationTarget,
  searchScope,
  alsoCategory,
  landing,
  notice,
  subscribeBanner,
}: {
  productType: ProductType;
  category: CategoryDto | null;
  topCategories: CategoryLinkDto[];
  page: ModelPage;
  facets: ListingFacets;
  filters?: ListingFilters;
  heading?: { title: string; description?: string };
  paginationTarget?: Parameters<typeof Pagination>[0]['href'];
  /** What the page searched, when it is not `productType` and `filters` (a saved search keeps it). */
  searchScope?: { productType: ProductType | null; filters: ListingFilters };
  /** A link after the categories (the whole catalogue's print models). */
  alsoCategory?: Parameters<typeof CategoryNav>[0]['also'];
  /**
   * A landing page's sections (each its own container) between the header and the listing, and the
   * listing's own title below them (the 3D-print landing).
   */
  landing?: { sections: ReactNode; listingTitle: string };
  /** A line under the header's description (search results limited to print models). */
  notice?: ReactNode;
  /** Saving the listing's search, among the banners under it (the saved-searches feature's). */
  subscribeBanner: (search: ListingSearch) => ReactNode;
}) {
  const [t, locale, cookieStore] = await Promise.all([
    getTranslations('catalog.ListingPage'),
    getLocale(),
    cookies(),
  ]);
  const cardDisplay = parseCardDisplay(cookieStore.get(cardDisplayCookie)?.value);
  const rootTitle = productType === 'print' ? t('printModelsTitle') : t('modelsTitle');
  const href =
    paginationTarget ?? (category ? categoryHref(productType, category.path) : rootHref[productType]);
  const description =
    heading?.description ??
    (filters.imageId
      ? t('similarToImage')
      : category
        ? undefined
        : productType === 'print'
          ? t('printModelsDescription')
          : t('modelsDescription'));
  const listingSearch: ListingSearch = {
    pathname:
      paginationTarget === '/search' || paginationTarget === '/free-3d-models'
        ? paginationTarget
        : rootHref[productType].pathname,
    // `/3d-models` lists the whole catalogue, print models too.
    productType: searchScope ? searchScope.productType : productType === 'print' ? 'print' : null,
    category: category && { id: category.id, path: category.path },
    filters: searchScope?.filters ?? filters,
  };
  return (
    <>
      <div className="container">
        <header className={styles.header}>
          {category && (
            <p className={styles.breadcrumb}>
              <a href={localizedHref(locale, rootHref[productType])}>{rootTitle}</a>
            </p>
          )}
          <h1>{heading?.title ?? (category ? category.title : rootTitle)}</h1>
          {description && <p className={styles.description}>{description}</p>}
          {notice}
          {filters.imageId && (
            <p>
              <a href={localizedHref(locale, href, filtersToQuery(withoutImage(filters)))}>
                {t('removeImage')}
              </a>
            </p>
          )}
          {!filters.keywordsTooLong && (
            <p className={styles.count} data-result-count="">
              {t('resultCount', { count: page.total })}
              {page.pageCount > 1 && <> · {t('pageOf', { page: page.page, pages: page.pageCount })}</>}
            </p>
          )}
        </header>
        <CategoryNav
          productType={productType}
          categories={category ? category.subcategories : topCategories}
          also={alsoCategory}
        />
      </div>
      {landing?.sections}
      <div className="container">
        {landing && (
          <h2 id={listingAnchor} className={styles.listingTitle}>
            {landing.listingTitle}
          </h2>
        )}
        {filters.keywordsTooLong ? (
          <p className={styles.notice} role="alert">
            {t('keywordsTooLong', { max: maxKeywordsLength })}
          </p>
        ) : (
          <div className={styles.layout}>
            <FilterPanel href={href} filters={filters} facets={facets} />
            <CardDisplayArea className={styles.results} initial={cardDisplay}>
              {page.total > 0 && <ListingControls href={href} filters={filters} />}
              {page.items.length > 0 ? (
                <ModelGrid models={page.items} />
              ) : (
                <div className={styles.empty}>
                  <p className={styles.emptyTitle}>{t('noResults')}</p>
                  <p>{t('noResultsHint')}</p>
                  <a href={localizedHref(locale, rootHref[productType])}>{t('removeFilters')}</a>
                </div>
              )}
              <Pagination
                href={href}
                query={filtersToQuery(filters)}
                page={page.page}
                pageCount={page.pageCount}
              />
            </CardDisplayArea>
          </div>
        )}
        <ListingBanners>{subscribeBanner(listingSearch)}</ListingBanners>
      </div>
    </>
  );
}
