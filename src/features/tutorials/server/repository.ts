/** Tutorials' access to Drizzle: the rows, and the like and comment counters moving with their rows. */
import { and, arrayOverlaps, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { SkillLevel, TutorialInput } from '../tutorial-fields';
import type { TutorialStatus } from '../tutorial-lifecycle';
import type { TutorialSort } from '../tutorial-listing';
import { tutorialComments, tutorialLikes, tutorialPictures, tutorials } from './schema';

export interface TutorialRow {
  id: number;
  designerId: number;
  title: string;
  body: string;
  software: string[];
  skillLevel: SkillLevel;
  status: TutorialStatus;
  coverKey: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  likes: number;
  comments: number;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}

export interface TutorialWithAuthor extends TutorialRow {
  author: { id: number; username: string; displayName: string | null; avatarKey: string | null };
}

const columns = {
  id: tutorials.id,
  designerId: tutorials.designerId,
  title: tutorials.title,
  body: tutorials.body,
  software: tutorials.software,
  skillLevel: sql<SkillLevel>`${tutorials.skillLevel}`,
  status: sql<TutorialStatus>`${tutorials.status}`,
  coverKey: tutorials.coverKey,
  coverWidth: tutorials.coverWidth,
  coverHeight: tutorials.coverHeight,
  likes: tutorials.likes,
  comments: tutorials.comments,
  createdAt: tutorials.createdAt,
  updatedAt: tutorials.updatedAt,
  publishedAt: tutorials.publishedAt,
};

const withAuthor = {
  ...columns,
  author: {
    id: users.id,
    username: users.username,
    displayName: users.displayName,
    avatarKey: users.avatarKey,
  },
};

export async function findTutorial(id: number): Promise<TutorialWithAuthor | null> {
  const db = await getDb();
  const [row] = await db
    .select(withAuthor)
    .from(tutorials)
    .innerJoin(users, eq(users.id, tutorials.designerId))
    .where(eq(tutorials.id, id));
  return row ?? null;
}

/** The tutorial locked for a change by its author; null when it is not theirs (or not there). */
export async function lockOwnTutorial(
  tx: Transaction,
  id: number,
  userId: number,
): Promise<TutorialRow | null> {
  const [row] = await tx
    .select(columns)
    .from(tutorials)
    .where(and(eq(tutorials.id, id), eq(tutorials.designerId, userId)))
    .for('update');
  return row ?? null;
}

export async function insertTutorial(tx: Transaction, designerId: number, input: TutorialInput, now: Date) {
  const [row] = await tx
    .insert(tutorials)
    .values({ designerId, ...input, status: 'draft', createdAt: now, updatedAt: now })
    .returning({ id: tutorials.id });
  return row!.id;
}

export async function updateTutorial(
  tx: Transaction,
  id: number,
  values: Partial<Omit<TutorialRow, 'id' | 'designerId' | 'likes' | 'comments' | 'createdAt'>>,
) {
  await tx.update(tutorials).set(values).where(eq(tutorials.id, id));
}

export async function deleteTutorial(tx: Transaction, id: number): Promise<string[]> {
  const pictures = await tx
    .delete(tutorialPictures)
    .where(eq(tutorialPictures.tutorialId, id))
    .returning({ key: tutorialPictures.key });
  await tx.delete(tutorials).where(eq(tutorials.id, id));
  return pictures.map((p) => p.key);
}

export async function countPictures(tx: Transaction, tutorialId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(tutorialPictures)
    .where(eq(tutorialPictures.tutorialId, tutorialId));
  return row?.n ?? 0;
}

export async function insertPicture(
  tx: Transaction,
  tutorialId: number,
  picture: { key: string; width: number; height: number },
  now: Date,
) {
  await tx.insert(tutorialPictures).values({ tutorialId, ...picture, createdAt: now });
}

const publishedTutorial = eq(tutorials.status, 'published');

export interface TutorialListFilters {
  software: readonly string[];
  skills: readonly SkillLevel[];
  sort: TutorialSort;
  designerId?: number;
}

function listConditions(filters: TutorialListFilters, includeDrafts: boolean): SQL | undefined {
  return and(
    includeDrafts ? undefined : publishedTutorial,
    filters.software.length > 0 ? arrayOverlaps(tutorials.software, [...filters.software]) : undefined,
    filters.skills.length > 0 ? inArray(tutorials.skillLevel, [...filters.skills]) : undefined,
    filters.designerId !== undefined ? eq(tutorials.designerId, filters.designerId) : undefined,
  );
}

/**
 * A page of tutorials with their authors. Published ones only, unless `includeDrafts` (an author's own
 * profile tab); drafts first there, then newest published.
 */
export async function listTutorials(
  filters: TutorialListFilters,
  page: { limit: number; offset: number },
  includeDrafts = false,
): Promise<{ items: TutorialWithAuthor[]; total: number }> {
  const db = await getDb();
  const where = listConditions(filters, includeDrafts);
  const order =
    filters.sort === 'most_liked'
      ? [desc(tutorials.likes), desc(tutorials.publishedAt), desc(tutorials.id)]
      : [
          sql`${tutorials.publishedAt} desc nulls first`,
          desc(includeDrafts ? tutorials.updatedAt : tutorials.publishedAt),
          desc(tutorials.id),
        ];
  const [items, [totalRow]] = await Promise.all([
    db
      .select(withAuthor)
      .from(tutorials)
      .innerJoin(users, eq(users.id, tutorials.designerId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(tutorials).where(where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

/** How many published tutorials name each software (the filter's counts). */
export async function countBySoftware(): Promise<Map<string, number>> {
  const db = await getDb();
  const rows = await db.execute<{ name: string; n: number }>(
    sql`select s.name, count(*)::int as n from ${tutorials} t, unnest(t.software) as s(name) where t.status = 'published' group by s.name`,
  );
  return new Map(rows.rows.map((row) => [row.name, Number(row.n)]));
}

async function isPublished(tx: Transaction, tutorialId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: tutorials.id })
    .from(tutorials)
    .where(and(eq(tutorials.id, tutorialId), publishedTutorial));
  return row !== undefined;
}

async function likesOf(tx: Transaction, tutorialId: number): Promise<number> {
  const [row] = await tx
    .select({ likes: tutorials.likes })
    .from(tutorials)
    .where(eq(tutorials.id, tutorialId));
  return row?.likes ?? 0;
}

/** The user likes a published tutorial once; null when there is no such published tutorial. */
export async function insertLike(userId: number, tutorialId: number, now: Date): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await isPublished(tx, tutorialId))) return null;
    const inserted = await tx
      .insert(tutorialLikes)
      .values({ userId, tutorialId, likedAt: now })
      .onConflictDoNothing()
      .returning({ id: tutorialLikes.tutorialId });
    if (inserted.length === 0) return likesOf(tx, tutorialId);
    const [row] = await tx
      .update(tutorials)
      .set({ likes: sql`${tutorials.likes} + 1` })
      .where(eq(tutorials.id, tutorialId))
      .returning({ likes: tutorials.likes });
    return row!.likes;
  });
}

