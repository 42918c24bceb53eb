import { sql } from 'drizzle-orm';

import { refreshSearchKeywords } from '@/server/db/catalog-maintenance';
import { seedCatalog } from '@/seed/seed';

import type { TestDatabase } from './test-database';

/** A small catalogue whose every search answer is known: title, tags, trending score, price. */
export const searchCatalogue = [
  { slug: 'red-chair', title: 'Red Chair', tags: ['furniture', 'seat'], trending: 50, formats: ['obj'] },
  { slug: 'blue-chair', title: 'Blue Chair', tags: ['furniture'], trending: 40, formats: ['obj', 'fbx'] },
  { slug: 'chaise-longue', title: 'Chaisé Longue', tags: ['furniture', 'lounge'], trending: 30, formats: [] },
  { slug: 'red-car', title: 'Red Sports Car', tags: ['vehicle', 'low poly'], trending: 60, formats: ['fbx'] },
  { slug: 'test-tube', title: 'Test Tube Rack', tags: ['lab'], trending: 20, formats: ['stl'] },
  { slug: 'text-sign', title: 'Text Sign', tags: ['sign'], trending: 10, formats: ['stl'] },
  { slug: 'table', title: 'Oak Table', tags: ['furniture', 'wood'], trending: 70, formats: ['blend'] },
  { slug: 'tree', title: 'Low Poly Tree', tags: ['nature'], trending: 5, formats: ['obj'] },
] as const;

/** Replaces the catalogue with `searchCatalogue` (categories and a designer come from a tiny seed). */
export async function seedSearchCatalogue(t: TestDatabase) {
  await seedCatalog(t.handle, { models: 1, filesRoot: t.filesRoot });
  const { db } = t.handle;
  const [first] = (
    await db.execute(
      sql`select category_id as "categoryId", root_category_id as "rootCategoryId", designer_id as "designerId" from models limit 1`,
    )
  ).rows as Array<{ categoryId: number; rootCategoryId: number; designerId: number }>;
  const { categoryId, rootCategoryId, designerId } = first!;
  // The demo seed's orders (demo-seller's sales, paid projects and custom models) refer to its models
  // or are referred to by its projects and requests: they go first.
  await db.execute(sql`delete from points_ledger`);
  await db.execute(sql`delete from designer_earnings`);
  await db.execute(sql`delete from projects`);
  await db.execute(sql`delete from custom_model_requests`);
  await db.execute(sql`delete from order_lines`);
  await db.execute(sql`delete from orders`);
  await db.execute(sql`delete from models`);
  const textArray = (values: readonly string[]) =>
    sql`array[${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}]::text[]`;
  for (const model of searchCatalogue) {
    await db.execute(sql`
      insert into models (slug, title, designer_id, category_id, root_category_id, product_type,
        price_cents, licence, tags, formats, trending_score)
      values (${model.slug}, ${model.title}, ${designerId}, ${categoryId}, ${rootCategoryId}, 'models',
        1000, 'royalty_free', ${textArray(model.tags)},
        ${model.formats.length ? textArray(model.formats) : sql`'{}'::text[]`}, ${model.trending})`);
  }
  await refreshSearchKeywords(t.handle);
}
