/**
 * Drops the anonymous page cache's copies of a model's page (decision 0008 keys copies by URL), for
 * changes shown on it that do not come from the catalogue itself: a make posted or deleted, a rating.
 */
import { eq } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { purgeCachedPages } from '@/server/http/page-cache-purge';

import { modelPages } from '../model-page-paths';
import { models } from './schema';

export async function dropCachedModelPages(modelId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ slug: models.slug }).from(models).where(eq(models.id, modelId));
  if (row) purgeCachedPages(modelPages(row.slug));
}
