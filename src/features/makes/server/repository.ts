/** Makes' access to Drizzle: makes, their pictures and their likes (decision 0044). */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import { models, previewImages, publishedModel } from '@/features/catalog/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { GalleryOrder, MakeFields } from '../schemas';
import { makeLikes, makePictures, makes } from './schema';

export interface StoredMakePicture {
  key: string;
  width: number;
  height: number;
}

export interface MakeRow {
  id: number;
  modelId: number;
  modelTitle: string;
  userId: number;
  username: string;
  description: string;
  printer: string;
  material: string;
  settings: string;
  likes: number;
  hidden: boolean;
  createdAt: Date;
  pictures: StoredMakePicture[];
}

async function isPublished(tx: Transaction, modelId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), publishedModel));
  return row !== undefined;
}

/** A new make with its pictures; null when the model is not (or no longer) published. */
export async function insertMake(input: {
  modelId: number;
  userId: number;
  fields: MakeFields;
  pictures: StoredMakePicture[];
  now: Date;
}): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await isPublished(tx, input.modelId))) return null;
    const [make] = await tx
      .insert(makes)
      .values({ modelId: input.modelId, userId: input.userId, ...input.fields, createdAt: input.now })
      .returning({ id: makes.id });
    await tx.insert(makePictures).values(
      input.pictures.map((picture, position) => ({
        makeId: make!.id,
        position,
        storageKey: picture.key,
        width: picture.width,
        height: picture.height,
      })),
    );
    return make!.id;
  });
}

/** Who posted a make, for the delete check; null for an unknown one. */
export async function findMakeOwner(makeId: number): Promise<{ userId: number; modelId: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: makes.userId, modelId: makes.modelId })
    .from(makes)
    .where(eq(makes.id, makeId));
  return row ?? null;
}

/** Deletes a make (its pictures' rows and likes go with it); returns the picture keys to delete. */
export async function deleteMakeRow(makeId: number): Promise<string[] | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const pictures = await tx
      .select({ key: makePictures.storageKey })
      .from(makePictures)
      .where(eq(makePictures.makeId, makeId));
    const deleted = await tx.delete(makes).where(eq(makes.id, makeId)).returning({ id: makes.id });
    return deleted.length === 0 ? null : pictures.map((p) => p.key);
  });
}

/** A make anyone may see: its model is published and no moderator hid it. */
const visibleMake: SQL = and(publishedModel, eq(makes.hidden, false))!;

async function likesOf(tx: Transaction, makeId: number): Promise<number> {
  const [row] = await tx.select({ likes: makes.likes }).from(makes).where(eq(makes.id, makeId));
  return row?.likes ?? 0;
}

async function isVisible(tx: Transaction, makeId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: makes.id })
    .from(makes)
    .innerJoin(models, eq(models.id, makes.modelId))
    .where(and(eq(makes.id, makeId), visibleMake));
  return row !== undefined;
}

/** One like per user and make; the counter moves only when the row is new. Null for no such make. */
export async function insertMakeLike(userId: number, makeId: number, now: Date): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await isVisible(tx, makeId))) return null;
    const inserted = await tx
      .insert(makeLikes)
      .values({ userId, makeId, likedAt: now })
      .onConflictDoNothing()
      .returning({ makeId: makeLikes.makeId });
    if (inserted.length === 0) return likesOf(tx, makeId);
    const [row] = await tx
      .update(makes)
      .set({ likes: sql`${makes.likes} + 1` })
      .where(eq(makes.id, makeId))
      .returning({ likes: makes.likes });
    return row!.likes;
  });
}

