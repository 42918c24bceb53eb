/** The catalogue's only access to Drizzle: explicit columns in, plain DTOs out. */
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';

import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { getDb, type Database } from '@/server/db/client';
import { categories, categoryTranslations, models, previewImages } from '@/server/db/schema/catalog';
import { users } from '@/server/db/schema/users';
import { fileUrl } from '@/server/files/store';
import { previewWidths } from '@/server/images/previews';

import { discountPercentage } from '@/lib/money';

import { compileKeywords } from './keyword-search-repository';

import {
  polyRanges,
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
  runner?: Database | Transaction,
) {
  const db = runner ?? (await getDb());
  const pageIds = db
    .select({ id: models.id })
    .from(models)
    .where(where)
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
  /** Image search: the preview pictures most alike the searched one, most alike first. */
  similarPictures?: readonly string[];
}

const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

/** `column` within a poly-count range [from, to) (`to` null: open-ended). */
const inRange = (column: unknown, [from, to]: readonly [number, number | null]) =>
  to === null ? sql`${column} >= ${from}` : sql`(${column} >= ${from} and ${column} < ${to})`;

/** Where a model's first picture is among `pictures` (1 = the most alike), for image search. */
const pictureRank = (pictures: readonly string[]) =>
  sql`(select array_position(${textArray(pictures)}, p.storage_key) from ${previewImages} p where p.model_id = ${models.id} and p.position = 0)`;

function designerIdOf(username: string): SQL {
  return sql`(select ${users.id} from ${users} where lower(${users.username}) = lower(${username}))`;
}

function listingConditions({
  productType,
  category,
  filters,
  similarPictures,
}: ListingScope): SQL | undefined {
  const conditions: SQL[] = [];
  if (similarPictures)
    conditions.push(
      sql`${models.id} in (select p.model_id from ${previewImages} p where p.position = 0 and p.storage_key = any(${textArray(similarPictures)}))`,
    );
  if (category) {
    const { id, parentId } = category;
    conditions.push(parentId === null ? eq(models.rootCategoryId, id) : eq(models.categoryId, id));
  } else if (productType) {
    conditions.push(eq(models.productType, productType));
  }
  if (filters) {
    if (filters.excludePrint) conditions.push(ne(models.productType, 'print'));
    if (filters.saleOnly) conditions.push(gt(models.saleDiscountCents, 0));
    if (filters.freeOnly) conditions.push(eq(models.priceCents, 0));
    if (filters.formats.length > 0) conditions.push(arrayOverlaps(models.formats, filters.formats));
    if (filters.features.length > 0) conditions.push(arrayContains(models.features, filters.features));
    if (filters.author) conditions.push(eq(models.designerId, designerIdOf(filters.author)));
    if (filters.licences.length > 0) conditions.push(inArray(models.licence, filters.licences));
    if (filters.badges.length > 0) conditions.push(arrayOverlaps(models.badges, filters.badges));
    if (filters.polyRanges.length > 0)
      conditions.push(
        or(...filters.polyRanges.map((range) => inRange(models.polyCount, polyRanges[range])))!,
      );
    if (filters.priceMinCents !== null) conditions.push(gte(models.finalPriceCents, filters.priceMinCents));
    if (filters.priceMaxCents !== null) conditions.push(lte(models.finalPriceCents, filters.priceMaxCents));
    const search = filters.keywords ? compileKeywords(filters.keywords).where : null;
    if (search) conditions.push(search);
  }
  return and(...conditions);
}

const trendingOrder = [desc(models.trendingScore), asc(models.id)];

/** The keyword search's best-match ranking, when the sort asks for it and the query has terms to rank. */
function bestMatch(filters: ListingFilters | undefined) {
  if (filters?.sort !== 'best_match' || !filters.keywords) return null;
  const { matchCount, matchesAll } = compileKeywords(filters.keywords);
  return matchCount && matchesAll ? { matchCount, matchesAll } : null;
}

function listingOrder(filters: ListingFilters | undefined, similarPictures?: readonly string[]): SQL[] {
  if (similarPictures && filters?.sort === 'best_match')
    return [sql`${pictureRank(similarPictures)}`, ...trendingOrder];
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
  const ranking = bestMatch(filters);
  return ranking ? [sql`${ranking.matchCount} desc`, ...trendingOrder] : trendingOrder;
}

