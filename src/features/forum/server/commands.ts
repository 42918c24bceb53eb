/** Writing in the forum and moderating it: the rules (decision 0043). */
import { holdForReview, resolveReports } from '@/features/moderation/server/api';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { logger } from '@/server/logger';

import {
  containsLink,
  editSchema,
  isEditable,
  moderationSchema,
  newAccountMs,
  newThreadSchema,
  postingLimits,
  replySchema,
  subscriptionSchema,
  type ForumModeration,
} from '../api';
import { notifySubscribers } from './notifications';
import {
  findBanUntil,
  findForumCategory,
  findPost,
  findPosterStanding,
  findThread,
  insertReply,
  insertThread,
  lockThreadForUpdate,
  refreshThreadStats,
  setPostFlags,
  setThreadFlags,
  subscribe,
  unsubscribe,
  updatePostBody,
  upsertBan,
} from './repository';

export const forumPostSubjectType = 'forum_post';

/** A refusal the form shows in words: a 400 whose `formError` is the key. */
export class ForumRefusal extends AppError {
  constructor(
    readonly refusal: 'banned' | 'locked' | 'edit_window',
    message: string,
    readonly until?: Date,
  ) {
    super('BAD_REQUEST', message);
  }
}

function localeOf(value: string | undefined): string {
  return value && /^[a-zA-Z-]{2,8}$/.test(value) ? value : 'en';
}

/** Checks a poster before a post: not banned, within their hourly limit. */
async function assertMayPost(user: SessionUser, kind: 'thread' | 'reply', now: Date) {
  const until = await findBanUntil(user.id, now);
  if (until)
    throw new ForumRefusal('banned', `You may not post in the forum until ${until.toISOString()}`, until);
  const standing = await findPosterStanding(user.id);
  if (!standing) throw new AppError('UNAUTHORIZED', 'Log in first');
  const isNew = now.getTime() - standing.createdAt.getTime() < newAccountMs;
  const limits = isNew ? postingLimits.newAccount : postingLimits.established;
  const [key, limit] =
    kind === 'thread'
      ? [`forum_thread:user:${user.id}`, limits.threadsPerHour]
      : [`forum_reply:user:${user.id}`, limits.repliesPerHour];
  if (!hasRole(user, 'admin')) await assertWithinRateLimit(key, limit, 3_600_000, now);
  return standing;
}

/** A first post with a link waits for a moderator (spam accounts start with one); admins never wait. */
function isHeld(user: SessionUser, standing: { hasVisiblePost: boolean }, body: string): boolean {
  return !hasRole(user, 'admin') && !standing.hasVisiblePost && containsLink(body);
}

/** A held post waits in the moderation queue as held by the site, not as a report by its author. */
async function holdPostForReview(postId: number, now: Date) {
  const db = await getDb();
  await db.transaction((tx) =>
    holdForReview(tx, {
      subjectType: forumPostSubjectType,
      subjectId: postId,
      reason: 'held_for_review',
      now,
    }),
  );
}

export async function createThread(
  user: SessionUser,
  input: unknown,
  now = new Date(),
): Promise<{ threadId: number; postId: number; held: boolean }> {
  const parsed = newThreadSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError(
      'BAD_REQUEST',
      'categoryId, a title of 5 to 120 characters and a body of up to 10,000 characters are expected',
    );
  const standing = await assertMayPost(user, 'thread', now);
  const category = await findForumCategory(parsed.data.categoryId);
  if (!category) throw new AppError('BAD_REQUEST', 'No such forum category');
  const held = isHeld(user, standing, parsed.data.body);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const ids = await insertThread(tx, {
      ...parsed.data,
      categoryId: category.id,
      authorId: user.id,
      held,
      now,
    });
    await subscribe(tx, {
      userId: user.id,
      threadId: ids.threadId,
      locale: localeOf(parsed.data.locale),
      now,
    });
    return ids;
  });
  if (held) await holdPostForReview(created.postId, now);
  return { ...created, held };
}

