/** The search feature's only access to Drizzle: the search box's keywords and what it learns. */
import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { getReadDb } from '@/server/db/read-replicas';
import { searchWeight } from '@/server/db/catalog-maintenance';
import { categories, categoryTranslations } from '@/features/catalog/server/api';
import { blockedSearchPhrases, searchKeywords, searchPhraseSightings } from './schema';

/** `text` as the keywords are stored: lower case, without accents. */
const folded = (text: string) => sql`lower(f_unaccent(${text}))`;

/** `keyword LIKE '<text>%'` with the text's own `%`, `_` and `\` taken literally (index-friendly). */
const startsWith = (text: string): SQL =>
  sql`${searchKeywords.keyword} like (replace(replace(replace(${folded(text)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;

export interface KeywordRow {
  keyword: string;
  topModelId: number | null;
}

/** Keywords over the whole catalogue starting with `text`, most popular first. */
export async function findKeywordsByPrefix(text: string, limit: number): Promise<KeywordRow[]> {
  const db = await getReadDb();
  return db
    .select({ keyword: searchKeywords.keyword, topModelId: searchKeywords.topModelId })
    .from(searchKeywords)
    .where(and(isNull(searchKeywords.categoryId), startsWith(text)))
    .orderBy(desc(searchKeywords.popularity), searchKeywords.keyword)
    .limit(limit);
}

/** The whole-catalogue keywords among `keywords` (written as stored: lower case, no accents). */
export async function findKeywords(keywords: string[]): Promise<KeywordRow[]> {
  if (keywords.length === 0) return [];
  const db = await getReadDb();
  return db
    .select({ keyword: searchKeywords.keyword, topModelId: searchKeywords.topModelId })
    .from(searchKeywords)
    .where(and(isNull(searchKeywords.categoryId), inArray(searchKeywords.keyword, keywords)));
}

/** Keywords similar to `text` (trigram similarity ≥ 0.3: typos), most similar first. */
export async function findSimilarKeywords(text: string, limit: number): Promise<KeywordRow[]> {
  const db = await getReadDb();
  const similarity = sql`similarity(${searchKeywords.keyword}, ${folded(text)})`;
  return db
    .select({ keyword: searchKeywords.keyword, topModelId: searchKeywords.topModelId })
    .from(searchKeywords)
    .where(and(isNull(searchKeywords.categoryId), sql`${searchKeywords.keyword} % ${folded(text)}`))
    .orderBy(desc(similarity), desc(searchKeywords.popularity))
    .limit(limit);
}

export interface CategoryKeywordRow extends KeywordRow {
  categoryTitle: string;
  /** The category's localized path below its listing root, and which root (models or print). */
  categoryPath: string;
  categoryProductType: 'models' | 'print';
}

/** Keywords within a top-level category starting with `text`, with the category's localized title and path. */
export async function findCategoryKeywordsByPrefix(
  text: string,
  locale: string,
  options: { printOnly: boolean; limit: number },
): Promise<CategoryKeywordRow[]> {
  const db = await getReadDb();
  return db
    .select({
      keyword: searchKeywords.keyword,
      topModelId: searchKeywords.topModelId,
      categoryTitle: categoryTranslations.title,
      categoryPath: categoryTranslations.path,
      categoryProductType: categories.productType,
    })
    .from(searchKeywords)
    .innerJoin(categories, eq(categories.id, searchKeywords.categoryId))
    .innerJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)),
    )
    .where(
      and(
        isNotNull(searchKeywords.categoryId),
        startsWith(text),
        options.printOnly ? eq(categories.productType, 'print') : undefined,
      ),
    )
    .orderBy(desc(searchKeywords.popularity), searchKeywords.keyword)
    .limit(options.limit);
}

const maxInt = 2147483647;

/**
 * Records that `visitor` searched for `phrase` on `day` (once a visitor a day). Once `minVisitors`
 * distinct visitors made it since `since`, it is learned: its first learning counts every sighting so
 * far, later ones one each. A phrase an admin removed is never recorded. Whether it was counted.
 */
export async function recordPhraseSighting(
  phrase: string,
  { visitor, day, since, minVisitors }: { visitor: string; day: string; since: string; minVisitors: number },
): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [blocked] = await tx
      .select({ phrase: blockedSearchPhrases.phrase })
      .from(blockedSearchPhrases)
      .where(eq(blockedSearchPhrases.phrase, folded(phrase)));
    if (blocked) return false;
    const inserted = await tx
      .insert(searchPhraseSightings)
      .values({ phrase: folded(phrase), visitor, day })
      .onConflictDoNothing()
      .returning({ phrase: searchPhraseSightings.phrase });
    if (inserted.length === 0) return false;
    const [seen] = await tx
      .select({
        visitors: sql<number>`count(distinct ${searchPhraseSightings.visitor})::int`,
        sightings: sql<number>`count(*)::int`,
      })
      .from(searchPhraseSightings)
      .where(and(eq(searchPhraseSightings.phrase, folded(phrase)), gte(searchPhraseSightings.day, since)));
    if (!seen || seen.visitors < minVisitors) return false;
    // The unique index is on an expression (`coalesce(category_id, 0)`), which Drizzle cannot target.
    const added = sql`case when ${searchKeywords}.search_count = 0 then ${seen.sightings}::int else 1 end`;
    await tx.execute(sql`
      insert into ${searchKeywords} (keyword, search_count, popularity)
      values (${folded(phrase)}, ${seen.sightings}::int, least(${searchWeight}::bigint * ${seen.sightings}::int, ${maxInt})::int)
      on conflict (keyword, coalesce(category_id, 0)) do update
        set search_count = ${searchKeywords}.search_count + ${added},
            popularity = least(${searchKeywords}.model_count::bigint
              + ${searchWeight}::bigint * (${searchKeywords}.search_count + ${added}), ${maxInt})::int,
            updated_at = now()`);
    return true;
  });
}

/** Forgets sightings from before `day` (they no longer count towards learning). */
export async function deleteSightingsBefore(day: string): Promise<void> {
  const db = await getDb();
  await db.delete(searchPhraseSightings).where(lt(searchPhraseSightings.day, day));
}

export interface LearnedPhraseRow {
  keyword: string;
  searchCount: number;
  modelCount: number;
  updatedAt: Date;
}

/** Keywords searches taught the box (over the whole catalogue), most popular first; `prefix` narrows. */
export async function selectLearnedPhrases({
  prefix,
  limit,
}: {
  prefix: string;
  limit: number;
}): Promise<{ items: LearnedPhraseRow[]; total: number }> {
  const db = await getDb();
  const where = and(
    isNull(searchKeywords.categoryId),
    gt(searchKeywords.searchCount, 0),
    prefix ? startsWith(prefix) : undefined,
  );
  const [items, [count]] = await Promise.all([
    db
      .select({
        keyword: searchKeywords.keyword,
        searchCount: searchKeywords.searchCount,
        modelCount: searchKeywords.modelCount,
        updatedAt: searchKeywords.updatedAt,
      })
      .from(searchKeywords)
      .where(where)
      .orderBy(desc(searchKeywords.popularity), searchKeywords.keyword)
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(searchKeywords)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

/**
 * An admin removes a learned phrase: its searches no longer count (a tag keyword stays, ranked by its
 * models alone), its sightings are forgotten and it is never learned again. False when no such
 * learned phrase exists.
 */
export async function removeLearnedPhrase(keyword: string, adminId: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const learned = and(eq(searchKeywords.keyword, keyword), gt(searchKeywords.searchCount, 0));
    const [row] = await tx
      .select({ keyword: searchKeywords.keyword })
      .from(searchKeywords)
      .where(and(learned, isNull(searchKeywords.categoryId)))
      .for('update');
    if (!row) return false;
    await tx
      .insert(blockedSearchPhrases)
      .values({ phrase: keyword, blockedBy: adminId })
      .onConflictDoNothing();
    await tx.delete(searchPhraseSightings).where(eq(searchPhraseSightings.phrase, keyword));
    await tx
      .update(searchKeywords)
      .set({ searchCount: 0, popularity: searchKeywords.modelCount, updatedAt: new Date() })
      .where(learned);
    await tx
      .delete(searchKeywords)
      .where(
        and(
          eq(searchKeywords.keyword, keyword),
          eq(searchKeywords.modelCount, 0),
          eq(searchKeywords.searchCount, 0),
        ),
      );
    return true;
  });
}
