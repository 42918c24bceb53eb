import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

import type { CategoryDto, CategoryLinkDto, ModelPage, ProductType } from '../schemas';
import { CategoryNav, categoryHref } from './category-nav';
import styles from './listing-view.module.css';
import { ModelGrid } from './model-grid';
import { Pagination } from './pagination';

const rootHref = { models: { pathname: '/3d-models' }, print: { pathname: '/3d-print-models' } } as const;

/** A listing: title, categories to narrow by, the page's models and the pagination. */
export async function ListingView({
  productType,
  category,
  topCategories,
  page,
}: {
  productType: ProductType;
  category: CategoryDto | null;
  topCategories: CategoryLinkDto[];
  page: ModelPage;
}) {
  const t = await getTranslations('catalog.ListingPage');
  const rootTitle = productType === 'print' ? t('printModelsTitle') : t('modelsTitle');
  const href = category ? categoryHref(productType, category.path) : rootHref[productType];
  return (
    <div className="container">
      <header className={styles.header}>
        {category && (
          <p className={styles.breadcrumb}>
            <Link href={rootHref[productType]}>{rootTitle}</Link>
          </p>
        )}
        <h1>{category ? category.title : rootTitle}</h1>
        {!category && (
          <p className={styles.description}>
            {productType === 'print' ? t('printModelsDescription') : t('modelsDescription')}
          </p>
        )}
        <p className={styles.count}>
          {t('resultCount', { count: page.total })}
          {page.pageCount > 1 && <> · {t('pageOf', { page: page.page, pages: page.pageCount })}</>}
        </p>
      </header>
      <CategoryNav productType={productType} categories={category ? category.subcategories : topCategories} />
      <ModelGrid models={page.items} />
      <Pagination href={href} page={page.page} pageCount={page.pageCount} />
    </div>
  );
}
