/**
 * Writing, publishing, liking and commenting on tutorials (issue 25, decision 0045). Authorization per
 * object: a tutorial that is not the caller's is a 404, whether it exists or not; every write counts
 * against the caller's hourly budget.
 */
import { findPostingBanUntil } from '@/features/forum/server/api';
import { resolveReports } from '@/features/moderation/server/api';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { deleteUserPicture, storeUserPicture, type StoredUserPicture } from '@/server/images/user-pictures';

import { publishRefusal, type TutorialInput } from '../tutorial-fields';
import { transition, type TutorialStatus } from '../tutorial-lifecycle';
import {
  countPictures,
  deleteComment,
  deleteLike,
  deleteOwnComment,
  deleteTutorial,
  insertComment,
  insertLike,
  insertPicture,
  insertTutorial,
  lockOwnTutorial,
  updateTutorial,
  type TutorialRow,
} from './repository';
import { tutorialCommentSubjectType } from './moderation';

const hour = 3_600_000;
/** Drafts started an hour: far above what a writer needs, low enough to keep a bot from filling the table. */
export const draftsPerHour = 10;
/** Saves, publishing and deleting together. */
export const editsPerHour = 240;
export const picturesPerHour = 60;
export const picturesPerTutorial = 40;
export const likeRequestsPerHour = 120;
export const commentsPerHour = 20;
export const commentDeletionsPerHour = 60;

const notFound = () => new AppError('NOT_FOUND', 'No such tutorial');

export class PublishRefused extends AppError {
  constructor(readonly reason: string) {
    super('CONFLICT', `The tutorial cannot be published yet: ${reason}`);
  }
}

export async function createDraft(userId: number, input: TutorialInput, now = new Date()): Promise<number> {
  await assertWithinRateLimit(`tutorial_draft:user:${userId}`, draftsPerHour, hour, now);
  const db = await getDb();
  return db.transaction((tx) => insertTutorial(tx, userId, input, now));
}

/** Runs `work` on the caller's own tutorial, locked; another's (or none) is a 404. */
async function withOwnTutorial<T>(
  userId: number,
  tutorialId: number,
  now: Date,
  work: (tutorial: TutorialRow, tx: Parameters<typeof lockOwnTutorial>[0]) => Promise<T>,
): Promise<T> {
  await assertWithinRateLimit(`tutorial_edit:user:${userId}`, editsPerHour, hour, now);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const tutorial = await lockOwnTutorial(tx, tutorialId, userId);
    if (!tutorial) throw notFound();
    return work(tutorial, tx);
  });
}

/** Saves the fields; a published tutorial stays published, so it must still meet publishing's rules. */
export async function saveTutorial(
  userId: number,
  tutorialId: number,
  input: TutorialInput,
  now = new Date(),
): Promise<TutorialRow> {
  return withOwnTutorial(userId, tutorialId, now, async (tutorial, tx) => {
    const next = { ...tutorial, ...input, updatedAt: now };
    if (tutorial.status === 'published') {
      const refusal = publishRefusal(next);
      if (refusal) throw new PublishRefused(refusal);
    }
    await updateTutorial(tx, tutorialId, { ...input, updatedAt: now });
    return next;
  });
}

export async function changeStatus(
  userId: number,
  tutorialId: number,
  to: TutorialStatus,
  now = new Date(),
): Promise<{ status: TutorialStatus; designerId: number }> {
  return withOwnTutorial(userId, tutorialId, now, async (tutorial, tx) => {
    if (tutorial.status === to) return { status: to, designerId: tutorial.designerId };
    if (to === 'published') {
      const refusal = publishRefusal(tutorial);
      if (refusal) throw new PublishRefused(refusal);
    }
    await updateTutorial(tx, tutorialId, transition(tutorial, to, now));
    return { status: to, designerId: tutorial.designerId };
  });
}

export async function removeTutorial(userId: number, tutorialId: number, now = new Date()): Promise<void> {
  const pictures = await withOwnTutorial(userId, tutorialId, now, async (tutorial, tx) => {
    const keys = await deleteTutorial(tx, tutorialId);
    return tutorial.coverKey ? [...keys, tutorial.coverKey] : keys;
  });
  // The files go after the rows: a failed transaction must not leave a tutorial without its pictures.
  await Promise.all(pictures.map((key) => deleteUserPicture(key)));
}