/** Takes a like back; the counter moves only when a row was deleted. Null for no such make. */
export async function deleteMakeLike(userId: number, makeId: number): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await isVisible(tx, makeId))) return null;
    const deleted = await tx
      .delete(makeLikes)
      .where(and(eq(makeLikes.userId, userId), eq(makeLikes.makeId, makeId)))
      .returning({ makeId: makeLikes.makeId });
    if (deleted.length === 0) return likesOf(tx, makeId);
    const [row] = await tx
      .update(makes)
      .set({ likes: sql`greatest(${makes.likes} - 1, 0)` })
      .where(eq(makes.id, makeId))
      .returning({ likes: makes.likes });
    return row!.likes;
  });
}

/** Which of these makes the user likes. */
export async function findLikedMakeIds(userId: number, makeIds: number[]): Promise<Set<number>> {
  if (makeIds.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: makeLikes.makeId })
    .from(makeLikes)
    .where(and(eq(makeLikes.userId, userId), inArray(makeLikes.makeId, makeIds)));
  return new Set(rows.map((row) => row.id));
}

export interface MakeFilter {
  modelId?: number;
  userId?: number;
  makeId?: number;
  /** A hidden make too (its own page, for its poster and admins). */
  includeHidden?: boolean;
}

function whereOf(filter: MakeFilter): SQL {
  return and(
    filter.includeHidden ? publishedModel : visibleMake,
    filter.modelId === undefined ? undefined : eq(makes.modelId, filter.modelId),
    filter.userId === undefined ? undefined : eq(makes.userId, filter.userId),
    filter.makeId === undefined ? undefined : eq(makes.id, filter.makeId),
  )!;
}

const orderOf: Record<GalleryOrder, SQL[]> = {
  newest: [sql`${makes.createdAt} desc`, sql`${makes.id} desc`],
  most_liked: [sql`${makes.likes} desc`, sql`${makes.createdAt} desc`, sql`${makes.id} desc`],
};

/** One page of visible makes with their pictures. */
export async function findMakes(
  filter: MakeFilter,
  order: GalleryOrder,
  limit: number,
  offset: number,
): Promise<MakeRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: makes.id,
      modelId: makes.modelId,
      modelTitle: models.title,
      userId: makes.userId,
      username: users.username,
      description: makes.description,
      printer: makes.printer,
      material: makes.material,
      settings: makes.settings,
      likes: makes.likes,
      hidden: makes.hidden,
      createdAt: makes.createdAt,
    })
    .from(makes)
    .innerJoin(models, eq(models.id, makes.modelId))
    .innerJoin(users, eq(users.id, makes.userId))
    .where(whereOf(filter))
    .orderBy(...orderOf[order])
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return [];
  const byMake = await picturesOf(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, pictures: byMake.get(row.id) ?? [] }));
}

async function picturesOf(makeIds: number[]): Promise<Map<number, StoredMakePicture[]>> {
  const db = await getDb();
  const pictures = await db
    .select({
      makeId: makePictures.makeId,
      key: makePictures.storageKey,
      width: makePictures.width,
      height: makePictures.height,
    })
    .from(makePictures)
    .where(inArray(makePictures.makeId, makeIds))
    .orderBy(asc(makePictures.makeId), asc(makePictures.position));
  const byMake = new Map<number, StoredMakePicture[]>();
  for (const { makeId, ...picture } of pictures) {
    byMake.set(makeId, [...(byMake.get(makeId) ?? []), picture]);
  }
  return byMake;
}

/** Whether a member may report a make: others' makes that anyone can see (decision 0043). */
export async function isMakeReportable(makeId: number, reporterId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: makes.userId })
    .from(makes)
    .innerJoin(models, eq(models.id, makes.modelId))
    .where(and(eq(makes.id, makeId), visibleMake));
  return row !== undefined && row.userId !== reporterId;
}

export interface ModeratedMakeRow {
  id: number;
  modelId: number;
  modelTitle: string;
  modelPublished: boolean;
  username: string;
  description: string;
  hidden: boolean;
  picture: StoredMakePicture | null;
}