/**
 * Best match ranks the models matching more terms first. Ranking every match would sort them all (a
 * common word matches hundreds of thousands), so a page is ranked among the `depth` (its offset plus
 * its size) most trending models matching every term and as many matching any: the best matches
 * always lead (decision 0010). Models matching every term are few or many: found through the word
 * index (the `offset 0` keeps the planner from walking the whole trending index for a rare pair);
 * models matching any term are many (the listing is capped), so walking in trending order is quick.
 */
function rankedCandidates(where: SQL | undefined, matchesAll: SQL, depth: number): SQL {
  const all = sql`(select id from (select ${models.id} as id, ${models.trendingScore} as score from ${models} where ${and(where, matchesAll)} offset 0) m order by score desc, id limit ${depth})`;
  const any = sql`(select ${models.id} from ${models} where ${where ?? sql`true`} order by ${models.trendingScore} desc, ${models.id} limit ${depth})`;
  return sql`${models.id} in (${all} union all ${any})`;
}

/**
 * One page of cards of a listing, most trending (or newest) first. Without filters each case walks an
 * index in order and stops after one page.
 */
export async function findListing(
  scope: ListingScope & {
    limit: number;
    offset: number;
    /** The listing has at most `countCap` models (counted before): they are found first, then ordered. */
    fewMatches?: boolean;
  },
) {
  const where = listingConditions(scope);
  const ranking = bestMatch(scope.filters);
  const matching = scope.fewMatches
    ? sql`${models.id} = any(array(select ${models.id} from ${models} where ${where ?? sql`true`}))`
    : ranking
      ? rankedCandidates(where, ranking.matchesAll, scope.offset + scope.limit)
      : where;
  return withWordIndex(scope, (db) =>
    selectCards(
      scope.locale,
      matching,
      listingOrder(scope.filters, scope.similarPictures),
      scope.limit,
      scope.offset,
      db,
    ),
  );
}

/** Cards of the given models, most trending first (ids that do not exist are left out). */
export async function findCardsByIds(locale: string, ids: number[]) {
  if (ids.length === 0) return [];
  return selectCards(locale, inArray(models.id, ids), listingOrder(undefined), ids.length);
}

