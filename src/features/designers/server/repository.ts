/** Designers' only access to Drizzle. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { models } from '@/server/db/schema/catalog';
import { designerProfiles, featuredDesigners } from '@/server/db/schema/designers';
import { users } from '@/server/db/schema/users';
import { fileUrl } from '@/server/files/store';

import type { AvatarImageDto, DesignerProfileDto, DesignerSummaryDto, FeaturedDesignerDto } from '../schemas';

function avatarOf(key: string | null): AvatarImageDto | null {
  return key ? { small: fileUrl(`${key}-64.webp`), large: fileUrl(`${key}-160.webp`) } : null;
}

const totalModels = sql<number>`(select count(*)::int from ${models} where ${models.designerId} = ${users.id})`;

const summaryColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  avatarKey: users.avatarKey,
  rating: designerProfiles.rating,
  ratingCount: designerProfiles.ratingCount,
  country: designerProfiles.country,
  totalModels,
};

type SummaryRow = {
  id: number;
  username: string;
  displayName: string | null;
  avatarKey: string | null;
  rating: number;
  ratingCount: number;
  country: string | null;
  totalModels: number;
};

function toSummary(row: SummaryRow): DesignerSummaryDto {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    avatar: avatarOf(row.avatarKey),
    rating: row.rating,
    ratingCount: row.ratingCount,
    totalModels: row.totalModels,
    country: row.country,
  };
}

/** The newest active featured designer, or null when none is set. */
export async function findFeaturedDesigner(): Promise<FeaturedDesignerDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({ featuredId: featuredDesigners.id, keywords: featuredDesigners.keywords, ...summaryColumns })
    .from(featuredDesigners)
    .innerJoin(users, eq(users.id, featuredDesigners.userId))
    .innerJoin(designerProfiles, eq(designerProfiles.userId, users.id))
    .where(eq(featuredDesigners.active, true))
    .orderBy(desc(featuredDesigners.createdAt), desc(featuredDesigners.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.featuredId,
    user: { id: row.id, username: row.username },
    keywords: row.keywords,
    designer: toSummary(row),
  };
}

/** Counts one impression of a featured designer's card; false when there is no such featured designer. */
export async function addFeaturedDesignerImpression(id: number): Promise<boolean> {
  const db = await getDb();
  const updated = await db
    .update(featuredDesigners)
    .set({ impressions: sql`${featuredDesigners.impressions} + 1` })
    .where(eq(featuredDesigners.id, id))
    .returning({ id: featuredDesigners.id });
  return updated.length > 0;
}

/** A page of the designers directory, most viewed first. */
export async function findDesigners(limit: number, offset: number): Promise<DesignerSummaryDto[]> {
  const db = await getDb();
  const rows = await db
    .select(summaryColumns)
    .from(designerProfiles)
    .innerJoin(users, eq(users.id, designerProfiles.userId))
    .orderBy(desc(designerProfiles.modelViews), asc(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toSummary);
}

export async function countDesigners(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(designerProfiles);
  return row?.total ?? 0;
}

export async function findDesignerByUsername(username: string): Promise<DesignerProfileDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...summaryColumns,
      about: designerProfiles.about,
      skills: designerProfiles.skills,
      software: designerProfiles.software,
      followers: designerProfiles.followers,
      modelViews: designerProfiles.modelViews,
      modelLikes: designerProfiles.modelLikes,
      projectsDone: designerProfiles.projectsDone,
      responseRatePermille: designerProfiles.responseRatePermille,
      acceptsCustomRequests: designerProfiles.acceptsCustomRequests,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(designerProfiles, eq(designerProfiles.userId, users.id))
    .where(and(sql`lower(${users.username}) = lower(${username})`))
    .limit(1);
  if (!row) return null;
  return {
    ...toSummary(row),
    about: row.about,
    skills: row.skills,
    software: row.software,
    followers: row.followers,
    modelViews: row.modelViews,
    modelLikes: row.modelLikes,
    projectsDone: row.projectsDone,
    responseRatePermille: row.responseRatePermille,
    acceptsCustomRequests: row.acceptsCustomRequests,
    memberSince: row.createdAt.toISOString(),
  };
}

/** Usernames of designers, most viewed first (for the sitemap). */
export async function findDesignerUsernames(limit: number): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ username: users.username })
    .from(designerProfiles)
    .innerJoin(users, eq(users.id, designerProfiles.userId))
    .orderBy(desc(designerProfiles.modelViews), asc(users.id))
    .limit(limit);
  return rows.map((r) => r.username);
}
