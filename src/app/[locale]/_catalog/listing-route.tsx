/**
 * The listing routes (`/3d-models`, `/3d-print-models`), shared by the two URL trees (each page.tsx
 * binds a product type). Apart from `catalog-path-route.tsx` on purpose: a route loads the client
 * components of every module its page imports, and the listing has no use for the model page's
 * (buy box, 3D viewer, forms: decision 0049).
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
  type ProductType,
} from '@/features/catalog/schemas';
import { subscribeBanner } from '@/features/saved-searches/components/subscribe-banner';
import {
  getCategoryTree,
  getListingFacets,
  getModelPage,
  getProductTypeCount,
} from '@/features/catalog/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';

import { localeOf, pageOf } from '../route-params';
import { redirectWithoutBlankParams } from './blank-params';
import { PrintLandingSearch, PrintLandingSections } from './print-landing';

type ListingProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * What a product type's listing holds: `/3d-models` is the whole catalogue, print models included
 * (the spec's asset-categories link adds `licenses[]=exclude_3d_print` to leave them out), and
 * `/3d-print-models` print models only.
 */
export const listedType = (productType: ProductType): ProductType | undefined =>
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

