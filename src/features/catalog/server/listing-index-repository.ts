/** What the listing index (decision 0014) reads from the catalogue: every model's searchable figures. */
import { inArray, sql, type SQL } from 'drizzle-orm';

import { getReadDb } from '@/server/db/read-replicas';
import { catalogueChanges, catalogueVersion, models, previewImages, publishedModel } from './schema';
import { users } from '@/server/db/schema/users';

import type { IndexedModel } from './listing-index';

const batchSize = 10_000;

type IndexedRow = {
  id: number;
  title: string;
  tags: string;
  product_type: 'models' | 'print';
  price_cents: number;
  sale_discount_cents: number;
  formats: string;
  features: string;
  licence: string;
  badges: string;
  poly_count: number | null;
  category_id: number;
  root_category_id: number;
  designer_id: number;
  trending_score: number;
  published_ms: number;
  sales: number;
  rating_average: number;
  rating_count: number;
  picture_key: string | null;
};

/** Array columns travel as one string each (`\n` between values): 2,000,000 rows load in a third of the time. */
const list = (joined: string) => (joined === '' ? [] : joined.split('\n'));

/**
 * The indexed figures of the published models `where` picks, in id order, at most `batchSize`. The
 * picture is a subquery, not a join: with a join, PostgreSQL may merge-join the whole preview table
 * from its first row for every batch (943 ms a batch from the middle of 10,000,000 models, not 26).
 */
async function readIndexedModels(where: SQL): Promise<IndexedModel[]> {
  const db = await getReadDb();
  const joined = (column: unknown) => sql`array_to_string(${column}, E'\n')`;
  const { rows } = await db.execute<IndexedRow>(sql`
    select ${models.id}, ${models.title}, ${joined(models.tags)} as tags, ${models.productType},
      ${models.priceCents}, ${models.saleDiscountCents}, ${joined(models.formats)} as formats,
      ${joined(models.features)} as features, ${models.licence}::text as licence,
      ${joined(models.badges)} as badges, ${models.polyCount}, ${models.categoryId},
      ${models.rootCategoryId}, ${models.designerId}, ${models.trendingScore},
      (extract(epoch from ${models.publishedAt}) * 1000)::float8 as published_ms, ${models.sales},
      ${models.ratingAverage}, ${models.ratingCount},
      (select ${previewImages.storageKey} from ${previewImages}
       where ${previewImages.modelId} = ${models.id} and ${previewImages.position} = 0) as picture_key
    from ${models}
    where ${where} and ${publishedModel}
    order by ${models.id}
    limit ${batchSize}`);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    tags: list(row.tags),
    productType: row.product_type,
    priceCents: row.price_cents,
    saleDiscountCents: row.sale_discount_cents,
    formats: list(row.formats),
    features: list(row.features),
    licence: row.licence,
    badges: list(row.badges),
    polyCount: row.poly_count,
    categoryId: row.category_id,
    rootCategoryId: row.root_category_id,
    designerId: row.designer_id,
    trendingScore: row.trending_score,
    publishedAt: row.published_ms,
    sales: row.sales,
    ratingAverage: row.rating_average,
    ratingCount: row.rating_count,
    pictureKey: row.picture_key,
  }));
}

/**
 * Calls `take` with every model, a batch at a time in id order. The next batch is read while `take`
 * indexes this one: the database and this process work at once (a batch of 10,000 rows held ahead).
 */
export async function forEachIndexedModel(take: (batch: IndexedModel[]) => Promise<void>): Promise<void> {
  let next: Promise<IndexedModel[]> | null = readIndexedModels(sql`${models.id} > 0`);
  try {
    while (next) {
      const batch: IndexedModel[] = await next;
      next =
        batch.length === batchSize
          ? readIndexedModels(sql`${models.id} > ${batch[batch.length - 1]!.id}`)
          : null;
      if (batch.length > 0) await take(batch);
    }
  } finally {
    // `take` failed: the batch read ahead is not wanted, nor is its failure.
    next?.catch(() => {});
  }
}

/** These models as the index reads them; those not published (or gone) are left out. */
export async function findIndexedModels(ids: readonly number[]): Promise<IndexedModel[]> {
  const found: IndexedModel[] = [];
  for (let at = 0; at < ids.length; at += batchSize)
    found.push(...(await readIndexedModels(inArray(models.id, ids.slice(at, at + batchSize)))));
  return found;
}

/**
 * The models changed after catalogue version `after`, and the version now (read first: the changes are
 * the ones up to it). Null when the change log cannot say: it no longer reaches back that far, the
 * table was emptied, or more than `limit` models changed.
 */
export async function findCatalogueChanges(
  after: string,
  limit: number,
): Promise<{ stamp: string; ids: number[] } | null> {
  const db = await getReadDb();
  const [now] = await db
    .select({ version: catalogueVersion.version, changesFrom: catalogueVersion.changesFrom })
    .from(catalogueVersion);
  if (!now || Number(after) < Number(now.changesFrom)) return null;
  const rows = await db
    .selectDistinct({ id: catalogueChanges.modelId })
    .from(catalogueChanges)
    .where(sql`${catalogueChanges.version} > ${after} and ${catalogueChanges.version} <= ${now.version}`)
    .limit(limit + 1);
  if (rows.length > limit || rows.some((row) => row.id === null)) return null;
  return { stamp: String(now.version), ids: rows.map((row) => row.id!) };
}

/** How many models there are (the index makes room for them at once). */
export async function countModels(): Promise<number> {
  const db = await getReadDb();
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(models);
  return row?.count ?? 0;
}

/**
 * Changes with every committed change of a model the index reads (`catalogue_version`, moved by a
 * trigger on `models`): the index compares it before answering. One row, read in well under a
 * millisecond at any size.
 */
export async function findCatalogueStamp(): Promise<string> {
  const db = await getReadDb();
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion);
  return String(row?.version ?? 0);
}

/** The database's own id (one per database, made with it): a listing-index snapshot names it. */
export async function findCatalogueDatabaseId(): Promise<string | null> {
  const db = await getReadDb();
  const [row] = await db.select({ id: catalogueVersion.databaseId }).from(catalogueVersion);
  return row?.id ?? null;
}

/** The id of the designer with this username (any case), or null. */
export async function findDesignerId(username: string): Promise<number | null> {
  const db = await getReadDb();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row?.id ?? null;
}