export async function deleteLike(userId: number, tutorialId: number): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await isPublished(tx, tutorialId))) return null;
    const deleted = await tx
      .delete(tutorialLikes)
      .where(and(eq(tutorialLikes.userId, userId), eq(tutorialLikes.tutorialId, tutorialId)))
      .returning({ id: tutorialLikes.tutorialId });
    if (deleted.length === 0) return likesOf(tx, tutorialId);
    const [row] = await tx
      .update(tutorials)
      .set({ likes: sql`greatest(${tutorials.likes} - 1, 0)` })
      .where(eq(tutorials.id, tutorialId))
      .returning({ likes: tutorials.likes });
    return row!.likes;
  });
}

export async function hasLiked(userId: number, tutorialId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: tutorialLikes.tutorialId })
    .from(tutorialLikes)
    .where(and(eq(tutorialLikes.userId, userId), eq(tutorialLikes.tutorialId, tutorialId)));
  return row !== undefined;
}

/** A comment under a published tutorial; null when there is no such published tutorial. */
export async function insertComment(
  tutorialId: number,
  authorId: number,
  body: string,
  now: Date,
): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await isPublished(tx, tutorialId))) return null;
    const [row] = await tx
      .insert(tutorialComments)
      .values({ tutorialId, authorId, body, createdAt: now })
      .returning({ id: tutorialComments.id });
    await tx
      .update(tutorials)
      .set({ comments: sql`${tutorials.comments} + 1` })
      .where(eq(tutorials.id, tutorialId));
    return row!.id;
  });
}

