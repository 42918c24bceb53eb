/** Likes' access to Drizzle: the like row and the model's counter move together (decision 0032). */
import { and, desc, eq, sql } from 'drizzle-orm';

import { getDb, type Transaction } from '@/server/db/client';

import { modelLikes } from './likes-schema';
import { models, publishedModel } from './schema';

async function isPublished(tx: Transaction, modelId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), publishedModel));
  return row !== undefined;
}

async function likesOf(tx: Transaction, modelId: number): Promise<number> {
  const [row] = await tx.select({ likes: models.likes }).from(models).where(eq(models.id, modelId));
  return row?.likes ?? 0;
}

/**
 * The user likes a published model: one row, and the counter one up when the row is new (a second like
 * changes nothing). Null when there is no such published model.
 */
export async function insertLike(
  userId: number,
  modelId: number,
  now: Date,
): Promise<{ changed: boolean; likes: number } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await isPublished(tx, modelId))) return null;
    const inserted = await tx
      .insert(modelLikes)
      .values({ userId, modelId, likedAt: now })
      .onConflictDoNothing()
      .returning({ modelId: modelLikes.modelId });
    if (inserted.length === 0) return { changed: false, likes: await likesOf(tx, modelId) };
    const [row] = await tx
      .update(models)
      .set({ likes: sql`${models.likes} + 1` })
      .where(eq(models.id, modelId))
      .returning({ likes: models.likes });
    return { changed: true, likes: row!.likes };
  });
}

/** The user takes their like back: the counter one down only when a row was deleted. */
export async function deleteLike(
  userId: number,
  modelId: number,
): Promise<{ changed: boolean; likes: number } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await isPublished(tx, modelId))) return null;
    const deleted = await tx
      .delete(modelLikes)
      .where(and(eq(modelLikes.userId, userId), eq(modelLikes.modelId, modelId)))
      .returning({ modelId: modelLikes.modelId });
    if (deleted.length === 0) return { changed: false, likes: await likesOf(tx, modelId) };
    const [row] = await tx
      .update(models)
      .set({ likes: sql`greatest(${models.likes} - 1, 0)` })
      .where(eq(models.id, modelId))
      .returning({ likes: models.likes });
    return { changed: true, likes: row!.likes };
  });
}

export async function hasLiked(userId: number, modelId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ modelId: modelLikes.modelId })
    .from(modelLikes)
    .where(and(eq(modelLikes.userId, userId), eq(modelLikes.modelId, modelId)));
  return row !== undefined;
}

/** The published models a user likes, most recently liked first. */
export async function findLikedModelIds(userId: number, limit: number, offset: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: modelLikes.modelId })
    .from(modelLikes)
    .innerJoin(models, eq(models.id, modelLikes.modelId))
    .where(and(eq(modelLikes.userId, userId), publishedModel))
    .orderBy(desc(modelLikes.likedAt), desc(modelLikes.modelId))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

export async function countLikedModels(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(modelLikes)
    .innerJoin(models, eq(models.id, modelLikes.modelId))
    .where(and(eq(modelLikes.userId, userId), publishedModel));
  return row?.total ?? 0;
}
