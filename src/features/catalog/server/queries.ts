/** Catalogue reads used by pages and the JSON API. */
import { cache } from 'react';

import { licenceTypes, modelBadges } from '../model-attributes';
import { TtlCache } from '@/lib/ttl-cache';

import { parseQuery } from '../query-language';
import { translateQuery } from '../query-translation';
import { searchDictionary } from './search-dictionary';

import {
  fileFormats,
  listingFacetSpec,
  maxListingPage,
  minRatingChoices,
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
  findBySlug,
  findCategoryByPath,
  findCardsByIds,
  findCustomLicenceTerms,
  findCategoryTree,
  findListing,
  findLocalizedPathsById,
  findMaxModelId,
  findRelated,
  findModelPathsInIdRange,
} from './repository';
import { findSimilarPictures } from './image-search';
import { countLikedModels, findLikedModelIds } from './likes-repository';
import type { LayeredMatch } from './listing-layers';
import { findCatalogueStamp, findDesignerId } from './listing-index-repository';
import { getListingIndex } from './listing-search';
import { findCategoryPlace, findModelIdsPublishedBetween } from './published-window-repository';

export const getCategoryTree = cache((locale: string, productType: ProductType) =>
  findCategoryTree(locale, productType),
);

export const getCategoryByPath = cache((locale: string, productType: ProductType, path: string) =>
  findCategoryByPath(locale, productType, path),
);

/** A listing's scope: where it is (product type, category) and what narrows it. */
interface ListingScope {
  locale: string;
  productType?: ProductType;
  category?: CategoryDto;
  filters: ListingFilters;
}

/**
 * Searches, filtered listings, the whole catalogue and every order but trending are answered by the
 * listing index (decision 0014: its stored orders page as fast as the database's trending indexes).
 */
const answeredByIndex = (scope: ListingScope) =>
  narrowsListing(scope.filters) || !scope.productType || scope.filters.sort !== 'trending';

/**
 * The listing's matches, once per request: a page renders its cards and its filter counts from the
 * same match (outside a render, as in the JSON API, `cache` keeps nothing and each call matches).
 */
const requestMatches = cache(() => new Map<string, Promise<LayeredMatch>>());

function matchListing(scope: ListingScope): Promise<LayeredMatch> {
  const { locale, productType, category, filters } = scope;
  const key = JSON.stringify([locale, productType, category?.id, filters]);
  const matches = requestMatches();
  let match = matches.get(key);
  if (!match) {
    match = findMatches(scope);
    matches.set(key, match);
  }
  return match;
}

/** What a match needs of a listing's scope (a category's place in the tree, not its texts). */
interface MatchScope {
  /** The visitor's language: its words search too (decision 0053). */
  locale: string;
  productType?: ProductType;
  category?: Pick<CategoryDto, 'id' | 'parentId'>;
  filters: ListingFilters;
}

/** The keywords as the index reads them: parsed, and widened to English for another locale. */
function keywordQuery(keywords: string, locale: string) {
  const query = parseQuery(keywords);
  const dictionary = searchDictionary(locale);
  return dictionary ? translateQuery(query, dictionary) : query;
}

async function findMatches(
  { locale, productType, category, filters }: MatchScope,
  ids?: ReadonlySet<number>,
): Promise<LayeredMatch> {
  const [index, pictures, designerId] = await Promise.all([
    getListingIndex(),
    filters.imageId ? findSimilarPictures(filters.imageId) : undefined,
    filters.author ? findDesignerId(filters.author) : undefined,
  ]);
  return index.match({
    keywords: filters.keywords ? keywordQuery(filters.keywords, locale) : null,
    productType: category ? undefined : productType,
    excludePrint: filters.excludePrint,
    categoryId: category && category.parentId !== null ? category.id : undefined,
    rootCategoryId: category && category.parentId === null ? category.id : undefined,
    designerId,
    saleOnly: filters.saleOnly,
    freeOnly: filters.freeOnly,
    formats: filters.formats,
    features: filters.features,
    licences: filters.licences,
    badges: filters.badges,
    polyRanges: filters.polyRanges.map((key) => polyRanges[key]),
    priceMinCents: filters.priceMinCents,
    priceMaxCents: filters.priceMaxCents,
    minRating: filters.minRating,
    // An unknown image (expired, mistyped) finds nothing.
    pictures: filters.imageId ? (pictures ?? []) : undefined,
    ids,
  });
}

