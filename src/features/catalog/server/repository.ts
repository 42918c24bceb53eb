/** The catalogue's only access to Drizzle: explicit columns in, plain DTOs out. */
import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';

import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { getDb, type Database } from '@/server/db/client';
import { getReadDb } from '@/server/db/read-replicas';
import {
  categories,
  categoryTranslations,
  modelFiles,
  models,
  modelViewVisits,
  previewImages,
  publishedModel,
} from './schema';
import { users } from '@/server/db/schema/users';
import { fileUrl } from '@/server/files/store';
import { previewWidths } from '@/server/images/previews';

import { discountPercentage } from '@/lib/money';
import type { LicenceType, ModelBadge } from '../model-attributes';

import {
  type CategoryDto,
  type CategoryLinkDto,
  type ImageDto,
  type ListingFilters,
  type ModelCardDto,
  type ModelDetailDto,
  type ProductType,
} from '../schemas';

/** Drawn by the seed; shown if a model has no picture yet. */
const fallbackImage = { storageKey: 'previews/category/box-7', widths: [120, 360, 720], aspectPermille: 750 };

export function toImageDto(
  storageKey: string,
  widths: number[],
  aspectPermille: number,
  preferred = 360,
): ImageDto {
  const sorted = [...widths].sort((a, b) => a - b);
  const width = sorted.find((w) => w >= preferred) ?? sorted[sorted.length - 1] ?? preferred;
  return {
    src: fileUrl(`${storageKey}-${width}.webp`),
    srcSet: sorted.map((w) => `${fileUrl(`${storageKey}-${w}.webp`)} ${w}w`).join(', '),
    width,
    height: Math.round((width * aspectPermille) / 1000),
  };
}

const cardColumns = {
  id: models.id,
  title: models.title,
  slug: models.slug,
  productType: models.productType,
  priceCents: models.priceCents,
  saleDiscountCents: models.saleDiscountCents,
  formats: models.formats,
  likes: models.likes,
  ratingAverage: models.ratingAverage,
  ratingCount: models.ratingCount,
  categoryPath: categoryTranslations.path,
  designerUsername: users.username,
  imageKey: previewImages.storageKey,
  imageWidths: previewImages.widths,
  imageAspect: previewImages.aspectPermille,
};

type CardRow = {
  id: number;
  title: string;
  slug: string;
  productType: ProductType;
  priceCents: number;
  saleDiscountCents: number;
  formats: string[];
  likes: number;
  ratingAverage: number;
  ratingCount: number;
  categoryPath: string | null;
  designerUsername: string;
  imageKey: string | null;
  imageWidths: number[] | null;
  imageAspect: number | null;
};

function toCard(row: CardRow, locale: string): ModelCardDto {
  const image = row.imageKey
    ? { storageKey: row.imageKey, widths: row.imageWidths ?? [], aspectPermille: row.imageAspect ?? 750 }
    : fallbackImage;
  const path = `${row.categoryPath ?? 'uncategorized'}/${row.slug}`;
  const pathname = row.productType === 'print' ? '/3d-print-models/[...path]' : '/3d-models/[...path]';
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    path,
    url: getPathname({ locale: locale as Locale, href: { pathname, params: { path: path.split('/') } } }),
    productType: row.productType,
    primaryImage: toImageDto(image.storageKey, image.widths, image.aspectPermille),
    price: row.priceCents,
    finalPrice: row.priceCents - row.saleDiscountCents,
    percentage: discountPercentage(row.priceCents, row.saleDiscountCents),
    formats: row.formats,
    designerUsername: row.designerUsername,
    likes: row.likes,
    ratingAverage: Math.round(row.ratingAverage * 100) / 100,
    ratingCount: row.ratingCount,
  };
}

/**
 * One page of cards. The page's ids are found first (an index walk that reads nothing else), then
 * only those rows are joined: deep pages do not join every row they skip.
 */
async function selectCards(
  locale: string,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset = 0,
) {
  const db = await getReadDb();
  const pageIds = db
    .select({ id: models.id })
    .from(models)
    .where(and(publishedModel, where))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  const rows = await db
    .select(cardColumns)
    .from(models)
    .innerJoin(users, eq(users.id, models.designerId))
    .leftJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, models.categoryId), eq(categoryTranslations.locale, locale)),
    )
    .leftJoin(previewImages, and(eq(previewImages.modelId, models.id), eq(previewImages.position, 0)))
    .where(inArray(models.id, pageIds))
    .orderBy(...orderBy);
  return rows.map((row) => toCard(row, locale));
}

export interface ListingScope {
  locale: string;
  productType?: ProductType;
  /** A top-level category (with its subcategories) or a subcategory. */
  category?: { id: number; parentId: number | null };
  filters?: ListingFilters;
}

