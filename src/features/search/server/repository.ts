/** The search feature's only access to Drizzle: the search box's keywords. */
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { searchWeight } from '@/server/db/catalog-maintenance';
import { categories, categoryTranslations } from '@/features/catalog/server/api';
import { searchKeywords } from './schema';

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
  const db = await getDb();
  return db
    .select({ keyword: searchKeywords.keyword, topModelId: searchKeywords.topModelId })
    .from(searchKeywords)
    .where(and(isNull(searchKeywords.categoryId), startsWith(text)))
    .orderBy(desc(searchKeywords.popularity), searchKeywords.keyword)
    .limit(limit);
}

/** Keywords similar to `text` (trigram similarity ≥ 0.3: typos), most similar first. */
export async function findSimilarKeywords(text: string, limit: number): Promise<KeywordRow[]> {
  const db = await getDb();
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
  const db = await getDb();
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

/** Counts one search for `keyword` (already validated): it ranks higher in suggestions. */
export async function incrementSearchCount(keyword: string): Promise<void> {
  const db = await getDb();
  // The unique index is on an expression (`coalesce(category_id, 0)`), which Drizzle cannot target.
  await db.execute(sql`
    insert into ${searchKeywords} (keyword, search_count, popularity)
    values (${folded(keyword)}, 1, ${searchWeight})
    on conflict (keyword, coalesce(category_id, 0)) do update
      set search_count = ${searchKeywords}.search_count + 1,
          popularity = least(${searchKeywords}.popularity::bigint + ${searchWeight}, 2147483647)::int,
          updated_at = now()`);
}
