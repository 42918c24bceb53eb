/**
 * The listing and category/model routes, shared by the 3D-models and 3D-print-models URL trees
 * (each page.tsx binds a product type).
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ListingView } from '@/features/catalog/components/listing-view';
import {
  listingPerPage,
  narrowsListing,
  parseListingFilters,
  type ListingFilters,
  type ListingSort,
  sortPathSegments,
  type CategoryDto,
  type ProductType,
  type SortPathSegment,
} from '@/features/catalog/schemas';
import { resolveCatalogPath } from '@/features/catalog/server/catalog-path';
import { subscribeBanner } from '@/features/saved-searches/components/subscribe-banner';
import {
  getCategoryTree,
  getListingFacets,
  getLocalizedCategoryPaths,
  getModelPage,
  getProductTypeCount,
} from '@/features/catalog/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';

import { localeOf, pageOf } from '../route-params';
import { redirectWithoutBlankParams } from './blank-params';
import { ModelPage, modelMetadata } from './model-page';
import { PrintLandingSearch, PrintLandingSections } from './print-landing';

type ListingProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
type PathProps = {
  params: Promise<{ locale: string; path: string[] }>;
  searchParams: ListingProps['searchParams'];
};

/**
 * What a product type's listing holds: `/3d-models` is the whole catalogue, print models included
 * (the spec's asset-categories link adds `licenses[]=exclude_3d_print` to leave them out), and
 * `/3d-print-models` print models only.
 */
const listedType = (productType: ProductType): ProductType | undefined =>
  productType === 'print' ? 'print' : undefined;

/**
 * The print listing lists the newest first: its landing shows the trending print models above it
 * (the same models would otherwise open the listing).
 */
const rootPathSort = { models: null, print: 'newest' } as const satisfies Record<
  ProductType,
  ListingSort | null
>;

/** Whether a visitor has narrowed, sorted or resized the listing (the landing then gives way to it). */
const changesLanding = (filters: ListingFilters) =>
  narrowsListing(filters) ||
  filters.sort !== filters.pathSort ||
  filters.perPage !== listingPerPage ||
  filters.printReady;

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
    redirectWithoutBlankParams(locale, pathname, query);
    const filters = parseListingFilters(query, rootPathSort[productType]);
    const pageNumber = pageOf(query);
    const isLanding = productType === 'print' && pageNumber === 1 && !changesLanding(filters);
    const [t, tree, page, facets, printCount] = await Promise.all([
      getTranslations('catalog.ListingPage'),
      isLanding ? [] : getCategoryTree(locale, productType),
      getModelPage({ locale, productType: listedType(productType), filters, page: pageNumber }),
      getListingFacets({ locale, productType: listedType(productType), filters }),
      productType === 'print' ? 0 : getProductTypeCount('print'),
    ]);
    if (!page) notFound();
    return (
      <ListingView
        subscribeBanner={subscribeBanner}
        productType={productType}
        category={null}
        topCategories={tree}
        page={page}
        facets={facets}
        filters={filters}
        alsoCategory={
          productType === 'print'
            ? undefined
            : { title: t('printModelsTitle'), href: '/3d-print-models', count: printCount }
        }
        notice={isLanding ? <PrintLandingSearch locale={locale} /> : undefined}
        landing={
          isLanding
            ? {
                sections: <PrintLandingSections locale={locale} />,
                listingTitle: t('newestTitle', { title: t('printModelsTitle') }),
              }
            : undefined
        }
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
    const listingPath = [
      ...(category ? category.path.split('/') : []),
      ...(sortSegment ? [sortSegment] : []),
    ];
    redirectWithoutBlankParams(locale, { pathname, params: { path: listingPath } }, query);
    const filters = parseListingFilters(query, sortSegment ? sortPathSegments[sortSegment] : null);
    const scope = { locale, productType: listedType(productType), category: category ?? undefined, filters };
    const wholeCatalogue = !category && productType === 'models';
    const [t, page, facets, tree, title, printCount] = await Promise.all([
      getTranslations('catalog.ListingPage'),
      getModelPage({ ...scope, page: pageOf(query) }),
      getListingFacets(scope),
      category ? [] : getCategoryTree(locale, productType),
      listingTitle(category, sortSegment),
      wholeCatalogue ? getProductTypeCount('print') : 0,
    ]);
    if (!page) notFound();
    // A search within a category (a chosen "dragon in Characters" suggestion) says both.
    const heading =
      category && filters.keywords
        ? { title: t('keywordsInCategoryTitle', { keywords: filters.keywords, category: title }) }
        : sortSegment
          ? { title }
          : undefined;
    return (
      <ListingView
        subscribeBanner={subscribeBanner}
        productType={productType}
        category={category}
        topCategories={tree}
        page={page}
        facets={facets}
        filters={filters}
        heading={heading}
        alsoCategory={
          wholeCatalogue
            ? { title: t('printModelsTitle'), href: '/3d-print-models', count: printCount }
            : undefined
        }
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