/**
 * The models of a listing published in (after, until], newest first, at most `limit` (and how many
 * there are): the listing's own match (same index, query and filters) narrowed to the models published
 * in that window. A saved search's digest sends these. The index waits for the catalogue's latest
 * changes, so no model of the window is missed.
 */
export async function findListingModelsPublishedBetween(
  scope: { locale?: string; productType?: ProductType; categoryId?: number; filters: ListingFilters },
  window: { after: Date; until: Date },
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const [ids, category] = await Promise.all([
    findModelIdsPublishedBetween(window.after, window.until),
    scope.categoryId === undefined ? undefined : findCategoryPlace(scope.categoryId),
    getListingIndex({ waitForChanges: true }),
  ]);
  if (ids.length === 0 || category === null) return { ids: [], total: 0 };
  const match = await findMatches(
    { locale: scope.locale ?? 'en', productType: scope.productType, category, filters: scope.filters },
    new Set(ids),
  );
  return { ids: match.page('newest', 0, limit), total: match.total };
}

const pageCountOf = (total: number, perPage: number) =>
  Math.min(maxListingPage, Math.max(1, Math.ceil(total / perPage)));

async function pageOfMatch(
  match: LayeredMatch,
  locale: string,
  filters: ListingFilters,
  page: number,
  perPage: number,
): Promise<ModelPage | null> {
  const pageCount = pageCountOf(match.total, perPage);
  if (page > pageCount) return null;
  const ids = match.page(filters.sort, (page - 1) * perPage, perPage);
  const cards = new Map((await findCardsByIds(locale, ids)).map((card) => [card.id, card]));
  const items = ids.flatMap((id) => cards.get(id) ?? []);
  return { items, total: match.total, page, perPage, pageCount };
}

/**
 * One page of a listing. Returns null for a page past the end (the route answers 404), except page 1,
 * which always exists, empty or not. Searches and filtered listings come from the listing index with
 * exact totals; an unfiltered product type or category walks its trending index in the database, its
 * total from the categories' stored counts.
 */
