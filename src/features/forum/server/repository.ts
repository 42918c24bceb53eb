/** The forum's reads and writes (decision 0043). */
import { and, asc, count, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import { getDb, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import { postsPerPage, threadsPerPage, type ForumSort } from '../api';
import { forumQueryCondition } from './forum-search-repository';
import {
  forumBans,
  forumCategories,
  forumPosts,
  forumSubscriptions,
  forumThreads,
  visibleForumPost,
} from './schema';

export interface ForumCategoryRow {
  id: number;
  slug: string;
  threadCount: number;
}

export interface ThreadListRow {
  id: number;
  title: string;
  categorySlug: string;
  author: string;
  createdAt: Date;
  lastPostAt: Date;
  replyCount: number;
  pinned: boolean;
  locked: boolean;
}

export interface ThreadRow extends ThreadListRow {
  categoryId: number;
  authorId: number;
  hidden: boolean;
}

export interface PostRow {
  id: number;
  threadId: number;
  authorId: number;
  author: string;
  body: string;
  isOpening: boolean;
  createdAt: Date;
  editedAt: Date | null;
  hidden: boolean;
  held: boolean;
}

export async function findForumCategories(): Promise<ForumCategoryRow[]> {
  const db = await getDb();
  return db
    .select({
      id: forumCategories.id,
      slug: forumCategories.slug,
      // Written out: inside a selection Drizzle leaves columns unqualified, and `id` would be the thread's.
      threadCount: sql<number>`(select count(*)::int from forum_threads t where t.category_id = forum_categories.id and not t.hidden)`,
    })
    .from(forumCategories)
    .orderBy(asc(forumCategories.position));
}

export async function findForumCategory(id: number): Promise<{ id: number; slug: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: forumCategories.id, slug: forumCategories.slug })
    .from(forumCategories)
    .where(eq(forumCategories.id, id));
  return row ?? null;
}

const threadColumns = {
  id: forumThreads.id,
  title: forumThreads.title,
  categoryId: forumThreads.categoryId,
  categorySlug: forumCategories.slug,
  authorId: forumThreads.authorId,
  author: users.username,
  createdAt: forumThreads.createdAt,
  lastPostAt: forumThreads.lastPostAt,
  replyCount: forumThreads.replyCount,
  pinned: forumThreads.pinned,
  locked: forumThreads.locked,
  hidden: forumThreads.hidden,
};

/** A page of visible threads: pinned first, then by the sort; with a query, those it matches. */
export async function findThreadPage(input: {
  categoryId: number | null;
  sort: ForumSort;
  page: number;
  query: string;
}): Promise<{ items: ThreadListRow[]; total: number }> {
  const db = await getDb();
  const conditions: SQL[] = [eq(forumThreads.hidden, false)];
  if (input.categoryId !== null) conditions.push(eq(forumThreads.categoryId, input.categoryId));
  if (input.sort === 'unanswered') conditions.push(eq(forumThreads.replyCount, 0));
  const matches = input.query
    ? forumQueryCondition(input.query, sql`(${forumThreads.title} || ' ' || ${forumPosts.body})`)
    : null;
  if (matches)
    conditions.push(
      sql`exists (select 1 from ${forumPosts} where ${forumPosts.threadId} = ${forumThreads.id} and ${visibleForumPost} and ${matches})`,
    );
  const where = and(...conditions);
  const order =
    input.sort === 'active'
      ? [desc(forumThreads.pinned), desc(forumThreads.lastPostAt), desc(forumThreads.id)]
      : [desc(forumThreads.pinned), desc(forumThreads.createdAt), desc(forumThreads.id)];
  const [items, [total]] = await Promise.all([
    db
      .select(threadColumns)
      .from(forumThreads)
      .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
      .innerJoin(users, eq(users.id, forumThreads.authorId))
      .where(where)
      .orderBy(...order)
      .limit(threadsPerPage)
      .offset((input.page - 1) * threadsPerPage),
    db.select({ n: count() }).from(forumThreads).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findThread(id: number): Promise<ThreadRow | null> {
  const db = await getDb();
  const [row] = await db
    .select(threadColumns)
    .from(forumThreads)
    .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
    .innerJoin(users, eq(users.id, forumThreads.authorId))
    .where(eq(forumThreads.id, id));
  return row ?? null;
}

const postColumns = {
  id: forumPosts.id,
  threadId: forumPosts.threadId,
  authorId: forumPosts.authorId,
  author: users.username,
  body: forumPosts.body,
  isOpening: forumPosts.isOpening,
  createdAt: forumPosts.createdAt,
  editedAt: forumPosts.editedAt,
  hidden: forumPosts.hidden,
  held: forumPosts.held,
};

/** What a viewer sees of a thread's posts: the visible ones, their own, and everything for an admin. */
function postsSeenBy(viewer: { id: number; admin: boolean } | null): SQL | undefined {
  if (viewer?.admin) return undefined;
  if (viewer) return or(visibleForumPost, eq(forumPosts.authorId, viewer.id));
  return visibleForumPost;
}

export async function findPostPage(
  threadId: number,
  page: number,
  viewer: { id: number; admin: boolean } | null,
): Promise<{ items: PostRow[]; total: number }> {
  const db = await getDb();
  const where = and(eq(forumPosts.threadId, threadId), postsSeenBy(viewer));
  const [items, [total]] = await Promise.all([
    db
      .select(postColumns)
      .from(forumPosts)
      .innerJoin(users, eq(users.id, forumPosts.authorId))
      .where(where)
      .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id))
      .limit(postsPerPage)
      .offset((page - 1) * postsPerPage),
    db.select({ n: count() }).from(forumPosts).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findPost(id: number): Promise<PostRow | null> {
  const db = await getDb();
  const [row] = await db
    .select(postColumns)
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .where(eq(forumPosts.id, id));
  return row ?? null;
}

export async function findPostsByIds(
  ids: number[],
): Promise<
  (PostRow & { threadTitle: string; threadLocked: boolean; threadPinned: boolean; categorySlug: string })[]
> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      ...postColumns,
      threadTitle: forumThreads.title,
      threadLocked: forumThreads.locked,
      threadPinned: forumThreads.pinned,
      categorySlug: forumCategories.slug,
    })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
    .where(inArray(forumPosts.id, ids));
}

/** How many of the thread's posts a viewer sees before `post` (its place on the thread's pages). */
export async function countPostsBefore(
  post: { threadId: number; createdAt: Date; id: number },
  viewer: { id: number; admin: boolean } | null,
): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(forumPosts)
    .where(
      and(
        eq(forumPosts.threadId, post.threadId),
        postsSeenBy(viewer),
        sql`(${forumPosts.createdAt}, ${forumPosts.id}) < (${post.createdAt.toISOString()}::timestamptz, ${post.id})`,
      ),
    );
  return row?.n ?? 0;
}

