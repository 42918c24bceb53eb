import { z } from 'zod';

export const productTypeSchema = z.enum(['models', 'print']);
export type ProductType = z.infer<typeof productTypeSchema>;

/** A picture in the sizes the store holds, ready for `srcSet`. */
export interface ImageDto {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** Spec §3 "Model card". Prices in cents; `percentage` is the whole-number discount. */
export interface ModelCardDto {
  id: number;
  title: string;
  slug: string;
  /** Localized category path plus the model slug, relative to the listing root. */
  path: string;
  productType: ProductType;
  primaryImage: ImageDto;
  price: number;
  finalPrice: number;
  percentage: number;
  formats: string[];
  designerUsername: string;
}

export interface ModelDetailDto extends ModelCardDto {
  description: string;
  categoryTitle: string;
  categoryPath: string;
  licence: string;
  badges: string[];
  tags: string[];
  polyCount: number | null;
  likes: number;
  views: number;
  reviewStatus: 'not_reviewed' | 'reviewed';
  images: ImageDto[];
}

export interface CategoryLinkDto {
  id: number;
  title: string;
  /** Localized path below the listing root, e.g. 'flugzeuge/militaerflugzeuge'. */
  path: string;
  itemCount: number;
}

export interface CategoryDto extends CategoryLinkDto {
  productType: ProductType;
  parentId: number | null;
  icon: string;
  subcategories: CategoryLinkDto[];
}

export interface ModelPage {
  items: ModelCardDto[];
  total: number;
  /** The total was counted only up to `countCap`: show it as "10,000+". */
  totalIsCapped: boolean;
  page: number;
  perPage: number;
  pageCount: number;
}

export const listingPerPage = 24;
/** Deep offsets are slow and useless to people; the search issue adds filters to narrow instead. */
export const maxListingPage = 400;

/** `?page=` from a URL: a positive integer, anything else is page 1. */
export const pageParamSchema = z.coerce.number().int().min(1).catch(1);

/** File formats a listing can be filtered by (`file_types[]`), as stored in `models.formats`. */
export const fileFormats = [
  'fbx',
  'obj',
  'max',
  'blend',
  'c4d',
  'ma',
  'gltf',
  'glb',
  '3ds',
  'usdz',
  'unitypackage',
  'uasset',
  'stl',
  '3mf',
  'step',
] as const;
/** Technical features a listing can be filtered by (`features[]`), as stored in `models.features`. */
export const modelFeatures = ['pbr', 'rigged', 'low_poly', 'animated', 'uv_mapped'] as const;

export const listingSorts = ['trending', 'newest'] as const;
export type ListingSort = (typeof listingSorts)[number];

/**
 * Filters of a listing, from its query string (spec §2 links): `sale_off=1`, `free=1`,
 * `file_types[]=fbx`, `author={username}`, `keywords={text}`, `licenses[]=exclude_3d_print`,
 * `print_ready=1`, `sort=trending|newest`. Unknown or malformed values are ignored, never an error:
 * these come from links and hand-edited URLs.
 */
export interface ListingFilters {
  saleOnly: boolean;
  freeOnly: boolean;
  formats: string[];
  features: string[];
  author: string | null;
  keywords: string | null;
  excludePrint: boolean;
  printReady: boolean;
  sort: ListingSort;
}

type RawParams = Record<string, string | string[] | undefined>;

function all(params: RawParams, key: string): string[] {
  const value = params[key] ?? params[key.replace(/\[\]$/, '')];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function first(params: RawParams, key: string): string | undefined {
  return all(params, key)[0];
}

const usernameSchema = z.string().regex(/^[A-Za-z0-9_.-]{2,40}$/);
export const maxKeywordsLength = 256;

export function parseListingFilters(params: RawParams): ListingFilters {
  const keywords = first(params, 'keywords')?.trim().slice(0, maxKeywordsLength) ?? '';
  const author = usernameSchema.safeParse(first(params, 'author'));
  const sort = first(params, 'sort');
  return {
    saleOnly: first(params, 'sale_off') === '1',
    freeOnly: first(params, 'free') === '1',
    formats: [...new Set(all(params, 'file_types[]').map((f) => f.toLowerCase()))]
      .filter((f): f is (typeof fileFormats)[number] => (fileFormats as readonly string[]).includes(f))
      .slice(0, fileFormats.length),
    features: [...new Set(all(params, 'features[]'))].filter((f) =>
      (modelFeatures as readonly string[]).includes(f),
    ),
    author: author.success ? author.data : null,
    keywords: keywords === '' ? null : keywords,
    excludePrint: all(params, 'licenses[]').includes('exclude_3d_print'),
    printReady: first(params, 'print_ready') === '1',
    sort: (listingSorts as readonly string[]).includes(sort ?? '') ? (sort as ListingSort) : 'trending',
  };
}

export const noFilters: ListingFilters = parseListingFilters({});

/** True when the filters narrow the listing (its total must then be counted, not read from categories). */
export function narrowsListing(filters: ListingFilters): boolean {
  return (
    filters.saleOnly ||
    filters.freeOnly ||
    filters.formats.length > 0 ||
    filters.features.length > 0 ||
    filters.author !== null ||
    filters.keywords !== null
  );
}

/** Large filtered totals are counted up to here and shown as "10,000+". */
export const countCap = 10_000;
