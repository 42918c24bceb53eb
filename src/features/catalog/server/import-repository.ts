/** Bulk writes of the catalogue import (set-based SQL: one statement per batch). */
import { insertMissingDesignerProfiles } from '@/features/designers/server/api';
import { getDatabase, type QueryFn } from '@/server/db/client';
import {
  refreshCategoryCounts,
  refreshSearchKeywords,
  refreshTagCounts,
} from '@/server/db/catalog-maintenance';
import { insertCategories, type CategoryRef } from './categories';
import { refreshImageIndex } from '@/server/images/image-index';
import { previewAspectPermille, previewWidths } from '@/server/images/previews';

export interface ImportedModelRow {
  externalId: string;
  slug: string;
  title: string;
  description: string;
  designerId: number;
  categoryId: number;
  rootCategoryId: number;
  productType: 'models' | 'print';
  priceCents: number;
  saleDiscountCents: number;
  formats: string[];
  licence: string;
  tags: string[];
}

/**
 * Category id and icon by tree path ('print/art/sculptures'). An empty database (no demo catalogue)
 * gets the category tree first.
 */
export async function findCategoryIdsByTreePath(filesRoot?: string): Promise<Map<string, CategoryRef>> {
  const handle = await getDatabase();
  const [existing] = await handle.query<{ n: number }>('SELECT count(*)::int AS n FROM categories');
  if (existing!.n === 0) return handle.transaction((tx) => insertCategories(tx, filesRoot));
  const rows = await handle.query<{ id: number; root_id: number; key: string; icon: string }>(
    `SELECT id, coalesce(parent_id, id) AS root_id, product_type || '/' || path AS key, icon FROM categories`,
  );
  return new Map(rows.map((r) => [r.key, { id: r.id, rootId: r.root_id, icon: r.icon }]));
}

/** Ids of designers by lower-case username, creating sellers that do not exist yet. */
export async function upsertDesigners(query: QueryFn, usernames: string[]): Promise<Map<string, number>> {
  await query(
    `INSERT INTO users (username, email, roles)
     SELECT u, lower(u) || '@designers.example.com', '{buyer,seller}' FROM unnest($1::text[]) AS u
     ON CONFLICT DO NOTHING`,
    [usernames],
  );
  await insertMissingDesignerProfiles(
    query,
    usernames.map((u) => u.toLowerCase()),
  );
  const rows = await query<{ id: number; username: string }>(
    `SELECT id, lower(username) AS username FROM users WHERE lower(username) = ANY($1::text[])`,
    [usernames.map((u) => u.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.username, r.id]));
}

/**
 * Inserts new models and updates changed ones (by external id); rows whose content is unchanged are
 * not touched. Lines whose slug belongs to another model are left out and reported.
 */
