/** Follows' access to Drizzle: the follow row and the profile's follower counter move together (decision 0032). */
import { and, desc, eq, sql } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { FollowedDesignerDto } from '../schemas';
import { designerFollows } from './follows-schema';
import { avatarOf } from './repository';
import { designerProfiles } from './schema';

async function followersOf(tx: Transaction, designerId: number): Promise<number | null> {
  const [row] = await tx
    .select({ followers: designerProfiles.followers })
    .from(designerProfiles)
    .where(eq(designerProfiles.userId, designerId));
  return row?.followers ?? null;
}

/**
 * The follower follows a designer: one row, and the designer's follower count one up when the row is
 * new. Null when the user has no designer profile (nobody to follow).
 */
export async function insertFollow(
  followerId: number,
  designerId: number,
  now: Date,
): Promise<{ changed: boolean; followers: number } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await followersOf(tx, designerId);
    if (before === null) return null;
    const inserted = await tx
      .insert(designerFollows)
      .values({ followerId, designerId, followedAt: now })
      .onConflictDoNothing()
      .returning({ designerId: designerFollows.designerId });
    if (inserted.length === 0) return { changed: false, followers: before };
    const [row] = await tx
      .update(designerProfiles)
      .set({ followers: sql`${designerProfiles.followers} + 1` })
      .where(eq(designerProfiles.userId, designerId))
      .returning({ followers: designerProfiles.followers });
    return { changed: true, followers: row!.followers };
  });
}

/** The follower stops following: the count one down only when a row was deleted. */
export async function deleteFollow(
  followerId: number,
  designerId: number,
): Promise<{ changed: boolean; followers: number } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await followersOf(tx, designerId);
    if (before === null) return null;
    const deleted = await tx
      .delete(designerFollows)
      .where(and(eq(designerFollows.followerId, followerId), eq(designerFollows.designerId, designerId)))
      .returning({ designerId: designerFollows.designerId });
    if (deleted.length === 0) return { changed: false, followers: before };
    const [row] = await tx
      .update(designerProfiles)
      .set({ followers: sql`greatest(${designerProfiles.followers} - 1, 0)` })
      .where(eq(designerProfiles.userId, designerId))
      .returning({ followers: designerProfiles.followers });
    return { changed: true, followers: row!.followers };
  });
}

export async function isFollowing(followerId: number, designerId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ designerId: designerFollows.designerId })
    .from(designerFollows)
    .where(and(eq(designerFollows.followerId, followerId), eq(designerFollows.designerId, designerId)));
  return row !== undefined;
}

/** The designers a user follows, most recently followed first. */
export async function findFollowedDesigners(
  followerId: number,
  limit: number,
): Promise<FollowedDesignerDto[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, username: users.username, avatarKey: users.avatarKey })
    .from(designerFollows)
    .innerJoin(users, eq(users.id, designerFollows.designerId))
    .where(eq(designerFollows.followerId, followerId))
    .orderBy(desc(designerFollows.followedAt), desc(designerFollows.designerId))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    avatar: avatarOf(row.avatarKey),
  }));
}

export async function countFollowing(followerId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(designerFollows)
    .where(eq(designerFollows.followerId, followerId));
  return row?.total ?? 0;
}

/**
 * The newest published models of the designers a user follows. A join from the user's follows (few
 * rows) to each designer's models (`models_designer_idx`), not a walk of the whole catalogue's
 * newest-first index filtered by designer.
 */
export async function findFollowedModelIds(
  followerId: number,
  limit: number,
  offset: number,
): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: models.id })
    .from(designerFollows)
    .innerJoin(models, eq(models.designerId, designerFollows.designerId))
    .where(and(eq(designerFollows.followerId, followerId), publishedModel))
    .orderBy(desc(models.publishedAt), desc(models.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

export async function countFollowedModels(followerId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(designerFollows)
    .innerJoin(models, eq(models.designerId, designerFollows.designerId))
    .where(and(eq(designerFollows.followerId, followerId), publishedModel));
  return row?.total ?? 0;
}