function designerIdOf(username: string): SQL {
  return sql`(select ${users.id} from ${users} where lower(${users.username}) = lower(${username}))`;
}

/**
 * A listing's conditions in SQL, for what the database answers itself by walking an index in order:
 * unfiltered listings (without print models on request) and a designer's models. Searches and other
 * filtered listings go through the listing index (decision 0014).
 */
function listingConditions({ productType, category, filters }: ListingScope): SQL | undefined {
  const conditions: SQL[] = [];
  if (category) {
    const { id, parentId } = category;
    conditions.push(parentId === null ? eq(models.rootCategoryId, id) : eq(models.categoryId, id));
  } else if (productType) {
    conditions.push(eq(models.productType, productType));
  }
  if (filters?.excludePrint) conditions.push(ne(models.productType, 'print'));
  if (filters?.author) conditions.push(eq(models.designerId, designerIdOf(filters.author)));
  return and(...conditions);
}

const trendingOrder = [desc(models.trendingScore), asc(models.id)];

function listingOrder(filters: ListingFilters | undefined): SQL[] {
  switch (filters?.sort) {
    case 'newest':
      return [desc(models.publishedAt), desc(models.id)];
    case 'top_selling':
      return [desc(models.sales), asc(models.id)];
    case 'price_asc':
      return [asc(models.finalPriceCents), asc(models.id)];
    case 'price_desc':
      return [desc(models.finalPriceCents), asc(models.id)];
  }
  return trendingOrder;
}

/**
 * One page of cards of a listing, most trending (or newest) first. Without filters each case walks an
 * index in order and stops after one page.
 */
export async function findListing(scope: ListingScope & { limit: number; offset: number }) {
  return selectCards(
    scope.locale,
    listingConditions(scope),
    listingOrder(scope.filters),
    scope.limit,
    scope.offset,
  );
}

/** Cards of the given models, most trending first (ids that do not exist are left out). */
export async function findCardsByIds(locale: string, ids: number[]) {
  if (ids.length === 0) return [];
  const db = await getReadDb();
  let statement = cardsByIdsStatements.get(db);
  if (!statement) cardsByIdsStatements.set(db, (statement = prepareCardsByIds(db)));
  const rows = await statement.execute({ locale, ids });
  return rows.map((row) => toCard(row, locale));
}

/**
 * Every search's page of cards, as a named statement: PostgreSQL plans it once per connection instead
 * of at each search (~1 ms of its time), and its text is built once. One array parameter, so any
 * number of ids shares it.
 */
function prepareCardsByIds(db: Database) {
  return db
    .select(cardColumns)
    .from(models)
    .innerJoin(users, eq(users.id, models.designerId))
    .leftJoin(
      categoryTranslations,
      and(
        eq(categoryTranslations.categoryId, models.categoryId),
        eq(categoryTranslations.locale, sql.placeholder('locale')),
      ),
    )
    .leftJoin(previewImages, and(eq(previewImages.modelId, models.id), eq(previewImages.position, 0)))
    .where(and(publishedModel, sql`${models.id} = any(${sql.placeholder('ids')}::int[])`))
    .orderBy(...trendingOrder)
    .prepare('catalog_cards_by_ids');
}

const cardsByIdsStatements = new WeakMap<Database, ReturnType<typeof prepareCardsByIds>>();

