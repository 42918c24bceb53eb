/**
 * Saved searches (issue 23, decision 0033): what a subscription is, on the server and in the browser.
 * A subscription keeps a listing's scope (product type, category) and its filters as a canonical query
 * string, so the same search saved twice is one subscription, and the digest matches it with the
 * listing's own search code.
 */
import { z } from 'zod';

import {
  filtersToQuery,
  narrowsListing,
  parseListingFilters,
  productTypeSchema,
  type ListingFilters,
  type ProductType,
} from '@/features/catalog/api';

/** A user keeps at most this many saved searches (one digest a day lists them all). */
export const maxSavedSearchesPerUser = 25;

/** The listing pages a search can be saved from (category pages: their root, plus the category). */
export const savedSearchPathnames = ['/3d-models', '/3d-print-models', '/search', '/free-3d-models'] as const;
export type SavedSearchPathname = (typeof savedSearchPathnames)[number];

/** A listing as a subscription keeps it. */
export interface SavedListing {
  /** The page it was saved on (its link in the digest and on the saved-searches page). */
  pathname: SavedSearchPathname;
  /** The scope the listing searched: a product type, or null for the whole catalogue. */
  productType: ProductType | null;
  categoryId: number | null;
  /** The filters (keywords included) as a canonical query string: no sort, page size or picture. */
  query: string;
}

/** Sort, page size and image search do not change which models a search finds (or, for a picture, expire). */
const ignoredParams = new Set(['sort', 'per_page', 'image_id']);

/** The canonical query string of `filters`: parameters in name order, empty ones left out. */
export function canonicalQuery(filters: ListingFilters): string {
  const params = new URLSearchParams();
  const entries = Object.entries(filtersToQuery(filters))
    .filter(([name]) => !ignoredParams.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of entries) {
    if (value === null || value === '') continue;
    for (const one of Array.isArray(value) ? [...value].sort() : [value]) params.append(name, one);
  }
  return params.toString();
}

/** The filters of a canonical query string. */
export function filtersOfQuery(query: string): ListingFilters {
  const params: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) (params[name] ??= []).push(value);
  return parseListingFilters(params);
}

/** Whether a listing can be saved: it is narrowed (a search, a filter or a category), and not by a picture. */
export function isSavableListing(filters: ListingFilters, categoryId: number | null): boolean {
  if (filters.imageId !== null || filters.keywordsTooLong) return false;
  return categoryId !== null || narrowsListing(filters);
}

/** What the subscribe request sends. */
export const savedListingSchema = z.object({
  pathname: z.enum(savedSearchPathnames),
  productType: productTypeSchema.nullable(),
  categoryId: z.number().int().positive().nullable(),
  query: z.string().max(2000),
});

/** One subscription as the browser sees it. */
export interface SavedSearchDto extends SavedListing {
  id: number;
  createdAt: string;
}
