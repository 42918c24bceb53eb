/**
 * The category tree in the database: created once (the demo seed, a catalogue import into an empty
 * database) from `category-tree.ts` and its titles in every locale (`category-titles.json`).
 */
import { locales } from '@/i18n/routing';
import type { SqlSession } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { ensureCategoryPicture, pictureVariants } from '@/server/images/previews';

import categoryTitles from './category-titles.json';
import { categoryTree, type CategoryNode, type ProductType } from './category-tree';

type Translations = Record<string, Record<string, { title: string; slug: string }>>;

/** A category as bulk writers need it: its id, its top-level category's id, its picture's icon. */
export interface CategoryRef {
  id: number;
  rootId: number;
  icon: string;
}

/** Creates the category tree in all locales (empty database) and returns ids and icons by tree path. */
export async function insertCategories(
  handle: SqlSession,
  filesRoot: string | undefined,
): Promise<Map<string, CategoryRef>> {
  const translations = categoryTitles as Translations;
  const ids = new Map<string, CategoryRef>();
  const localizedPaths = new Map<string, Record<string, string>>();
  let variant = 0;
  const insert = async (
    productType: ProductType,
    node: CategoryNode,
    parent: { id: number; path: string; rootId: number } | null,
    position: number,
  ) => {
    const path = parent ? `${parent.path}/${node.slug}` : node.slug;
    const key = `${productType}/${path}`;
    const imageKey = await ensureCategoryPicture(node.icon, variant++ % pictureVariants, filesRoot);
    const [row] = await handle.query<{ id: number }>(
      `INSERT INTO categories (parent_id, product_type, slug, path, icon, image_key, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [parent?.id ?? null, productType, node.slug, path, node.icon, imageKey, position],
    );
    const id = row!.id;
    const rootId = parent?.rootId ?? id;
    ids.set(key, { id, icon: node.icon, rootId });
    const parentPaths = parent ? localizedPaths.get(`${productType}/${parent.path}`) : undefined;
    const own: Record<string, string> = {};
    for (const locale of locales) {
      const t = locale === 'en' ? { title: node.title, slug: node.slug } : translations[key]?.[locale];
      if (!t)
        throw new AppError('INTERNAL', `No ${locale} title for category ${key} in category-titles.json`);
      own[locale] = parentPaths ? `${parentPaths[locale]}/${t.slug}` : t.slug;
      await handle.query(
        `INSERT INTO category_translations (category_id, locale, product_type, title, slug, path) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, locale, productType, t.title, t.slug, own[locale]],
      );
    }
    localizedPaths.set(key, own);
    for (const [i, child] of (node.children ?? []).entries())
      await insert(productType, child, { id, path, rootId }, i);
  };
  for (const productType of ['models', 'print'] as const) {
    for (const [i, node] of categoryTree[productType].entries()) await insert(productType, node, null, i);
  }
  return ids;
}