export async function upsertModels(
  query: QueryFn,
  rows: ImportedModelRow[],
): Promise<{ ids: Map<string, number>; changed: number; slugConflicts: string[] }> {
  const taken = await query<{ slug: string; external_id: string | null }>(
    `SELECT slug, external_id FROM models WHERE slug = ANY($1::text[])`,
    [rows.map((r) => r.slug)],
  );
  const owner = new Map(taken.map((t) => [t.slug, t.external_id]));
  const slugConflicts = rows
    .filter((r) => owner.has(r.slug) && owner.get(r.slug) !== r.externalId)
    .map((r) => r.externalId);
  const writable = rows.filter((r) => !slugConflicts.includes(r.externalId));
  if (writable.length === 0) return { ids: new Map(), changed: 0, slugConflicts };
  const changed = await query<{ external_id: string }>(
    `INSERT INTO models (external_id, slug, title, description, designer_id, category_id, root_category_id, product_type,
                         price_cents, sale_discount_cents, formats, licence, tags)
     SELECT r.external_id, r.slug, r.title, r.description, r.designer_id, r.category_id, r.root_category_id,
            r.product_type::product_type,
            r.price_cents, r.sale_discount_cents, r.formats, r.licence::licence_type, r.tags
     FROM jsonb_to_recordset($1::jsonb) AS r(external_id text, slug text, title text, description text, designer_id int,
          category_id int, root_category_id int, product_type text, price_cents int, sale_discount_cents int, formats text[], licence text, tags text[])
     ON CONFLICT (external_id) DO UPDATE SET
       slug = excluded.slug, title = excluded.title, description = excluded.description,
       designer_id = excluded.designer_id, category_id = excluded.category_id,
       root_category_id = excluded.root_category_id, product_type = excluded.product_type,
       price_cents = excluded.price_cents, sale_discount_cents = excluded.sale_discount_cents,
       formats = excluded.formats, licence = excluded.licence, tags = excluded.tags, updated_at = now()
     WHERE (models.slug, models.title, models.description, models.designer_id, models.category_id, models.product_type,
            models.price_cents, models.sale_discount_cents, models.formats, models.licence, models.tags)
       IS DISTINCT FROM
           (excluded.slug, excluded.title, excluded.description, excluded.designer_id, excluded.category_id,
            excluded.product_type, excluded.price_cents, excluded.sale_discount_cents, excluded.formats,
            excluded.licence, excluded.tags)
     RETURNING external_id`,
    [
      JSON.stringify(
        writable.map((r) => ({
          external_id: r.externalId,
          slug: r.slug,
          title: r.title,
          description: r.description,
          designer_id: r.designerId,
          category_id: r.categoryId,
          root_category_id: r.rootCategoryId,
          product_type: r.productType,
          price_cents: r.priceCents,
          sale_discount_cents: r.saleDiscountCents,
          formats: r.formats,
          licence: r.licence,
          tags: r.tags,
        })),
      ),
    ],
  );
  const ids = await query<{ id: number; external_id: string }>(
    `SELECT id, external_id FROM models WHERE external_id = ANY($1::text[])`,
    [writable.map((r) => r.externalId)],
  );
  return { ids: new Map(ids.map((r) => [r.external_id, r.id])), changed: changed.length, slugConflicts };
}

/** Sets each model's card picture (position 0); unchanged pictures are not rewritten. */
export async function upsertPreviews(
  query: QueryFn,
  rows: Array<{ modelId: number; storageKey: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await query(
    `INSERT INTO preview_images (model_id, position, storage_key, widths, aspect_permille)
     SELECT m, 0, k, $3::int[], $4 FROM unnest($1::int[], $2::text[]) AS t(m, k)
     ON CONFLICT (model_id, position) DO UPDATE SET storage_key = excluded.storage_key
     WHERE preview_images.storage_key IS DISTINCT FROM excluded.storage_key
       -- A picture rendered from the model's mesh beats a generated one.
       AND NOT (preview_images.storage_key LIKE 'previews/rendered/%' AND excluded.storage_key LIKE 'previews/category/%')`,
    [rows.map((r) => r.modelId), rows.map((r) => r.storageKey), [...previewWidths], previewAspectPermille],
  );
}

/** Adds a mesh file to a model unless the same content is already there; returns the new row's id. */
export async function insertModelFile(
  query: QueryFn,
  file: {
    modelId: number;
    fileName: string;
    format: string;
    sizeBytes: number;
    storageKey: string;
    unit: string;
  },
): Promise<number | null> {
  const rows = await query<{ id: number }>(
    `INSERT INTO model_files (model_id, file_name, format, size_bytes, storage_key, unit)
     SELECT $1, $2, $3, $4, $5, $6::length_unit
     WHERE NOT EXISTS (SELECT 1 FROM model_files WHERE model_id = $1 AND storage_key = $5)
     RETURNING id`,
    [file.modelId, file.fileName, file.format, file.sizeBytes, file.storageKey, file.unit],
  );
  return rows[0]?.id ?? null;
}

/** Runs one batch's writes in a transaction: a batch is imported whole or not at all. */
export async function inTransaction<T>(work: (query: QueryFn) => Promise<T>): Promise<T> {
  return (await getDatabase()).transaction((tx) => work(tx.query));
}

export async function refreshAfterImport(filesRoot?: string): Promise<void> {
  const handle = await getDatabase();
  await refreshCategoryCounts(handle);
  await refreshTagCounts(handle);
  await refreshSearchKeywords(handle);
  await refreshImageIndex(handle, filesRoot);
}