/** Checks the caller may add a picture to the tutorial before the bytes are decoded. */
async function pictureAllowed(userId: number, tutorialId: number, now: Date) {
  await assertWithinRateLimit(`tutorial_picture:user:${userId}`, picturesPerHour, hour, now);
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (!(await lockOwnTutorial(tx, tutorialId, userId))) throw notFound();
    if ((await countPictures(tx, tutorialId)) >= picturesPerTutorial)
      throw new AppError('CONFLICT', `A tutorial holds at most ${picturesPerTutorial} pictures`);
  });
}

/** The tutorial's new cover (the old one's files are removed). Throws UserPictureRefused for a bad picture. */
export async function changeCover(
  userId: number,
  tutorialId: number,
  bytes: Buffer,
  now = new Date(),
): Promise<StoredUserPicture> {
  await pictureAllowed(userId, tutorialId, now);
  const picture = await storeUserPicture(`tutorials/${tutorialId}`, bytes);
  let previous: string | null;
  try {
    previous = await withOwnTutorial(userId, tutorialId, now, async (tutorial, tx) => {
      await updateTutorial(tx, tutorialId, {
        coverKey: picture.key,
        coverWidth: picture.width,
        coverHeight: picture.height,
        updatedAt: now,
      });
      return tutorial.coverKey;
    });
  } catch (error) {
    await deleteUserPicture(picture.key);
    throw error;
  }
  if (previous) await deleteUserPicture(previous);
  return picture;
}

/** A picture for the body (the author puts its Markdown where it belongs). */
export async function addBodyPicture(
  userId: number,
  tutorialId: number,
  bytes: Buffer,
  now = new Date(),
): Promise<StoredUserPicture> {
  await pictureAllowed(userId, tutorialId, now);
  const picture = await storeUserPicture(`tutorials/${tutorialId}`, bytes);
  try {
    const db = await getDb();
    await db.transaction(async (tx) => {
      if (!(await lockOwnTutorial(tx, tutorialId, userId))) throw notFound();
      await insertPicture(tx, tutorialId, picture, now);
    });
  } catch (error) {
    await deleteUserPicture(picture.key);
    throw error;
  }
  return picture;
}

export interface TutorialLikeState {
  liked: boolean;
  likes: number;
}

export async function likeTutorial(
  userId: number,
  tutorialId: number,
  now = new Date(),
): Promise<TutorialLikeState> {
  await assertWithinRateLimit(`tutorial_like:user:${userId}`, likeRequestsPerHour, hour, now);
  const likes = await insertLike(userId, tutorialId, now);
  if (likes === null) throw notFound();
  return { liked: true, likes };
}

export async function unlikeTutorial(
  userId: number,
  tutorialId: number,
  now = new Date(),
): Promise<TutorialLikeState> {
  await assertWithinRateLimit(`tutorial_like:user:${userId}`, likeRequestsPerHour, hour, now);
  const likes = await deleteLike(userId, tutorialId);
  if (likes === null) throw notFound();
  return { liked: false, likes };
}

/** A member a moderator banned from posting (decision 0043): the ban covers tutorial comments. */
export class CommentPostingBanned extends AppError {
  constructor() {
    super('BAD_REQUEST', 'A moderator has stopped you from posting for a while');
  }
}

export async function addComment(
  userId: number,
  tutorialId: number,
  body: string,
  now = new Date(),
): Promise<number> {
  await assertWithinRateLimit(`tutorial_comment:user:${userId}`, commentsPerHour, hour, now);
  if (await findPostingBanUntil(userId, now)) throw new CommentPostingBanned();
  const id = await insertComment(tutorialId, userId, body, now);
  if (id === null) throw notFound();
  return id;
}

/** Deletes the caller's own comment; returns its tutorial's id. Another's (or none) is a 404. */
export async function removeComment(userId: number, commentId: number, now = new Date()): Promise<number> {
  await assertWithinRateLimit(`tutorial_comment_remove:user:${userId}`, commentDeletionsPerHour, hour, now);
  const tutorialId = await deleteOwnComment(commentId, userId);
  if (tutorialId === null) throw new AppError('NOT_FOUND', 'No such comment');
  return tutorialId;
}

/** An admin deletes a reported (or any) comment; its open reports are resolved in the same transaction. */
export async function moderateComment(adminId: number, commentId: number, now = new Date()): Promise<void> {
  await assertWithinRateLimit(`tutorial_comment_moderate:user:${adminId}`, 600, hour, now);
  const db = await getDb();
  await db.transaction(async (tx) => {
    if ((await deleteComment(tx, commentId)) === null) throw new AppError('NOT_FOUND', 'No such comment');
    await resolveReports(tx, {
      subjectType: tutorialCommentSubjectType,
      subjectId: commentId,
      resolverId: adminId,
      resolution: 'delete',
      now,
    });
  });
}
