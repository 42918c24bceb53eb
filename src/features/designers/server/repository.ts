/** Designers' only access to Drizzle. */
import { alias } from 'drizzle-orm/pg-core';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';

import { getDb, type Transaction } from '@/server/db/client';
import { models, publishedModel } from '@/features/catalog/server/api';
import { users } from '@/server/db/schema/users';
import { avatarImageOf } from '@/server/images/avatar-image';

import type {
  AvatarImageDto,
  DesignerProfileDto,
  DesignerReviewDto,
  DesignerSummaryDto,
  FeaturedDesignerDto,
  ReviewDirection,
  ReviewSort,
} from '../schemas';
import { designerFollows } from './follows-schema';
import { designerProfiles, designerReviews, featuredDesigners } from './schema';

export function avatarOf(key: string | null): AvatarImageDto | null {
  return avatarImageOf(key);
}

/** Sellers are the designers: the directory and the sitemap list them (every member has a profile page). */
const isSeller = sql`'seller' = any(${users.roles})`;

const totalModels = sql<number>`(select count(*)::int from ${models} where ${models.designerId} = ${users.id} and ${publishedModel})`;

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
    .where(isSeller)
    .orderBy(desc(designerProfiles.modelViews), asc(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toSummary);
}

export async function countDesigners(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(designerProfiles)
    .innerJoin(users, eq(users.id, designerProfiles.userId))
    .where(isSeller);
  return row?.total ?? 0;
}

/**
 * Any member's public profile (decision 0034): a member without a designer profile row gets its
 * defaults; `isDesigner` says whether they sell.
 */
export async function findDesignerByUsername(username: string): Promise<DesignerProfileDto | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      avatarKey: users.avatarKey,
      isDesigner: sql<boolean>`${isSeller}`,
      following: sql<number>`(select count(*)::int from ${designerFollows} where ${designerFollows.followerId} = ${users.id})`,
      modelLikes: sql<number>`(select least(coalesce(sum(${models.likes}), 0), 2147483647)::int from ${models} where ${models.designerId} = ${users.id} and ${publishedModel})`,
      createdAt: users.createdAt,
      totalModels,
      profile: {
        rating: designerProfiles.rating,
        ratingCount: designerProfiles.ratingCount,
        country: designerProfiles.country,
        about: designerProfiles.about,
        links: designerProfiles.links,
        skills: designerProfiles.skills,
        software: designerProfiles.software,
        followers: designerProfiles.followers,
        modelViews: designerProfiles.modelViews,
        projectsDone: designerProfiles.projectsDone,
        projectsInProgress: designerProfiles.projectsInProgress,
        reputation: designerProfiles.reputation,
        responseRatePermille: designerProfiles.responseRatePermille,
        responseTimeMinutes: designerProfiles.responseTimeMinutes,
        acceptsCustomRequests: designerProfiles.acceptsCustomRequests,
      },
    })
    .from(users)
    .leftJoin(designerProfiles, eq(designerProfiles.userId, users.id))
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (!row) return null;
  const profile = row.profile ?? emptyProfile;
  return {
    ...toSummary({
      ...row,
      rating: profile.rating,
      ratingCount: profile.ratingCount,
      country: profile.country,
    }),
    isDesigner: row.isDesigner,
    about: profile.about,
    links: profile.links,
    skills: profile.skills,
    software: profile.software,
    followers: profile.followers,
    following: row.following,
    modelViews: profile.modelViews,
    modelLikes: row.modelLikes,
    projectsDone: profile.projectsDone,
    projectsInProgress: profile.projectsInProgress,
    reputation: profile.reputation,
    responseRatePermille: profile.responseRatePermille,
    responseTimeMinutes: profile.responseTimeMinutes,
    // Only a designer takes custom requests.
    acceptsCustomRequests: row.isDesigner && profile.acceptsCustomRequests,
    memberSince: row.createdAt.toISOString(),
  };
}

/** A member without a designer profile row: the table's defaults. */
const emptyProfile = {
  rating: 0,
  ratingCount: 0,
  country: null,
  about: '',
  links: [] as string[],
  skills: [] as string[],
  software: [] as string[],
  followers: 0,
  modelViews: 0,
  projectsDone: 0,
  projectsInProgress: 0,
  reputation: 0,
  responseRatePermille: 0,
  responseTimeMinutes: null,
  acceptsCustomRequests: true,
};

/** What the profile form starts from: the member's saved fields, or the defaults. */
export async function findEditableProfile(userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      about: designerProfiles.about,
      links: designerProfiles.links,
      skills: designerProfiles.skills,
      software: designerProfiles.software,
      acceptsCustomRequests: designerProfiles.acceptsCustomRequests,
    })
    .from(designerProfiles)
    .where(eq(designerProfiles.userId, userId));
  return (
    row ?? {
      about: emptyProfile.about,
      links: emptyProfile.links,
      skills: emptyProfile.skills,
      software: emptyProfile.software,
      acceptsCustomRequests: emptyProfile.acceptsCustomRequests,
    }
  );
}

/**
 * Saves the profile's own fields (a row is created when there is none); `designer` holds the fields
 * only a designer has, left as they are when absent.
 */
export async function saveProfileFields(
  tx: Transaction,
  userId: number,
  fields: {
    about: string;
    links: string[];
    designer?: { skills: string[]; software: string[]; acceptsCustomRequests: boolean };
  },
): Promise<void> {
  const values = { about: fields.about, links: fields.links, ...fields.designer };
  await tx
    .insert(designerProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: designerProfiles.userId, set: values });
}