export async function getModelPage(
  options: Omit<ListingScope, 'filters'> & { filters?: ListingFilters; page: number; perPage?: number },
): Promise<ModelPage | null> {
  const { locale, productType, category, page } = options;
  const filters = options.filters ?? noFilters;
  const perPage = options.perPage ?? filters.perPage;
  if (answeredByIndex({ ...options, filters })) {
    return pageOfMatch(await matchListing({ ...options, filters }), locale, filters, page, perPage);
  }
  const total = category ? category.itemCount : await countByProductType(productType!);
  const pageCount = pageCountOf(total, perPage);
  if (page > pageCount) return null;
  const items = await findListing({
    locale,
    productType,
    category,
    filters,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  return { items, total, page, perPage, pageCount };
}

function facetsOf(match: LayeredMatch): ListingFacets {
  const counts = match.facets(listingFacetSpec);
  const byKey = <K extends string>(keys: readonly K[], values: number[]) =>
    Object.fromEntries(keys.map((key, i) => [key, values[i] ?? 0])) as Record<K, number>;
  return {
    free: counts.free,
    sale: counts.sale,
    formats: byKey(fileFormats, counts.formats),
    features: byKey(modelFeatures, counts.features),
    badges: byKey(modelBadges, counts.badges),
    licences: byKey(licenceTypes, counts.licences),
    poly: byKey(polyRangeKeys, counts.polyRanges),
    ratings: Object.fromEntries(
      minRatingChoices.map((choice, i) => [choice, counts.minRatings[i] ?? 0]),
    ) as ListingFacets['ratings'],
  };
}

/** The counts behind a listing's filters, over its whole result set (from the listing index). */
export async function getListingFacets(scope: ListingScope): Promise<ListingFacets> {
  return facetsOf(await matchListing(scope));
}

/**
 * The listing's JSON API: a page (clamped into the listing's pages, never past the end) and, when
 * asked for, the counts of each filter over the same result set.
 */
export async function searchModels(
  options: ListingScope & { page: number; perPage: number; withFacets: boolean },
) {
  const { locale, filters, perPage } = options;
  if (!answeredByIndex(options)) {
    const listing =
      (await getModelPage(options)) ??
      (await getModelPage({ ...options, page: (await getModelPage({ ...options, page: 1 }))!.pageCount }));
    const facets = options.withFacets ? facetsOf(await matchListing(options)) : null;
    return { ...listing!, facets };
  }
  const match = await matchListing(options);
  const page = Math.min(options.page, pageCountOf(match.total, perPage));
  const listing = (await pageOfMatch(match, locale, filters, page, perPage))!;
  return { ...listing, facets: options.withFacets ? facetsOf(match) : null };
}

const cardsByIdsCache = new TtlCache<Promise<ModelCardDto[]>>(60_000, 5_000);

/**
 * Cards of these models (search suggestions' pictures), most trending first; kept a minute, or until
 * the catalogue changes (an unpublished model leaves the suggestions at once).
 */
export async function getModelCardsByIds(locale: string, ids: number[]): Promise<ModelCardDto[]> {
  if (ids.length === 0) return [];
  const key = `${await findCatalogueStamp()}:${locale}:${ids.join(',')}`;
  const cached = cardsByIdsCache.get(key);
  if (cached) return cached;
  const cards = findCardsByIds(locale, ids);
  cardsByIdsCache.set(key, cards);
  cards.catch(() => cardsByIdsCache.delete(key));
  return cards;
}

/** The seller's own terms of the custom licences among these models. */
export function getCustomLicenceTerms(modelIds: number[]) {
  return findCustomLicenceTerms(modelIds);
}

/** Whether the query language's `keywords` find at least one model. */
export async function keywordsFindModels(keywords: string): Promise<boolean> {
  return (await matchListing({ locale: 'en', filters: { ...noFilters, keywords } })).total > 0;
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

/** Free, sale, format-group (any of the group's formats) and feature counts over the whole catalogue. */
export async function getFacetCounts(
  formatGroups: readonly (readonly string[])[],
  features: readonly string[],
): Promise<{ free: number; sale: number; formatGroups: number[]; features: number[] }> {
  const index = await getListingIndex();
  const counts = index.match({}).facets({ ...listingFacetSpec, features });
  return {
    free: counts.free,
    sale: counts.sale,
    formatGroups: formatGroups.map((formats) => index.match({ formats }).total),
    features: counts.features,
  };
}

/** Published models of a product type (what its unfiltered listing counts). */
export const getProductTypeCount = cache((productType: ProductType) => countByProductType(productType));

/** How many models of a product type have each format (a listing filtered by it counts the same). */
export async function getFormatCounts(
  productType: ProductType,
  formats: readonly string[],
): Promise<number[]> {
  const index = await getListingIndex();
  return formats.map((format) => index.match({ productType, formats: [format] }).total);
}

/** Models per sitemap file (the protocol allows 50,000 URLs per file). */
export const sitemapChunkSize = 50_000;

export async function getModelSitemapChunkCount(): Promise<number> {
  return Math.ceil((await findMaxModelId()) / sitemapChunkSize);
}

export function getModelSitemapChunk(locale: string, chunk: number) {
  return findModelPathsInIdRange(locale, chunk * sitemapChunkSize + 1, (chunk + 1) * sitemapChunkSize + 1);
}

/** Up to 8 other models of a model's category, most trending first (the model page's "related"). */
export function getRelatedModels(locale: string, model: { id: number; categoryId: number }) {
  return findRelated(locale, model.categoryId, model.id, 8);
}

export const likedPerPage = 24;

/**
 * A page of the models a user likes, most recently liked first (the "Liked" page); null past the end
 * (page 1 always exists). Cards are read fresh: their like counts are the user's own doing.
 */
export async function getLikedModelPage(
  locale: string,
  userId: number,
  page: number,
): Promise<ModelPage | null> {
  const total = await countLikedModels(userId);
  const pageCount = pageCountOf(total, likedPerPage);
  if (page > pageCount) return null;
  const ids = await findLikedModelIds(userId, likedPerPage, (page - 1) * likedPerPage);
  return { items: await cardsInOrder(locale, ids), total, page, perPage: likedPerPage, pageCount };
}

/** Cards of these models in the order given, read now (not from the minute's cache). */
export async function cardsInOrder(locale: string, ids: number[]): Promise<ModelCardDto[]> {
  const cards = await findCardsByIds(locale, ids);
  const position = new Map(ids.map((id, index) => [id, index]));
  return cards.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}
