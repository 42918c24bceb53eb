/** Catalogue reads used by pages and the JSON API. */
import { cache } from 'react';

import { licenceTypes, modelBadges } from '@/lib/model-attributes';
import { TtlCache } from '@/lib/ttl-cache';

import {
  countCap,
  fileFormats,
  maxListingPage,
  modelFeatures,
  narrowsListing,
  noFilters,
  polyRangeKeys,
  polyRanges,
  type CategoryDto,
  type ListingFacets,
  type ListingFilters,
  type ModelCardDto,
  type ModelPage,
  type ProductType,
} from '../schemas';
import {
  countByProductType,
  countFacets,
  countListing,
  findBySlug,
  findCategoryByPath,
  findCardsByIds,
  findCategoryTree,
  findListing,
  findLocalizedPathsById,
  findMaxModelId,
  findModelPathsInIdRange,
  type FacetCounts,
} from './repository';
import { findSimilarPictures } from './image-search';

export const getCategoryTree = cache((locale: string, productType: ProductType) =>
  findCategoryTree(locale, productType),
);

export const getCategoryByPath = cache((locale: string, productType: ProductType, path: string) =>
  findCategoryByPath(locale, productType, path),
);

/**
 * One page of a listing. Returns null for a page past the end (the route answers 404), except page 1,
 * which always exists, empty or not. Unfiltered totals come from the categories' stored counts;
 * filtered ones are counted up to `countCap` (`totalIsCapped` then says "10,000+").
 */
export async function getModelPage(options: {
  locale: string;
  productType?: ProductType;
  category?: CategoryDto;
  filters?: ListingFilters;
  page: number;
  perPage?: number;
}): Promise<ModelPage | null> {
  const { locale, productType, category, page } = options;
  const filters = options.filters ?? noFilters;
  const perPage = options.perPage ?? filters.perPage;
  const similarPictures = await similarPicturesOf(filters);
  let total: number;
  if (narrowsListing(filters) || !productType) {
    total = await countListing({ locale, productType, category, filters, similarPictures }, countCap);
  } else {
    total = category ? category.itemCount : await countByProductType(productType);
  }
  const totalIsCapped = total > countCap;
  const pageCount = Math.min(maxListingPage, Math.max(1, Math.ceil(Math.min(total, countCap) / perPage)));
  if (page > pageCount) return null;
  const items = await findListing({
    locale,
    productType,
    category,
    filters,
    similarPictures,
    limit: perPage,
    offset: (page - 1) * perPage,
    fewMatches: narrowsListing(filters) && !totalIsCapped,
  });
  return { items, total: Math.min(total, countCap), totalIsCapped, page, perPage, pageCount };
}

/** Image search: the pictures most alike the uploaded one (none for an unknown image). */
const similarPicturesOf = (filters: ListingFilters) =>
  filters.imageId ? findSimilarPictures(filters.imageId) : Promise.resolve(undefined);

const listingFacetSpec = {
  formatGroups: fileFormats.map((format) => [format]),
  features: modelFeatures,
  badges: modelBadges,
  licences: licenceTypes,
  polyRanges: polyRangeKeys.map((key) => polyRanges[key]),
};

function toListingFacets(counts: FacetCounts, capped: boolean): ListingFacets {
  const byKey = <K extends string>(keys: readonly K[], values: number[]) =>
    Object.fromEntries(keys.map((key, i) => [key, values[i] ?? 0])) as Record<K, number>;
  return {
    free: counts.free,
    sale: counts.sale,
    formats: byKey(fileFormats, counts.formatGroups),
    features: byKey(modelFeatures, counts.features),
    badges: byKey(modelBadges, counts.badges),
    licences: byKey(licenceTypes, counts.licences),
    poly: byKey(polyRangeKeys, counts.polyRanges),
    capped,
  };
}

const wholeScopeFacetsCache = new TtlCache<Promise<FacetCounts>>(10 * 60_000, 1_000);

/**
 * Counts over a whole catalogue, product type or category are one pass over all of it: each is kept
 * ten minutes (a cache only: every instance computes its own).
 */
function wholeScopeFacets(key: string, count: () => Promise<FacetCounts>): Promise<FacetCounts> {
  const cached = wholeScopeFacetsCache.get(key);
  if (cached) return cached;
  const counts = count();
  wholeScopeFacetsCache.set(key, counts);
  counts.catch(() => wholeScopeFacetsCache.delete(key));
  return counts;
}