/** The user's account creation time and whether they have a post the public sees (not their first). */
export async function findPosterStanding(
  userId: number,
): Promise<{ createdAt: Date; hasVisiblePost: boolean } | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      createdAt: users.createdAt,
      hasVisiblePost: sql<boolean>`exists (select 1 from forum_posts p where p.author_id = users.id and not p.hidden and not p.held)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findBanUntil(userId: number, now: Date): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ until: forumBans.until })
    .from(forumBans)
    .where(and(eq(forumBans.userId, userId), gte(forumBans.until, now)));
  return row?.until ?? null;
}

export async function insertThread(
  tx: Transaction,
  input: { categoryId: number; authorId: number; title: string; body: string; held: boolean; now: Date },
): Promise<{ threadId: number; postId: number }> {
  const [thread] = await tx
    .insert(forumThreads)
    .values({
      categoryId: input.categoryId,
      authorId: input.authorId,
      title: input.title,
      createdAt: input.now,
      lastPostAt: input.now,
      hidden: input.held,
    })
    .returning({ id: forumThreads.id });
  const [post] = await tx
    .insert(forumPosts)
    .values({
      threadId: thread!.id,
      authorId: input.authorId,
      body: input.body,
      isOpening: true,
      createdAt: input.now,
      held: input.held,
    })
    .returning({ id: forumPosts.id });
  return { threadId: thread!.id, postId: post!.id };
}

export async function insertReply(
  tx: Transaction,
  input: { threadId: number; authorId: number; body: string; held: boolean; now: Date },
): Promise<number> {
  const [post] = await tx
    .insert(forumPosts)
    .values({ ...input, createdAt: input.now })
    .returning({ id: forumPosts.id });
  await refreshThreadStats(tx, input.threadId);
  return post!.id;
}

/** The thread's reply count and last post time from its visible posts; hidden with its opening post. */
export async function refreshThreadStats(tx: Transaction, threadId: number): Promise<void> {
  await tx.execute(sql`
    update ${forumThreads} set
      reply_count = (select count(*)::int from ${forumPosts} where ${forumPosts.threadId} = ${threadId} and not ${forumPosts.isOpening} and ${visibleForumPost}),
      last_post_at = coalesce((select max(${forumPosts.createdAt}) from ${forumPosts} where ${forumPosts.threadId} = ${threadId} and ${visibleForumPost}), ${forumThreads.createdAt}),
      hidden = coalesce((select ${forumPosts.hidden} or ${forumPosts.held} from ${forumPosts} where ${forumPosts.threadId} = ${threadId} and ${forumPosts.isOpening} limit 1), false)
    where ${forumThreads.id} = ${threadId}`);
}

export async function lockThreadForUpdate(
  tx: Transaction,
  threadId: number,
): Promise<{ locked: boolean; hidden: boolean; authorId: number } | null> {
  const [row] = await tx
    .select({ locked: forumThreads.locked, hidden: forumThreads.hidden, authorId: forumThreads.authorId })
    .from(forumThreads)
    .where(eq(forumThreads.id, threadId))
    .for('update');
  return row ?? null;
}

export async function updatePostBody(
  tx: Transaction,
  input: { postId: number; body: string; title?: string; threadId: number; now: Date },
): Promise<void> {
  await tx
    .update(forumPosts)
    .set({ body: input.body, editedAt: input.now })
    .where(eq(forumPosts.id, input.postId));
  if (input.title !== undefined)
    await tx.update(forumThreads).set({ title: input.title }).where(eq(forumThreads.id, input.threadId));
}

export async function setPostFlags(
  tx: Transaction,
  postId: number,
  flags: { hidden?: boolean; held?: boolean },
): Promise<void> {
  await tx.update(forumPosts).set(flags).where(eq(forumPosts.id, postId));
}

export async function setThreadFlags(
  tx: Transaction,
  threadId: number,
  flags: { locked?: boolean; pinned?: boolean; categoryId?: number },
): Promise<void> {
  await tx.update(forumThreads).set(flags).where(eq(forumThreads.id, threadId));
}

export async function upsertBan(
  tx: Transaction,
  input: { userId: number; until: Date; bannedBy: number; now: Date },
) {
  await tx
    .insert(forumBans)
    .values({ ...input, createdAt: input.now })
    .onConflictDoUpdate({
      target: forumBans.userId,
      set: { until: input.until, bannedBy: input.bannedBy, createdAt: input.now },
    });
}

export async function isSubscribed(userId: number, threadId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: forumSubscriptions.userId })
    .from(forumSubscriptions)
    .where(and(eq(forumSubscriptions.userId, userId), eq(forumSubscriptions.threadId, threadId)));
  return Boolean(row);
}

export async function subscribe(
  tx: Transaction | null,
  input: { userId: number; threadId: number; locale: string; now: Date },
) {
  const db = tx ?? (await getDb());
  await db
    .insert(forumSubscriptions)
    .values({ userId: input.userId, threadId: input.threadId, locale: input.locale, createdAt: input.now })
    .onConflictDoNothing();
}

export async function unsubscribe(userId: number, threadId: number): Promise<void> {
  const db = await getDb();
  await db
    .delete(forumSubscriptions)
    .where(and(eq(forumSubscriptions.userId, userId), eq(forumSubscriptions.threadId, threadId)));
}

/** The user is back in the thread: the next reply may send an email again. */
export async function markThreadSeen(userId: number, threadId: number): Promise<void> {
  const db = await getDb();
  await db
    .update(forumSubscriptions)
    .set({ notifiedAt: null })
    .where(
      and(
        eq(forumSubscriptions.userId, userId),
        eq(forumSubscriptions.threadId, threadId),
        sql`${forumSubscriptions.notifiedAt} is not null`,
      ),
    );
}

/**
 * The subscribers (not `authorId`) who get an email about a new reply: those not emailed since their
 * last visit. Marked as emailed here, so two replies at once send one email.
 */
export async function claimSubscribersToNotify(
  threadId: number,
  authorId: number,
  now: Date,
): Promise<{ email: string; username: string; locale: string }[]> {
  const db = await getDb();
  const claimed = await db
    .update(forumSubscriptions)
    .set({ notifiedAt: now })
    .where(
      and(
        eq(forumSubscriptions.threadId, threadId),
        sql`${forumSubscriptions.userId} <> ${authorId}`,
        isNull(forumSubscriptions.notifiedAt),
      ),
    )
    .returning({ userId: forumSubscriptions.userId, locale: forumSubscriptions.locale });
  if (claimed.length === 0) return [];
  const people = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((c) => c.userId),
      ),
    );
  return people.map((person) => ({
    email: person.email,
    username: person.username,
    locale: claimed.find((c) => c.userId === person.id)!.locale,
  }));
}

/** Published models by their slugs (a pasted model link's last segment). */
export async function findPublishedModelIdsBySlugs(slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: models.id, slug: models.slug })
    .from(models)
    .where(and(inArray(models.slug, slugs), publishedModel));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** For the seed: the categories in their order. */
export async function insertForumCategories(tx: Transaction, slugs: readonly string[]): Promise<void> {
  await tx
    .insert(forumCategories)
    .values(slugs.map((slug, position) => ({ slug, position })))
    .onConflictDoNothing();
}
