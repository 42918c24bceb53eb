/**
 * Rating a model and answering a review (decision 0047). A buyer (a free download is a $0 purchase)
 * rates a published model once and may change it; the model's designer answers each review once.
 */
import { parseModelId } from '@/features/catalog/api';
import type { SessionUser } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { findPostingBanUntil } from '@/features/forum/server/api';
import { resolveReports } from '@/features/moderation/server/api';

import { rateInputSchema, replyInputSchema, type RateRefusal } from '../api';
import {
  insertReply,
  lockPublishedModel,
  lockReviewWithDesigner,
  ownsModel,
  refreshModelRating,
  setReviewHidden,
  upsertRating,
} from './repository';

/** Ratings and edits together: far above what a person does, low enough to keep a bot off the averages. */
export const ratingWritesPerHour = 30;
export const repliesPerHour = 60;

export type RateResult =
  | { ok: true; ratingId: number; created: boolean; ratingAverage: number; ratingCount: number }
  | { ok: false; refusal: RateRefusal }
  | { ok: false; fieldErrors: Record<string, string> };

function fieldErrorsOf(issues: { path: PropertyKey[]; code: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??=
      issue.code === 'too_big'
        ? 'too_long'
        : issue.code === 'too_small' && field === 'body'
          ? 'required'
          : 'invalid';
  }
  return errors;
}

export async function rateModel(
  user: SessionUser,
  rawModelId: unknown,
  input: unknown,
  { now = new Date() }: { now?: Date } = {},
): Promise<RateResult> {
  await assertWithinRateLimit(`model_rating:user:${user.id}`, ratingWritesPerHour, 3_600_000, now);
  const modelId = parseModelId(rawModelId);
  if (modelId === null) throw new AppError('NOT_FOUND', 'No such model');
  const parsed = rateInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  // A posting ban (decision 0043) covers a review's text; stars alone are not a post. Read before the
  // transaction: the embedded database has one connection, which the transaction holds.
  if (parsed.data.body !== '' && (await findPostingBanUntil(user.id, now)))
    return { ok: false, refusal: 'banned' } as const;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const model = await lockPublishedModel(tx, modelId);
    if (!model) throw new AppError('NOT_FOUND', 'No such model');
    if (model.designerId === user.id) return { ok: false, refusal: 'own_model' } as const;
    if (!(await ownsModel(tx, user.id, modelId))) return { ok: false, refusal: 'not_a_buyer' } as const;
    const { id, created } = await upsertRating(
      tx,
      { userId: user.id, modelId, stars: parsed.data.stars, body: parsed.data.body },
      now,
    );
    const rating = await refreshModelRating(tx, modelId, now);
    return {
      ok: true,
      ratingId: id,
      created,
      ratingAverage: rating.average,
      ratingCount: rating.count,
    } as const;
  });
}

const maxId = 2_147_483_647;
export const parseRatingId = (value: unknown) => {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= maxId ? id : null;
};

export type ReplyResult =
  { ok: true; modelId: number } | { ok: false; fieldErrors: Record<string, string>; formError?: 'banned' };

/**
 * The model's designer answers a review, once: 404 for anybody else (or an unknown review), 409 when
 * it already has an answer.
 */
export async function replyToReview(
  user: SessionUser,
  rawRatingId: unknown,
  input: unknown,
  { now = new Date() }: { now?: Date } = {},
): Promise<ReplyResult> {
  await assertWithinRateLimit(`model_rating_reply:user:${user.id}`, repliesPerHour, 3_600_000, now);
  const ratingId = parseRatingId(rawRatingId);
  if (ratingId === null) throw new AppError('NOT_FOUND', 'No such review');
  const parsed = replyInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  if (await findPostingBanUntil(user.id, now)) return { ok: false, fieldErrors: {}, formError: 'banned' };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const review = await lockReviewWithDesigner(tx, ratingId);
    if (!review || review.designerId !== user.id) throw new AppError('NOT_FOUND', 'No such review');
    if (review.reply !== null || !(await insertReply(tx, ratingId, parsed.data.body, now)))
      throw new AppError('CONFLICT', 'This review already has an answer');
    return { ok: true, modelId: review.modelId } as const;
  });
}

/** The subject type of reviews in the moderation queue (decision 0043). */
export const reviewSubjectType = 'model_review';
export const moderationActionsPerHour = 300;

/**
 * An admin hides a review's text (its stars still count) or shows it again; the review's open reports
 * are resolved in the same transaction. 404 for no such review.
 */
export async function moderateReview(
  admin: SessionUser,
  rawRatingId: unknown,
  input: unknown,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ hidden: boolean; modelId: number }> {
  await assertWithinRateLimit(
    `model_rating_moderation:user:${admin.id}`,
    moderationActionsPerHour,
    3_600_000,
    now,
  );
  const ratingId = parseRatingId(rawRatingId);
  if (ratingId === null) throw new AppError('NOT_FOUND', 'No such review');
  const action = (input as { action?: unknown } | null)?.action;
  if (action !== 'hide' && action !== 'show')
    throw new AppError('BAD_REQUEST', 'action must be "hide" or "show"');
  const db = await getDb();
  return db.transaction(async (tx) => {
    const modelId = await setReviewHidden(tx, ratingId, action === 'hide' ? now : null);
    if (modelId === null) throw new AppError('NOT_FOUND', 'No such review');
    await resolveReports(tx, {
      subjectType: reviewSubjectType,
      subjectId: ratingId,
      resolverId: admin.id,
      resolution: action === 'hide' ? 'hidden' : 'shown',
      now,
    });
    return { hidden: action === 'hide', modelId };
  });
}