/** Usernames of designers, most viewed first (for the sitemap). */
export async function findDesignerUsernames(limit: number): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ username: users.username })
    .from(designerProfiles)
    .innerJoin(users, eq(users.id, designerProfiles.userId))
    .where(isSeller)
    .orderBy(desc(designerProfiles.modelViews), asc(users.id))
    .limit(limit);
  return rows.map((r) => r.username);
}

const otherParty = alias(users, 'other_party');
const otherProfile = alias(designerProfiles, 'other_profile');

/** The column naming the profile's designer in a review, and the one naming the other party. */
function sidesOf(direction: ReviewDirection) {
  return direction === 'received'
    ? { own: designerReviews.subjectId, other: designerReviews.authorId }
    : { own: designerReviews.authorId, other: designerReviews.subjectId };
}

const reviewOrder: Record<ReviewSort, SQL[]> = {
  newest: [desc(designerReviews.createdAt), desc(designerReviews.id)],
  positive: [desc(designerReviews.positive), desc(designerReviews.createdAt), desc(designerReviews.id)],
  negative: [asc(designerReviews.positive), desc(designerReviews.createdAt), desc(designerReviews.id)],
};

/** A page of the reviews a designer received or gave, with the other party of each. */
export async function findDesignerReviews(options: {
  userId: number;
  direction: ReviewDirection;
  sort: ReviewSort;
  limit: number;
  offset: number;
}): Promise<DesignerReviewDto[]> {
  const db = await getDb();
  const { own, other } = sidesOf(options.direction);
  const rows = await db
    .select({
      id: designerReviews.id,
      positive: designerReviews.positive,
      rating: designerReviews.rating,
      body: designerReviews.body,
      createdAt: designerReviews.createdAt,
      username: otherParty.username,
      avatarKey: otherParty.avatarKey,
      otherProfile: otherProfile.userId,
    })
    .from(designerReviews)
    .innerJoin(otherParty, eq(otherParty.id, other))
    .leftJoin(otherProfile, eq(otherProfile.userId, other))
    .where(eq(own, options.userId))
    .orderBy(...reviewOrder[options.sort])
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((row) => ({
    id: row.id,
    positive: row.positive,
    rating: row.rating,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    other: { username: row.username, avatar: avatarOf(row.avatarKey), isDesigner: row.otherProfile !== null },
  }));
}

/** How many positive and negative reviews a designer received or gave. */
export async function countDesignerReviews(
  userId: number,
  direction: ReviewDirection,
): Promise<{ positive: number; negative: number }> {
  const db = await getDb();
  const { own } = sidesOf(direction);
  const [row] = await db
    .select({
      positive: sql<number>`count(*) filter (where ${designerReviews.positive})::int`,
      negative: sql<number>`count(*) filter (where not ${designerReviews.positive})::int`,
    })
    .from(designerReviews)
    .where(eq(own, userId));
  return { positive: row?.positive ?? 0, negative: row?.negative ?? 0 };
}

/** The designer took on a project: one more in progress (a profile is created when there is none). */
export async function addProjectInProgress(tx: Transaction, designerId: number): Promise<void> {
  await tx
    .insert(designerProfiles)
    .values({ userId: designerId, projectsInProgress: 1 })
    .onConflictDoUpdate({
      target: designerProfiles.userId,
      set: { projectsInProgress: sql`${designerProfiles.projectsInProgress} + 1` },
    });
}

/** The designer finished a project: one more done, one fewer in progress. */
export async function moveProjectToDone(tx: Transaction, designerId: number): Promise<void> {
  await tx
    .update(designerProfiles)
    .set({
      projectsDone: sql`${designerProfiles.projectsDone} + 1`,
      projectsInProgress: sql`greatest(${designerProfiles.projectsInProgress} - 1, 0)`,
    })
    .where(eq(designerProfiles.userId, designerId));
}

/** A review one user writes about another; its id. */
export async function insertDesignerReview(
  tx: Transaction,
  review: { authorId: number; subjectId: number; positive: boolean; rating: number; body: string; now: Date },
): Promise<number> {
  const { now, ...values } = review;
  const [row] = await tx
    .insert(designerReviews)
    .values({ ...values, createdAt: now })
    .returning({ id: designerReviews.id });
  return row!.id;
}

/** Counts one more rating on the subject's profile: its rating becomes the running average. */
export async function addRatingToProfile(tx: Transaction, subjectId: number, rating: number): Promise<void> {
  await tx
    .update(designerProfiles)
    .set({
      rating: sql`round(((${designerProfiles.rating} * ${designerProfiles.ratingCount} + ${rating}) / (${designerProfiles.ratingCount} + 1))::numeric, 2)::real`,
      ratingCount: sql`${designerProfiles.ratingCount} + 1`,
    })
    .where(eq(designerProfiles.userId, subjectId));
}

/** The designer's switch "Accept custom 3D project requests" (a profile is created when there is none). */
export async function saveAcceptsCustomRequests(
  tx: Transaction,
  designerId: number,
  accepts: boolean,
): Promise<void> {
  await tx
    .insert(designerProfiles)
    .values({ userId: designerId, acceptsCustomRequests: accepts })
    .onConflictDoUpdate({ target: designerProfiles.userId, set: { acceptsCustomRequests: accepts } });
}