export async function findBySlug(
  locale: string,
  slug: string,
): Promise<(ModelDetailDto & { categoryId: number }) | null> {
  const db = await getReadDb();
  const [row] = await db
    .select({
      ...cardColumns,
      categoryId: models.categoryId,
      description: models.description,
      categoryTitle: categoryTranslations.title,
      licence: models.licence,
      badges: models.badges,
      tags: models.tags,
      polyCount: models.polyCount,
      vertexCount: models.vertexCount,
      features: models.features,
      views: models.views,
      reviewStatus: models.reviewStatus,
      reviewScore: models.reviewScore,
      cgtStandardVerified: models.cgtStandardVerified,
      walletEligible: models.walletEligible,
      licenceTerms: models.licenceTerms,
      saleEndsAt: models.saleEndsAt,
      publishedAt: models.publishedAt,
      unit: models.unit,
      volumeMm3: models.volumeMm3,
      bboxXMm: models.bboxXMm,
      bboxYMm: models.bboxYMm,
      bboxZMm: models.bboxZMm,
      thinWallAreaMm2: models.thinWallAreaMm2,
      thinWallShare: models.thinWallShare,
      selfIntersections: models.selfIntersections,
      watertight: models.watertight,
    })
    .from(models)
    .innerJoin(users, eq(users.id, models.designerId))
    .leftJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, models.categoryId), eq(categoryTranslations.locale, locale)),
    )
    .leftJoin(previewImages, and(eq(previewImages.modelId, models.id), eq(previewImages.position, 0)))
    .where(and(eq(models.slug, slug), publishedModel))
    .limit(1);
  if (!row) return null;
  const [images, files] = await Promise.all([
    db
      .select({
        key: previewImages.storageKey,
        widths: previewImages.widths,
        aspect: previewImages.aspectPermille,
      })
      .from(previewImages)
      .where(eq(previewImages.modelId, row.id))
      .orderBy(asc(previewImages.position)),
    db
      .select({
        fileName: modelFiles.fileName,
        format: modelFiles.format,
        sizeBytes: modelFiles.sizeBytes,
        triangles: modelFiles.triangles,
        viewerKey: modelFiles.viewerKey,
      })
      .from(modelFiles)
      .where(eq(modelFiles.modelId, row.id))
      .orderBy(asc(modelFiles.id)),
  ]);
  const card = toCard(row, locale);
  const analysed = row.volumeMm3 !== null || row.bboxXMm !== null;
  return {
    ...card,
    categoryId: row.categoryId,
    description: row.description,
    categoryTitle: row.categoryTitle ?? '',
    categoryPath: row.categoryPath ?? '',
    licence: row.licence,
    licenceTerms: row.licenceTerms,
    badges: row.badges as ModelBadge[],
    tags: row.tags,
    polyCount: row.polyCount,
    vertexCount: row.vertexCount,
    features: row.features,
    views: row.views,
    reviewStatus: row.reviewStatus,
    reviewScore: row.reviewScore,
    cgtStandardVerified: row.cgtStandardVerified,
    walletEligible: row.walletEligible,
    saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
    publishedAt: row.publishedAt.toISOString(),
    geometry: analysed
      ? {
          unit: row.unit,
          volumeMm3: row.volumeMm3,
          sizeMm:
            row.bboxXMm !== null && row.bboxYMm !== null && row.bboxZMm !== null
              ? [row.bboxXMm, row.bboxYMm, row.bboxZMm]
              : null,
          thinWallAreaMm2: row.thinWallAreaMm2,
          thinWallShare: row.thinWallShare,
          selfIntersections: row.selfIntersections,
          watertight: row.watertight,
        }
      : null,
    files: files.map(({ viewerKey, ...file }) => ({
      ...file,
      viewerUrl: viewerKey ? fileUrl(viewerKey) : null,
    })),
    images:
      images.length > 0 ? images.map((i) => toImageDto(i.key, i.widths, i.aspect, 720)) : [card.primaryImage],
  };
}

const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  productType: categories.productType,
  icon: categories.icon,
  imageKey: categories.imageKey,
  itemCount: categories.itemCount,
  title: categoryTranslations.title,
  path: categoryTranslations.path,
};

type CategoryRow = Omit<CategoryDto, 'image' | 'subcategories'> & { imageKey: string | null };

function toCategory({ imageKey, ...row }: CategoryRow, subcategories: CategoryLinkDto[]): CategoryDto {
  return { ...row, image: imageKey ? toImageDto(imageKey, [...previewWidths], 750) : null, subcategories };
}

/** Categories of a product type in a locale, top level with their subcategories, in tree order. */
export async function findCategoryTree(locale: string, productType: ProductType): Promise<CategoryDto[]> {
  const db = await getReadDb();
  const rows = await db
    .select(categoryColumns)
    .from(categories)
    .innerJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)),
    )
    .where(eq(categories.productType, productType))
    .orderBy(asc(categories.position), asc(categories.id));
  const byParent = new Map<number, CategoryLinkDto[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = byParent.get(row.parentId) ?? [];
    list.push({ id: row.id, title: row.title, path: row.path, itemCount: row.itemCount });
    byParent.set(row.parentId, list);
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => toCategory(row, byParent.get(row.id) ?? []));
}

export async function findCategoryByPath(
  locale: string,
  productType: ProductType,
  path: string,
): Promise<CategoryDto | null> {
  const db = await getReadDb();
  const [row] = await db
    .select(categoryColumns)
    .from(categoryTranslations)
    .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
    .where(
      and(
        eq(categoryTranslations.locale, locale),
        eq(categoryTranslations.productType, productType),
        eq(categoryTranslations.path, path),
      ),
    )
    .limit(1);
  if (!row) return null;
  const children = await db
    .select(categoryColumns)
    .from(categories)
    .innerJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)),
    )
    .where(eq(categories.parentId, row.id))
    .orderBy(asc(categories.position), asc(categories.id));
  return toCategory(
    row,
    children.map((c) => ({ id: c.id, title: c.title, path: c.path, itemCount: c.itemCount })),
  );
}

