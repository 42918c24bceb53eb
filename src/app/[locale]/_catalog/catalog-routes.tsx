/**
 * The listing and category/model routes, shared by the 3D-models and 3D-print-models URL trees
 * (each page.tsx binds a product type).
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ListingView } from '@/features/catalog/components/listing-view';
import {
  narrowsListing,
  parseListingFilters,
  sortPathSegments,
  type CategoryDto,
  type ProductType,
  type SortPathSegment,
} from '@/features/catalog/schemas';
import { resolveCatalogPath } from '@/features/catalog/server/catalog-path';
import {
  getCategoryTree,
  getListingFacets,
  getLocalizedCategoryPaths,
  getModelPage,
} from '@/features/catalog/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';

import { localeOf, pageOf } from '../route-params';
import { ModelPage, modelMetadata } from './model-page';

type ListingProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
type PathProps = {
  params: Promise<{ locale: string; path: string[] }>;
  searchParams: ListingProps['searchParams'];
};

export function listingRoute(productType: ProductType) {
  const pathname = productType === 'print' ? '/3d-print-models' : '/3d-models';

  async function generateMetadata({ params, searchParams }: ListingProps): Promise<Metadata> {
    const locale = await localeOf(params);
    const t = await getTranslations('catalog.ListingPage');
    const title = productType === 'print' ? t('printModelsTitle') : t('modelsTitle');
    const query = await searchParams;
    const page = pageOf(query);
    return {
      title: page > 1 ? t('metaTitle', { title, page }) : title,
      description: productType === 'print' ? t('printModelsDescription') : t('modelsDescription'),
      alternates: languageAlternates(locale, () => (page > 1 ? { pathname, query: { page } } : { pathname })),
      // Filtered variants are for people; search engines index the plain listing.
      robots: narrowsListing(parseListingFilters(query)) ? { index: false, follow: true } : undefined,
    };
  }

  async function Page({ params, searchParams }: ListingProps) {
    const locale = await localeOf(params);
    const query = await searchParams;
    const filters = parseListingFilters(query);
    const [tree, page, facets] = await Promise.all([
      getCategoryTree(locale, productType),
      getModelPage({ locale, productType, filters, page: pageOf(query) }),
      getListingFacets({ locale, productType, filters }),
    ]);
    if (!page) notFound();
    return (
      <ListingView
        productType={productType}
        category={null}
        topCategories={tree}
        page={page}
        facets={facets}
        filters={filters}
      />
    );
  }
  return { generateMetadata, Page };
}

/** A listing's path (`resolveCatalogPath` says what it names): a category, a sorted listing, or a model. */
export function catalogPathRoute(productType: ProductType) {
  async function resolve({ params }: PathProps) {
    const locale = await localeOf(params);
    const { path } = await params;
    return { locale, ...(await resolveCatalogPath(locale, productType, path)) };
  }

  const pathname = productType === 'print' ? '/3d-print-models/[...path]' : '/3d-models/[...path]';
  /** The category's or the product type's title, with the path's order ("Newest 3D models"). */
  async function listingTitle(category: CategoryDto | null, sortSegment: SortPathSegment | null) {
    const t = await getTranslations('catalog.ListingPage');
    const title = category
      ? category.title
      : productType === 'print'
        ? t('printModelsTitle')
        : t('modelsTitle');
    return sortSegment ? t(sortSegmentTitle[sortSegment], { title }) : title;
  }

  async function generateMetadata(props: PathProps): Promise<Metadata> {
    const found = await resolve(props);
    if (found.kind === 'model') {
      const paths = await getLocalizedCategoryPaths(found.model.categoryId);
      return {
        ...modelMetadata(found.model),
        alternates: languageAlternates(found.locale, (locale) => ({
          pathname,
          params: { path: [...(paths[locale] ?? '').split('/'), found.model.slug] },
        })),
      };
    }
    const { category, sortSegment } = found;
    const paths = category ? await getLocalizedCategoryPaths(category.id) : null;
    return {
      title: await listingTitle(category, sortSegment),
      alternates: languageAlternates(found.locale, (locale) => ({
        pathname,
        params: {
          path: [...(paths ? (paths[locale] ?? '').split('/') : []), ...(sortSegment ? [sortSegment] : [])],
        },
      })),
    };
  }

  async function Page(props: PathProps) {
    const found = await resolve(props);
    if (found.kind === 'model') return <ModelPage locale={found.locale} model={found.model} />;
    const { locale, category, sortSegment } = found;
    const query = await props.searchParams;
    const filters = parseListingFilters(query, sortSegment ? sortPathSegments[sortSegment] : null);
    const scope = { locale, productType, category: category ?? undefined, filters };
    const [page, facets, tree, title] = await Promise.all([
      getModelPage({ ...scope, page: pageOf(query) }),
      getListingFacets(scope),
      category ? [] : getCategoryTree(locale, productType),
      listingTitle(category, sortSegment),
    ]);
    if (!page) notFound();
    return (
      <ListingView
        productType={productType}
        category={category}
        topCategories={tree}
        page={page}
        facets={facets}
        filters={filters}
        heading={sortSegment ? { title } : undefined}
        paginationTarget={
          sortSegment
            ? { pathname, params: { path: [...(category ? category.path.split('/') : []), sortSegment] } }
            : undefined
        }
      />
    );
  }
  return { generateMetadata, Page };
}

const sortSegmentTitle = {
  newest: 'newestTitle',
  'top-selling': 'topSellingTitle',
} as const satisfies Record<SortPathSegment, string>;
