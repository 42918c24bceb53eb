/**
 * The catalogue's path routes (`/3d-models/[...path]`, `/3d-print-models/[...path]`): a category, a
 * sorted listing, or a model page, whichever the path names (each page.tsx binds a product type).
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ListingView } from '@/features/catalog/components/listing-view';
import {
  parseListingFilters,
  sortPathSegments,
  type CategoryDto,
  type ProductType,
  type SortPathSegment,
} from '@/features/catalog/schemas';
import { resolveCatalogPath } from '@/features/catalog/server/catalog-path';
import { parseReviewsPage, reviewsPageParam } from '@/features/ratings/api';
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
import { listedType } from './listing-route';
import { ModelPage, modelMetadata } from './model-page';

type PathProps = {
  params: Promise<{ locale: string; path: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

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
    const query = await props.searchParams;
    if (found.kind === 'model')
      return (
        <ModelPage
          locale={found.locale}
          model={found.model}
          reviewsPage={parseReviewsPage(query[reviewsPageParam])}
        />
      );
    const { locale, category, sortSegment } = found;
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
