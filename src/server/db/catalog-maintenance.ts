/** Derived catalogue figures, recomputed after bulk writes (seed, import). */
import type { SqlSession } from './client';

/** Every category's item count: its own models plus its subcategories'. One scan of `models`. */
export async function refreshCategoryCounts(handle: SqlSession): Promise<void> {
  await handle.exec(`
    WITH direct AS (SELECT category_id, count(*)::int AS n FROM models WHERE status = 'published' GROUP BY category_id),
    rolled AS (
      SELECT c.id, (coalesce(d.n, 0) + coalesce((
        SELECT sum(d2.n) FROM categories s JOIN direct d2 ON d2.category_id = s.id WHERE s.parent_id = c.id
      ), 0))::int AS n
      FROM categories c LEFT JOIN direct d ON d.category_id = c.id
    )
    UPDATE categories SET item_count = rolled.n FROM rolled
    WHERE rolled.id = categories.id AND categories.item_count IS DISTINCT FROM rolled.n;`);
}

/** The tag vocabulary with model counts, rebuilt from `models.tags`. */
export async function refreshTagCounts(handle: SqlSession): Promise<void> {
  await handle.exec(`
    DELETE FROM tags;
    INSERT INTO tags (name, model_count) SELECT tag, count(*) FROM models, unnest(tags) AS tag WHERE status = 'published' GROUP BY tag;`);
}

/** A search typed into the search box counts as this many models carrying the keyword. */
export const searchWeight = 10;
/** Keywords per category are kept when at least this many of the category's models carry them. */
const minModelsPerCategoryKeyword = 3;

/**
 * The search box's keywords (`search_keywords`) from the tags: each tag over the whole catalogue and
 * per top-level category, with its model count and most trending model. Searches people made are
 * kept; a keyword neither carried nor searched any more is removed. One hashed pass over the tags
 * (the most trending model is the max of [score, -id]: no sort), unaccented per distinct tag only:
 * ~21 s at 2,000,000 models.
 */
export async function refreshSearchKeywords(handle: SqlSession): Promise<void> {
  await handle.exec(keywordRefresh('true', 'true'));
}

/**
 * The same for the keywords of these tags only: a model entering or leaving the public catalogue
 * (decision 0035) is suggested, or no longer, at once. Scans the models carrying any of the tags.
 */
export async function refreshSearchKeywordsOfTags(
  handle: SqlSession,
  tags: readonly string[],
): Promise<void> {
  const words = [...new Set(tags.filter((tag) => tag.length >= 1 && tag.length <= 64))];
  if (words.length === 0) return;
  const list = `array[${words.map((tag) => `'${tag.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
  // One multi-statement exec: PostgreSQL runs it as one implicit transaction.
  await handle.exec(
    keywordRefresh(
      `keyword IN (SELECT lower(f_unaccent(t)) FROM unnest(${list}) AS t)`,
      `m.tags && ${list} AND tag = ANY(${list})`,
    ),
  );
}

/** The keyword refresh, for the keywords matching `keywords` from the tags matching `tags`. */
function keywordRefresh(keywords: string, tags: string): string {
  return `
    UPDATE search_keywords SET model_count = 0, top_model_id = NULL WHERE ${keywords};
    WITH per_tag AS (
      SELECT tag, m.root_category_id AS category_id, count(*) AS n,
             max(array[m.trending_score::float8, -m.id::float8]) AS top
      FROM models m, unnest(m.tags) AS tag
      WHERE m.status = 'published' AND ${tags}
      GROUP BY GROUPING SETS ((tag), (tag, m.root_category_id))
    ),
    fresh AS (
      SELECT lower(f_unaccent(tag)) AS keyword, category_id, sum(n)::int AS n, (-(max(top))[2])::int AS top
      FROM per_tag WHERE length(tag) BETWEEN 1 AND 64
      GROUP BY 1, 2
      HAVING category_id IS NULL OR sum(n) >= ${minModelsPerCategoryKeyword}
    )
    INSERT INTO search_keywords (keyword, category_id, model_count, popularity, top_model_id)
    SELECT keyword, category_id, n, n, top FROM fresh
    ON CONFLICT (keyword, coalesce(category_id, 0)) DO UPDATE
      SET model_count = excluded.model_count, top_model_id = excluded.top_model_id, updated_at = now();
    DELETE FROM search_keywords WHERE model_count = 0 AND search_count = 0 AND ${keywords};
    UPDATE search_keywords SET popularity = least(model_count + ${searchWeight}::bigint * search_count, 2147483647)::int
    WHERE ${keywords};`;
}

/** Designers' total model views (their models' likes are summed when a profile is read: decision 0032). */
export async function refreshDesignerTotals(handle: SqlSession): Promise<void> {
  await handle.exec(`
    UPDATE designer_profiles p SET model_views = s.views
    FROM (SELECT designer_id, least(sum(views), 2147483647)::int AS views
          FROM models WHERE status = 'published' GROUP BY designer_id) s
    WHERE s.designer_id = p.user_id;`);
}

/** Moves identity sequences past explicitly inserted ids. */
export async function syncIdentitySequences(handle: SqlSession, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await handle.exec(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false);`,
    );
  }
}
