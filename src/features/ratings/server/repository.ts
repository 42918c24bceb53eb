/** Community ratings' access to Drizzle (decision 0047). */
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';

import { ratingPriorWeight } from '@/features/catalog/api';
import { models, publishedModel, setModelRating } from '@/features/catalog/server/api';
import { ownedStatuses } from '@/features/orders/api';
import { orderLines, orders } from '@/features/orders/server/api';
import { getDb, type Database, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { ReviewDto } from '../api';
import { modelRatingBaselines, modelRatings } from './schema';

export interface RatedModel {
  id: number;
  designerId: number;
  title: string;
}

/** A published model, locked for the rating's transaction (two ratings at once count both). */
export async function lockPublishedModel(tx: Transaction, modelId: number): Promise<RatedModel | null> {
  const [row] = await tx
    .select({ id: models.id, designerId: models.designerId, title: models.title })
    .from(models)
    .where(and(eq(models.id, modelId), publishedModel))
    .for('update');
  return row ?? null;
}

/** Whether the user bought the model (a free download is a $0 order, so it counts too). */
export async function ownsModel(
  db: Database | Transaction,
  userId: number,
  modelId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: orderLines.modelId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderLines.modelId, modelId),
        inArray(orders.status, [...ownedStatuses]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findOwnRating(db: Database | Transaction, userId: number, modelId: number) {
  const [row] = await db
    .select({
      id: modelRatings.id,
      stars: modelRatings.stars,
      body: modelRatings.body,
      reply: modelRatings.reply,
    })
    .from(modelRatings)
    .where(and(eq(modelRatings.userId, userId), eq(modelRatings.modelId, modelId)));
  return row ?? null;
}

/** Inserts or changes the user's rating; returns its id and whether it was new. */
export async function upsertRating(
  tx: Transaction,
  values: { userId: number; modelId: number; stars: number; body: string },
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const existing = await findOwnRating(tx, values.userId, values.modelId);
  if (existing) {
    if (existing.stars !== values.stars || existing.body !== values.body)
      await tx
        .update(modelRatings)
        .set({ stars: values.stars, body: values.body, editedAt: now })
        .where(eq(modelRatings.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await tx
    .insert(modelRatings)
    .values({ ...values, createdAt: now })
    .returning({ id: modelRatings.id });
  return { id: row!.id, created: true };
}

/**
 * The model's figures from its seeded baseline (kept the first time) and its rows, written to the
 * catalogue's model row. Exact: recomputed from the rows every time.
 */
export async function refreshModelRating(tx: Transaction, modelId: number, now: Date) {
  await tx.execute(sql`
    insert into ${modelRatingBaselines} (model_id, count, average)
    select ${models.id}, ${models.ratingCount}, ${models.ratingAverage} from ${models}
    where ${models.id} = ${modelId}
    on conflict (model_id) do nothing`);
  const [base] = await tx
    .select({ count: modelRatingBaselines.count, average: modelRatingBaselines.average })
    .from(modelRatingBaselines)
    .where(eq(modelRatingBaselines.modelId, modelId));
  const [rows] = await tx
    .select({ count: count(), sum: sql<number>`coalesce(sum(${modelRatings.stars}), 0)::int` })
    .from(modelRatings)
    .where(eq(modelRatings.modelId, modelId));
  const baseCount = base?.count ?? 0;
  const total = baseCount + (rows?.count ?? 0);
  const sum = (base?.average ?? 0) * baseCount + (rows?.sum ?? 0);
  const rating = { average: total === 0 ? 0 : Math.round((sum / total) * 100) / 100, count: total };
  await setModelRating(tx, modelId, rating, now);
  return rating;
}

/** A review with its model's designer, locked (the designer's answer is written once). */
export async function lockReviewWithDesigner(tx: Transaction, ratingId: number) {
  const [row] = await tx
    .select({
      id: modelRatings.id,
      modelId: modelRatings.modelId,
      reply: modelRatings.reply,
      designerId: models.designerId,
    })
    .from(modelRatings)
    .innerJoin(models, and(eq(models.id, modelRatings.modelId), publishedModel))
    .where(eq(modelRatings.id, ratingId))
    .for('update', { of: modelRatings });
  return row ?? null;
}

/** The designer's answer, only while there is none. Returns whether it was written. */
export async function insertReply(tx: Transaction, ratingId: number, body: string, now: Date) {
  const updated = await tx
    .update(modelRatings)
    .set({ reply: body, repliedAt: now })
    .where(and(eq(modelRatings.id, ratingId), isNull(modelRatings.reply)))
    .returning({ id: modelRatings.id });
  return updated.length > 0;
}

const reviewColumns = {
  id: modelRatings.id,
  stars: modelRatings.stars,
  body: modelRatings.body,
  hiddenAt: modelRatings.hiddenAt,
  createdAt: modelRatings.createdAt,
  editedAt: modelRatings.editedAt,
  reply: modelRatings.reply,
  repliedAt: modelRatings.repliedAt,
  username: users.username,
  displayName: users.displayName,
};

type ReviewRow = {
  id: number;
  stars: number;
  body: string;
  hiddenAt: Date | null;
  createdAt: Date;
  editedAt: Date | null;
  reply: string | null;
  repliedAt: Date | null;
  username: string;
  displayName: string | null;
};

function toReview(row: ReviewRow): ReviewDto {
  const hidden = row.hiddenAt !== null;
  return {
    id: row.id,
    stars: row.stars,
    body: hidden ? '' : row.body,
    hidden,
    author: { username: row.username, displayName: row.displayName },
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    reply:
      row.reply !== null && row.repliedAt !== null
        ? { body: row.reply, createdAt: row.repliedAt.toISOString() }
        : null,
  };
}

/** A published model's figures and a page of its ratings, newest first; null for no such model. */
export async function findModelReviews(modelId: number, offset: number, limit: number) {
  const db = await getDb();
  const [model] = await db
    .select({ id: models.id, ratingAverage: models.ratingAverage, ratingCount: models.ratingCount })
    .from(models)
    .where(and(eq(models.id, modelId), publishedModel));
  if (!model) return null;
  const [rows, [counted]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(modelRatings)
      .innerJoin(users, eq(users.id, modelRatings.userId))
      .where(eq(modelRatings.modelId, modelId))
      .orderBy(desc(modelRatings.createdAt), desc(modelRatings.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: count() }).from(modelRatings).where(eq(modelRatings.modelId, modelId)),
  ]);
  return {
    ratingAverage: Math.round(model.ratingAverage * 100) / 100,
    ratingCount: model.ratingCount,
    reviews: rows.map(toReview),
    total: counted?.count ?? 0,
  };
}

/**
 * The models rated since `since`, best first by the damped average of those ratings (decision 0047:
 * (C·m + Σstars) / (C + n), m the mean of every rating given since then), then more ratings, then the
 * latest: the community ratings page. Published models only; `average` is the plain one.
 */
/** How many published models were rated since `since` (the community ratings page's total). */
export async function countRatedSince(since: Date): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${modelRatings.modelId})::int` })
    .from(modelRatings)
    .innerJoin(models, eq(models.id, modelRatings.modelId))
    .where(and(gte(modelRatings.createdAt, since), publishedModel));
  return row?.count ?? 0;
}

export async function findBestRatedSince(since: Date, limit: number, offset = 0) {
  const db = await getDb();
  const inWindow = and(gte(modelRatings.createdAt, since), publishedModel);
  const [overall] = await db
    .select({ mean: sql<number>`coalesce(avg(${modelRatings.stars}), 0)::float8` })
    .from(modelRatings)
    .innerJoin(models, eq(models.id, modelRatings.modelId))
    .where(inWindow);
  const mean = overall?.mean ?? 0;
  const average = sql<number>`avg(${modelRatings.stars})::float8`;
  const damped = sql`(${ratingPriorWeight}::float8 * ${mean}::float8 + sum(${modelRatings.stars})) / (${ratingPriorWeight} + count(*))`;
  return db
    .select({
      modelId: modelRatings.modelId,
      average,
      count: sql<number>`count(*)::int`,
    })
    .from(modelRatings)
    .innerJoin(models, eq(models.id, modelRatings.modelId))
    .where(inWindow)
    .groupBy(modelRatings.modelId)
    .orderBy(
      desc(damped),
      desc(sql`count(*)`),
      desc(sql`max(${modelRatings.createdAt})`),
      modelRatings.modelId,
    )
    .limit(limit)
    .offset(offset);
}

/** The latest reviews with a text given since `since` on these models (the page quotes one per model). */
export async function findLatestReviewTexts(modelIds: number[], since: Date) {
  if (modelIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .selectDistinctOn([modelRatings.modelId], { modelId: modelRatings.modelId, ...reviewColumns })
    .from(modelRatings)
    .innerJoin(users, eq(users.id, modelRatings.userId))
    .where(
      and(
        inArray(modelRatings.modelId, modelIds),
        gte(modelRatings.createdAt, since),
        sql`${modelRatings.body} <> ''`,
        isNull(modelRatings.hiddenAt),
      ),
    )
    .orderBy(modelRatings.modelId, desc(modelRatings.createdAt));
  return rows.map((row) => ({ modelId: row.modelId, review: toReview(row) }));
}

/** Reviews with their model and author, for the moderation queue. */
export async function findReviewsForModeration(ids: number[]) {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: modelRatings.id,
      modelId: modelRatings.modelId,
      stars: modelRatings.stars,
      body: modelRatings.body,
      hiddenAt: modelRatings.hiddenAt,
      author: users.username,
      modelTitle: models.title,
    })
    .from(modelRatings)
    .innerJoin(users, eq(users.id, modelRatings.userId))
    .innerJoin(models, eq(models.id, modelRatings.modelId))
    .where(inArray(modelRatings.id, ids));
}

/** Whether the review exists on a published model (what anybody may see, and so report). */
export async function isPublicReview(ratingId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: modelRatings.id })
    .from(modelRatings)
    .innerJoin(models, and(eq(models.id, modelRatings.modelId), publishedModel))
    .where(eq(modelRatings.id, ratingId));
  return row !== undefined;
}

/** A moderator hides the review's text (or shows it again); false for no such review. */
/** Returns the review's model, or null for no such review. */
export async function setReviewHidden(tx: Transaction, ratingId: number, hiddenAt: Date | null) {
  const [row] = await tx
    .update(modelRatings)
    .set({ hiddenAt })
    .where(eq(modelRatings.id, ratingId))
    .returning({ modelId: modelRatings.modelId });
  return row?.modelId ?? null;
}