/** Models matching a filtered listing, counted up to `cap + 1` (more is shown as "cap+"). */
export async function countListing(scope: ListingScope, cap: number): Promise<number> {
  return withWordIndex(scope, async (db) => {
    const matching = db
      .select({ id: models.id })
      .from(models)
      .where(listingConditions(scope))
      .limit(cap + 1)
      .as('matching');
    const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(matching);
    return row?.total ?? 0;
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs a keyword search's queries with sequential scans discouraged. The planner reads a rare word
 * or phrase as common and scans all 2,000,000 rows (seconds) where the word index answers in
 * milliseconds; a listing without keywords runs as it is.
 */
async function withWordIndex<T>(
  scope: Pick<ListingScope, 'filters'>,
  run: (db: Database | Transaction) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  if (!scope.filters?.keywords) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return run(tx);
  });
}

/** What `countFacets` counts: groups of formats (a model counts if it has any), features, badges, licences, poly ranges. */
export interface FacetSpec {
  formatGroups: readonly (readonly string[])[];
  features: readonly string[];
  badges?: readonly string[];
  licences?: readonly string[];
  /** [from, to) poly counts; `to` null is open-ended. */
  polyRanges?: readonly (readonly [number, number | null])[];
}

export interface FacetCounts {
  /** Models counted (at most `cap + 1`). */
  counted: number;
  free: number;
  sale: number;
  formatGroups: number[];
  features: number[];
  badges: number[];
  licences: number[];
  polyRanges: number[];
}

/**
 * Counts behind filters, in one pass: free models, models on sale, and the models of each value in
 * `spec`. Over the whole catalogue, or over the first `cap + 1` models of a listing (its facets are
 * then as capped as its total; `cap` null: all of them).
 */
export async function countFacets(
  spec: FacetSpec,
  listing?: { scope: ListingScope; cap: number | null },
): Promise<FacetCounts> {
  const db = await getDb();
  let listingRows = listing
    ? db
        .select({
          priceCents: models.priceCents,
          saleDiscountCents: models.saleDiscountCents,
          formats: models.formats,
          features: models.features,
          badges: models.badges,
          licence: models.licence,
          polyCount: models.polyCount,
        })
        .from(models)
        .where(listingConditions(listing.scope))
        .$dynamic()
    : null;
  if (listingRows && listing?.cap != null) listingRows = listingRows.limit(listing.cap + 1);
  const source = listingRows ? listingRows.as('listing') : models;
  const count = (condition: SQL) => sql`count(*) filter (where ${condition})::int`;
  const groups = {
    formatGroups: spec.formatGroups.map((group) => count(sql`${source.formats} && ${textArray(group)}`)),
    features: spec.features.map((feature) => count(sql`${source.features} @> ${textArray([feature])}`)),
    badges: (spec.badges ?? []).map((badge) => count(sql`${source.badges} @> ${textArray([badge])}`)),
    licences: (spec.licences ?? []).map((licence) => count(sql`${source.licence}::text = ${licence}`)),
    polyRanges: (spec.polyRanges ?? []).map((range) => count(inRange(source.polyCount, range))),
  };
  const all = Object.values(groups).flat();
  const [row] = await withWordIndex(listing?.scope ?? {}, async (runner) =>
    runner
      .select({
        counted: sql<number>`count(*)::int`,
        free: sql<number>`count(*) filter (where ${source.priceCents} = 0)::int`,
        sale: sql<number>`count(*) filter (where ${source.saleDiscountCents} > 0)::int`,
        groups: all.length > 0 ? sql<number[]>`array[${sql.join(all, sql`, `)}]` : sql<number[]>`'{}'::int[]`,
      })
      .from(source),
  );
  const values = row?.groups ?? [];
  let next = 0;
  const take = (list: SQL[]) => list.map(() => values[next++] ?? 0);
  return {
    counted: row?.counted ?? 0,
    free: row?.free ?? 0,
    sale: row?.sale ?? 0,
    formatGroups: take(groups.formatGroups),
    features: take(groups.features),
    badges: take(groups.badges),
    licences: take(groups.licences),
    polyRanges: take(groups.polyRanges),
  };
}

export async function findBySlug(
  locale: string,
  slug: string,
): Promise<(ModelDetailDto & { categoryId: number }) | null> {
  const db = await getDb();
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
      likes: models.likes,
      views: models.views,
      reviewStatus: models.reviewStatus,
    })
    .from(models)
    .innerJoin(users, eq(users.id, models.designerId))
    .leftJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, models.categoryId), eq(categoryTranslations.locale, locale)),
    )
    .leftJoin(previewImages, and(eq(previewImages.modelId, models.id), eq(previewImages.position, 0)))
    .where(eq(models.slug, slug))
    .limit(1);
  if (!row) return null;
  const images = await db
    .select({
      key: previewImages.storageKey,
      widths: previewImages.widths,
      aspect: previewImages.aspectPermille,
    })
    .from(previewImages)
    .where(eq(previewImages.modelId, row.id))
    .orderBy(asc(previewImages.position));
  const card = toCard(row, locale);
  return {
    ...card,
    categoryId: row.categoryId,
    description: row.description,
    categoryTitle: row.categoryTitle ?? '',
    categoryPath: row.categoryPath ?? '',
    licence: row.licence,
    badges: row.badges,
    tags: row.tags,
    polyCount: row.polyCount,
    likes: row.likes,
    views: row.views,
    reviewStatus: row.reviewStatus,
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
  const db = await getDb();
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
  const db = await getDb();
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
  const db = await getDb();
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${categories.itemCount}), 0)::int` })
    .from(categories)
    .where(and(eq(categories.productType, productType), sql`${categories.parentId} is null`));
  return row?.total ?? 0;
}

/** A category's localized path in every locale (for language alternates). */
export async function findLocalizedPathsById(categoryId: number): Promise<Record<string, string>> {
  const db = await getDb();
  const rows = await db
    .select({ locale: categoryTranslations.locale, path: categoryTranslations.path })
    .from(categoryTranslations)
    .where(eq(categoryTranslations.categoryId, categoryId));
  return Object.fromEntries(rows.map((r) => [r.locale, r.path]));
}

/** Highest model id (the sitemap splits models into id ranges). */
export async function findMaxModelId(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ max: sql<number>`coalesce(max(${models.id}), 0)::int` }).from(models);
  return row?.max ?? 0;
}

/** Paths (category path + slug) and product types of the models with ids in [from, to). */
export async function findModelPathsInIdRange(locale: string, from: number, to: number) {
  const db = await getDb();
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
    .where(and(sql`${models.id} >= ${from}`, sql`${models.id} < ${to}`))
    .orderBy(asc(models.id));
  return rows.map((r) => ({
    path: `${r.categoryPath ?? 'uncategorized'}/${r.slug}`,
    productType: r.productType,
    updatedAt: r.updatedAt,
  }));
}