/** Makes as the moderation queue shows them, hidden ones and those of unpublished models too. */
export async function findMakesForModeration(makeIds: number[]): Promise<ModeratedMakeRow[]> {
  if (makeIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: makes.id,
      modelId: makes.modelId,
      modelTitle: models.title,
      modelPublished: sql<boolean>`coalesce(${publishedModel}, false)`,
      username: users.username,
      description: makes.description,
      hidden: makes.hidden,
    })
    .from(makes)
    .innerJoin(models, eq(models.id, makes.modelId))
    .innerJoin(users, eq(users.id, makes.userId))
    .where(inArray(makes.id, makeIds));
  const pictures = await picturesOf(makeIds);
  return rows.map((row) => ({ ...row, picture: pictures.get(row.id)?.[0] ?? null }));
}

/** Hides or shows a make; its poster (for the profile page's cache), or null for no such make. */
export async function setMakeHidden(
  tx: Transaction,
  makeId: number,
  hidden: boolean,
): Promise<{ userId: number } | null> {
  const [row] = await tx
    .update(makes)
    .set({ hidden })
    .where(eq(makes.id, makeId))
    .returning({ userId: makes.userId });
  return row ?? null;
}

/** A make's poster and model for the moderators; null for no such make. */
export async function findMakePoster(
  makeId: number,
): Promise<{ userId: number; username: string; modelId: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: makes.userId, username: users.username, modelId: makes.modelId })
    .from(makes)
    .innerJoin(users, eq(users.id, makes.userId))
    .where(eq(makes.id, makeId));
  return row ?? null;
}

export async function countMakes(filter: MakeFilter): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(makes)
    .innerJoin(models, eq(models.id, makes.modelId))
    .where(whereOf(filter));
  return row?.total ?? 0;
}

export interface RenderRow {
  modelId: number;
  position: number;
  title: string;
  designerUsername: string;
  storageKey: string;
  widths: number[];
  aspectPermille: number;
}

/**
 * Designers' renders: the preview pictures of published models, newest models first (or most liked),
 * optionally of one designer. Only a designer's own pictures count: the seed's shared category
 * artwork (`previews/category/...`) is no one's render.
 */
export interface RenderFilter {
  designerId?: number;
  /** The profile's gallery shows every picture of the designer's models, the shared artwork too. */
  withArtwork?: boolean;
}

export async function findRenders(
  filter: RenderFilter,
  order: GalleryOrder,
  limit: number,
  offset: number,
): Promise<RenderRow[]> {
  const db = await getDb();
  return db
    .select({
      modelId: previewImages.modelId,
      position: previewImages.position,
      title: models.title,
      designerUsername: users.username,
      storageKey: previewImages.storageKey,
      widths: previewImages.widths,
      aspectPermille: previewImages.aspectPermille,
    })
    .from(previewImages)
    .innerJoin(models, eq(models.id, previewImages.modelId))
    .innerJoin(users, eq(users.id, models.designerId))
    .where(renderWhere(filter))
    .orderBy(
      ...(order === 'most_liked' ? [desc(models.likes)] : []),
      desc(models.publishedAt),
      desc(models.id),
      asc(previewImages.position),
    )
    .limit(limit)
    .offset(offset);
}

function renderWhere(filter: RenderFilter): SQL {
  return and(
    publishedModel,
    filter.withArtwork ? undefined : sql`${previewImages.storageKey} not like 'previews/category/%'`,
    filter.designerId === undefined ? undefined : eq(models.designerId, filter.designerId),
  )!;
}

export async function countRenders(filter: RenderFilter): Promise<{ pictures: number; models: number }> {
  const db = await getDb();
  const [row] = await db
    .select({
      pictures: sql<number>`count(*)::int`,
      models: sql<number>`count(distinct ${previewImages.modelId})::int`,
    })
    .from(previewImages)
    .innerJoin(models, eq(models.id, previewImages.modelId))
    .where(renderWhere(filter));
  return row ?? { pictures: 0, models: 0 };
}
