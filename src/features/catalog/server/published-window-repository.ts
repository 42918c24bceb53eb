/** Catalogue reads for saved searches: the models published in a window, and categories by id. */
import { and, eq, gt, inArray, lte } from 'drizzle-orm';

import { getDb } from '@/server/db/client';

import type { ProductType } from '../schemas';
import { categories, categoryTranslations, models, publishedModel } from './schema';

/** Ids of the published models whose publication time is in (after, until]. */
export async function findModelIdsPublishedBetween(after: Date, until: Date): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: models.id })
    .from(models)
    .where(and(publishedModel, gt(models.publishedAt, after), lte(models.publishedAt, until)));
  return rows.map((row) => row.id);
}

export interface CategoryPlace {
  id: number;
  parentId: number | null;
  productType: ProductType;
}

export async function findCategoryPlace(id: number): Promise<CategoryPlace | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: categories.id, parentId: categories.parentId, productType: categories.productType })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return row ?? null;
}

export interface CategoryLabel extends CategoryPlace {
  title: string;
  /** Localized path below the listing root. */
  path: string;
}

/** Categories by id, with their title and path in `locale`. */
export async function findCategoryLabels(locale: string, ids: number[]): Promise<Map<number, CategoryLabel>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      productType: categories.productType,
      title: categoryTranslations.title,
      path: categoryTranslations.path,
    })
    .from(categories)
    .innerJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)),
    )
    .where(inArray(categories.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