/**
 * The counts behind a listing's filters, over its result set. A filtered listing (or a search) is
 * counted over its first `countCap` results, as its total is; an unfiltered product type or category
 * is counted whole, once per ten minutes (a cache only: every instance computes its own).
 */
export async function getListingFacets(scope: {
  locale: string;
  productType?: ProductType;
  category?: CategoryDto;
  filters: ListingFilters;
}): Promise<ListingFacets> {
  const { productType, category, filters } = scope;
  if (narrowsListing(filters) || !productType) {
    const similarPictures = await similarPicturesOf(filters);
    const counts = await countFacets(listingFacetSpec, {
      scope: { ...scope, similarPictures },
      cap: countCap,
    });
    return toListingFacets(counts, counts.counted > countCap);
  }
  const counts = await wholeScopeFacets(
    `listing:${productType}:${category?.id ?? ''}:${filters.excludePrint}`,
    () =>
      countFacets(listingFacetSpec, { scope: { locale: 'en', productType, category, filters }, cap: null }),
  );
  return toListingFacets(counts, false);
}

/**
 * The listing's JSON API: a page (clamped into the listing's pages, never past the end) and, when
 * asked for, the counts of each filter over the same result set, capped like the total.
 */
export async function searchModels(options: {
  locale: string;
  productType?: ProductType;
  filters: ListingFilters;
  page: number;
  perPage: number;
  withFacets: boolean;
}) {
  const { perPage } = options;
  const pageOrLast = async () => {
    const listing = await getModelPage(options);
    if (listing) return listing;
    const { pageCount } = (await getModelPage({ ...options, page: 1 }))!;
    return getModelPage({ ...options, page: pageCount });
  };
  const [listing, facets] = await Promise.all([
    pageOrLast(),
    options.withFacets ? getListingFacets(options) : null,
  ]);
  return {
    items: listing?.items ?? [],
    total: listing?.total ?? 0,
    totalIsCapped: listing?.totalIsCapped ?? false,
    page: listing?.page ?? 1,
    perPage,
    pageCount: listing?.pageCount ?? 1,
    facets,
  };
}

const cardsByIdsCache = new TtlCache<Promise<ModelCardDto[]>>(60_000, 5_000);

/** Cards of these models (search suggestions' pictures), most trending first; kept a minute. */
export function getModelCardsByIds(locale: string, ids: number[]): Promise<ModelCardDto[]> {
  const key = `${locale}:${ids.join(',')}`;
  const cached = cardsByIdsCache.get(key);
  if (cached) return cached;
  const cards = findCardsByIds(locale, ids);
  cardsByIdsCache.set(key, cards);
  cards.catch(() => cardsByIdsCache.delete(key));
  return cards;
}

/** Whether the query language's `keywords` find at least one model. */
export async function keywordsFindModels(keywords: string): Promise<boolean> {
  return (await countListing({ locale: 'en', filters: { ...noFilters, keywords } }, 0)) > 0;
}

/** The most trending models of the whole catalogue (spec §7 trending call). */
export function getTrendingModels(locale: string, limit: number): Promise<ModelCardDto[]> {
  return findListing({ locale, limit, offset: 0 });
}

/** A designer's most trending models (the featured designer card shows three). */
export function getDesignerModels(locale: string, username: string, limit: number): Promise<ModelCardDto[]> {
  return findListing({ locale, filters: { ...noFilters, author: username }, limit, offset: 0 });
}

export const getModelBySlug = cache((locale: string, slug: string) => findBySlug(locale, slug));

export const getLocalizedCategoryPaths = cache((categoryId: number) => findLocalizedPathsById(categoryId));

/** Free, sale, format-group and feature counts over the whole catalogue, for filter cards. */
export function getFacetCounts(
  formatGroups: readonly (readonly string[])[],
  features: readonly string[],
): Promise<FacetCounts> {
  return wholeScopeFacets(JSON.stringify(['catalogue', formatGroups, features]), () =>
    countFacets({ formatGroups, features }),
  );
}

/** Models per sitemap file (the protocol allows 50,000 URLs per file). */
export const sitemapChunkSize = 50_000;

export async function getModelSitemapChunkCount(): Promise<number> {
  return Math.ceil((await findMaxModelId()) / sitemapChunkSize);
}

export function getModelSitemapChunk(locale: string, chunk: number) {
  return findModelPathsInIdRange(locale, chunk * sitemapChunkSize + 1, (chunk + 1) * sitemapChunkSize + 1);
}