/** Deletes the author's own comment; returns its tutorial's id, or null when it is not theirs. */
export async function deleteOwnComment(commentId: number, authorId: number): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(tutorialComments)
      .where(and(eq(tutorialComments.id, commentId), eq(tutorialComments.authorId, authorId)))
      .returning({ tutorialId: tutorialComments.tutorialId });
    if (!row) return null;
    await tx
      .update(tutorials)
      .set({ comments: sql`greatest(${tutorials.comments} - 1, 0)` })
      .where(eq(tutorials.id, row.tutorialId));
    return row.tutorialId;
  });
}

export interface CommentRow {
  id: number;
  body: string;
  createdAt: Date;
  author: { id: number; username: string; displayName: string | null; avatarKey: string | null };
}

/** A page of a tutorial's comments, oldest first (a conversation reads top to bottom). */
export async function listComments(
  tutorialId: number,
  page: { limit: number; offset: number },
): Promise<CommentRow[]> {
  const db = await getDb();
  return db
    .select({
      id: tutorialComments.id,
      body: tutorialComments.body,
      createdAt: tutorialComments.createdAt,
      author: {
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        avatarKey: users.avatarKey,
      },
    })
    .from(tutorialComments)
    .innerJoin(users, eq(users.id, tutorialComments.authorId))
    .where(eq(tutorialComments.tutorialId, tutorialId))
    .orderBy(asc(tutorialComments.createdAt), asc(tutorialComments.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Whether a comment can be reported: it is under a published tutorial. */
export async function isCommentReportable(commentId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: tutorialComments.id })
    .from(tutorialComments)
    .innerJoin(tutorials, eq(tutorials.id, tutorialComments.tutorialId))
    .where(and(eq(tutorialComments.id, commentId), publishedTutorial));
  return row !== undefined;
}

/** Reported comments as the moderation queue shows them. */
export async function findCommentsForModeration(commentIds: number[]) {
  if (commentIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: tutorialComments.id,
      body: tutorialComments.body,
      authorUsername: users.username,
      tutorialId: tutorials.id,
      tutorialTitle: tutorials.title,
      tutorialPublished: sql<boolean>`${tutorials.status} = 'published'`,
    })
    .from(tutorialComments)
    .innerJoin(tutorials, eq(tutorials.id, tutorialComments.tutorialId))
    .innerJoin(users, eq(users.id, tutorialComments.authorId))
    .where(inArray(tutorialComments.id, commentIds));
}

/** Deletes any comment (a moderator's action); returns its tutorial's id, or null when it is gone. */
export async function deleteComment(tx: Transaction, commentId: number): Promise<number | null> {
  const [row] = await tx
    .delete(tutorialComments)
    .where(eq(tutorialComments.id, commentId))
    .returning({ tutorialId: tutorialComments.tutorialId });
  if (!row) return null;
  await tx
    .update(tutorials)
    .set({ comments: sql`greatest(${tutorials.comments} - 1, 0)` })
    .where(eq(tutorials.id, row.tutorialId));
  return row.tutorialId;
}