/** Published models of a product type: the sum of its top-level categories' counts. */
export async function countByProductType(productType: ProductType): Promise<number> {
  const db = await getReadDb();
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${categories.itemCount}), 0)::int` })
    .from(categories)
    .where(and(eq(categories.productType, productType), sql`${categories.parentId} is null`));
  return row?.total ?? 0;
}

/** A category's localized path in every locale (for language alternates). */
export async function findLocalizedPathsById(categoryId: number): Promise<Record<string, string>> {
  const db = await getReadDb();
  const rows = await db
    .select({ locale: categoryTranslations.locale, path: categoryTranslations.path })
    .from(categoryTranslations)
    .where(eq(categoryTranslations.categoryId, categoryId));
  return Object.fromEntries(rows.map((r) => [r.locale, r.path]));
}

/** Highest model id (the sitemap splits models into id ranges). */
export async function findMaxModelId(): Promise<number> {
  const db = await getReadDb();
  const [row] = await db.select({ max: sql<number>`coalesce(max(${models.id}), 0)::int` }).from(models);
  return row?.max ?? 0;
}

/** Paths (category path + slug) and product types of the models with ids in [from, to). */
export async function findModelPathsInIdRange(locale: string, from: number, to: number) {
  const db = await getReadDb();
  const rows = await db
    .select({
      slug: models.slug,
      productType: models.productType,
      categoryPath: categoryTranslations.path,
      updatedAt: models.updatedAt,
    })
    .from(models)
    .leftJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, models.categoryId), eq(categoryTranslations.locale, locale)),
    )
    .where(and(sql`${models.id} >= ${from}`, sql`${models.id} < ${to}`, publishedModel))
    .orderBy(asc(models.id));
  return rows.map((r) => ({
    path: `${r.categoryPath ?? 'uncategorized'}/${r.slug}`,
    productType: r.productType,
    updatedAt: r.updatedAt,
  }));
}

/**
 * Counts a view of a model once per visitor and day (spec §2: not on every reload). Returns the
 * model's views, or null when it does not exist.
 */
/**
 * Counts a view of a published model by `visitor` on `day`, unless that visitor was counted already
 * or `perAddress` visitors from the same `address` were. `alias` (the cookie given to a visitor who
 * had none) is recorded as the same visitor, so their next view that day is not counted again. Null
 * for a model that is not published.
 */
export async function insertModelView(
  modelId: number,
  {
    visitor,
    alias,
    address,
    day,
    perAddress,
  }: { visitor: string; alias?: string; address: string; day: string; perAddress: number },
): Promise<{ counted: boolean; views: number } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [model] = await tx
      .select({ id: models.id })
      .from(models)
      .where(and(eq(models.id, modelId), publishedModel));
    if (!model) return null;
    // Views sent at once from one address are counted one after the other, so none passes the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${address}), ${modelId})`);
    const [fromAddress] = await tx
      .select({ visitors: sql<number>`count(*)::int` })
      .from(modelViewVisits)
      .where(
        and(
          eq(modelViewVisits.modelId, modelId),
          eq(modelViewVisits.day, day),
          eq(modelViewVisits.address, address),
        ),
      );
    const inserted =
      (fromAddress?.visitors ?? 0) >= perAddress
        ? []
        : await tx
            .insert(modelViewVisits)
            .values({ modelId, visitor, day, address })
            .onConflictDoNothing()
            .returning({ modelId: modelViewVisits.modelId });
    const counted = inserted.length > 0;
    if (counted && alias)
      await tx.insert(modelViewVisits).values({ modelId, visitor: alias, day }).onConflictDoNothing();
    const [row] = counted
      ? await tx
          .update(models)
          .set({ views: sql`${models.views} + 1` })
          .where(eq(models.id, modelId))
          .returning({ views: models.views })
      : await tx.select({ views: models.views }).from(models).where(eq(models.id, modelId));
    return { counted, views: row!.views };
  });
}

/** The most trending other models of a model's category. */
export async function findRelated(locale: string, categoryId: number, excludeId: number, limit: number) {
  return selectCards(
    locale,
    and(eq(models.categoryId, categoryId), ne(models.id, excludeId)),
    trendingOrder,
    limit,
  );
}

/** The seller's own terms of these models' custom licences (the cart shows them before buying). */
export async function findCustomLicenceTerms(
  modelIds: number[],
): Promise<{ modelId: number; title: string; licence: LicenceType; terms: string }[]> {
  if (modelIds.length === 0) return [];
  const db = await getReadDb();
  const rows = await db
    .select({ modelId: models.id, title: models.title, licence: models.licence, terms: models.licenceTerms })
    .from(models)
    .where(and(inArray(models.id, modelIds), isNotNull(models.licenceTerms)))
    .orderBy(asc(models.id));
  return rows.flatMap((row) => (row.terms ? [{ ...row, terms: row.terms }] : []));
}
