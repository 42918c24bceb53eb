/** Catalogue reads used by pages and the JSON API. */
import { cache } from 'react';

import {
  listingPerPage,
  maxListingPage,
  type CategoryDto,
  type ModelPage,
  type ProductType,
} from '../schemas';
import {
  countByProductType,
  findBySlug,
  findCategoryByPath,
  findCategoryTree,
  findLocalizedPathsById,
  findManyByProductType,
} from './repository';

export const getCategoryTree = cache((locale: string, productType: ProductType) =>
  findCategoryTree(locale, productType),
);

export const getCategoryByPath = cache((locale: string, productType: ProductType, path: string) =>
  findCategoryByPath(locale, productType, path),
);

/**
 * One page of a listing, most trending first. Returns null for a page past the end (the route answers
 * 404), except page 1, which always exists, empty or not.
 */
export async function getModelPage(options: {
  locale: string;
  productType: ProductType;
  category?: CategoryDto;
  page: number;
}): Promise<ModelPage | null> {
  const { locale, productType, category, page } = options;
  const total = category ? category.itemCount : await countByProductType(productType);
  const pageCount = Math.min(maxListingPage, Math.max(1, Math.ceil(total / listingPerPage)));
  if (page > pageCount) return null;
  const items = await findManyByProductType({
    locale,
    productType,
    category,
    limit: listingPerPage,
    offset: (page - 1) * listingPerPage,
  });
  return { items, total, page, perPage: listingPerPage, pageCount };
}

export function getTrendingModels(locale: string, limit: number) {
  return findManyByProductType({ locale, limit, offset: 0 });
}

export const getModelBySlug = cache((locale: string, slug: string) => findBySlug(locale, slug));

export const getLocalizedCategoryPaths = cache((categoryId: number) => findLocalizedPathsById(categoryId));