export async function replyToThread(
  user: SessionUser,
  threadId: number,
  input: unknown,
  now = new Date(),
): Promise<{ postId: number; held: boolean }> {
  const parsed = replySchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'A body of 1 to 10,000 characters is expected');
  const admin = hasRole(user, 'admin');
  const thread = await findThread(threadId);
  if (!thread || (thread.hidden && !admin && thread.authorId !== user.id))
    throw new AppError('NOT_FOUND', 'No such thread');
  if (thread.locked && !admin) throw new ForumRefusal('locked', 'This thread is locked');
  const standing = await assertMayPost(user, 'reply', now);
  const held = isHeld(user, standing, parsed.data.body);
  const db = await getDb();
  const postId = await db.transaction(async (tx) => {
    const locked = await lockThreadForUpdate(tx, threadId);
    if (!locked) throw new AppError('NOT_FOUND', 'No such thread');
    if (locked.locked && !admin) throw new ForumRefusal('locked', 'This thread is locked');
    const id = await insertReply(tx, { threadId, authorId: user.id, body: parsed.data.body, held, now });
    await subscribe(tx, { userId: user.id, threadId, locale: localeOf(parsed.data.locale), now });
    return id;
  });
  if (held) await holdPostForReview(postId, now);
  else
    await notifySubscribers({ threadId, threadTitle: thread.title, author: user, postId, now }).catch(
      (error: unknown) => logger.error({ err: error, threadId }, 'Forum notification failed'),
    );
  return { postId, held };
}

/** The author edits their post within the edit window; anyone else's post is a 404. */
export async function editPost(
  user: SessionUser,
  postId: number,
  input: unknown,
  now = new Date(),
): Promise<void> {
  const parsed = editSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError(
      'BAD_REQUEST',
      'A body of 1 to 10,000 characters (and for an opening post a title of 5 to 120) is expected',
    );
  const post = await findPost(postId);
  if (!post || post.authorId !== user.id) throw new AppError('NOT_FOUND', 'No such post of yours');
  if (post.hidden) throw new AppError('NOT_FOUND', 'No such post of yours');
  if (!isEditable(post.createdAt, now))
    throw new ForumRefusal('edit_window', 'A post can be edited only within an hour of writing it');
  const standing = await findPosterStanding(user.id);
  const newlyHeld =
    !post.held && !hasRole(user, 'admin') && !standing?.hasVisiblePost && containsLink(parsed.data.body);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await updatePostBody(tx, {
      postId,
      body: parsed.data.body,
      title: post.isOpening ? parsed.data.title : undefined,
      threadId: post.threadId,
      now,
    });
    if (newlyHeld) {
      await setPostFlags(tx, postId, { held: true });
      await refreshThreadStats(tx, post.threadId);
    }
  });
  if (newlyHeld) await holdPostForReview(postId, now);
}

export async function setSubscription(
  user: SessionUser,
  threadId: number,
  input: unknown,
  now = new Date(),
): Promise<boolean> {
  const parsed = subscriptionSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'subscribed: true or false is expected');
  await assertWithinRateLimit(`forum_subscription:user:${user.id}`, 120, 3_600_000, now);
  const thread = await findThread(threadId);
  if (!thread || (thread.hidden && !hasRole(user, 'admin') && thread.authorId !== user.id))
    throw new AppError('NOT_FOUND', 'No such thread');
  if (parsed.data.subscribed)
    await subscribe(null, { userId: user.id, threadId, locale: localeOf(parsed.data.locale), now });
  else await unsubscribe(user.id, threadId);
  return parsed.data.subscribed;
}

/** An admin acts on a post or its thread; the post's open reports are resolved with the action. */
export async function moderateForum(
  admin: SessionUser,
  input: unknown,
  now = new Date(),
): Promise<ForumModeration> {
  const parsed = moderationSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError(
      'BAD_REQUEST',
      'action (hide, unhide, approve, lock, unlock, pin, unpin, move with categoryId, ban with days 1, 7, 30 or 365) and postId are expected',
    );
  const action = parsed.data;
  const post = await findPost(action.postId);
  if (!post) throw new AppError('NOT_FOUND', 'No such post');
  if (action.action === 'move' && !(await findForumCategory(action.categoryId)))
    throw new AppError('BAD_REQUEST', 'No such forum category');
  const db = await getDb();
  await db.transaction(async (tx) => {
    switch (action.action) {
      case 'hide':
      case 'unhide':
        await setPostFlags(tx, post.id, { hidden: action.action === 'hide' });
        break;
      case 'approve':
        await setPostFlags(tx, post.id, { held: false });
        break;
      case 'lock':
      case 'unlock':
        await setThreadFlags(tx, post.threadId, { locked: action.action === 'lock' });
        break;
      case 'pin':
      case 'unpin':
        await setThreadFlags(tx, post.threadId, { pinned: action.action === 'pin' });
        break;
      case 'move':
        await setThreadFlags(tx, post.threadId, { categoryId: action.categoryId });
        break;
      case 'ban':
        await upsertBan(tx, {
          userId: post.authorId,
          until: new Date(now.getTime() + action.days * 86_400_000),
          bannedBy: admin.id,
          now,
        });
        break;
    }
    await refreshThreadStats(tx, post.threadId);
    await resolveReports(tx, {
      subjectType: forumPostSubjectType,
      subjectId: post.id,
      resolverId: admin.id,
      resolution: action.action,
      now,
    });
  });
  return action;
}
