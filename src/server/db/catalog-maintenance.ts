/** Derived catalogue figures, recomputed after bulk writes (seed, import). */
import type { SqlSession } from './client';

/** Every category's item count: its own models plus its subcategories'. One scan of `models`. */
export async function refreshCategoryCounts(handle: SqlSession): Promise<void> {
  await handle.exec(`
    WITH direct AS (SELECT category_id, count(*)::int AS n FROM models GROUP BY category_id),
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
    INSERT INTO tags (name, model_count) SELECT tag, count(*) FROM models, unnest(tags) AS tag GROUP BY tag;`);
}

/** Designers' total model views and likes. */
export async function refreshDesignerTotals(handle: SqlSession): Promise<void> {
  await handle.exec(`
    UPDATE designer_profiles p SET model_views = s.views, model_likes = s.likes
    FROM (SELECT designer_id, least(sum(views), 2147483647)::int AS views, least(sum(likes), 2147483647)::int AS likes
          FROM models GROUP BY designer_id) s
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
