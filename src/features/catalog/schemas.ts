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
  page: number;
  perPage: number;
  pageCount: number;
}

export const listingPerPage = 24;
/** Deep offsets are slow and useless to people; the search issue adds filters to narrow instead. */
export const maxListingPage = 400;

/** `?page=` from a URL: a positive integer, anything else is page 1. */
export const pageParamSchema = z.coerce.number().int().min(1).catch(1);
