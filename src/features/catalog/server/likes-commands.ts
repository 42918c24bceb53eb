/**
 * Liking a model (issue 23, decision 0032): a signed-in user likes a published model once; liking again
 * or taking back a like that is not there changes nothing. Bots could move the counters, so each user
 * has a budget of like and unlike requests an hour.
 */
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { AppError } from '@/server/errors';

import { parseModelId } from '../model-id';
import { deleteLike, insertLike } from './likes-repository';

/** Likes and unlikes together: far above what a person does, low enough to keep a bot from the counters. */
export const likeRequestsPerHour = 120;

export interface LikeState {
  liked: boolean;
  likes: number;
}

async function likeRequest(userId: number, rawModelId: string, now: Date): Promise<number> {
  await assertWithinRateLimit(`model_like:user:${userId}`, likeRequestsPerHour, 3_600_000, now);
  const modelId = parseModelId(rawModelId);
  if (modelId === null) throw new AppError('NOT_FOUND', 'No such model');
  return modelId;
}

export async function likeModel(userId: number, rawModelId: string, now = new Date()): Promise<LikeState> {
  const result = await insertLike(userId, await likeRequest(userId, rawModelId, now), now);
  if (!result) throw new AppError('NOT_FOUND', 'No such model');
  return { liked: true, likes: result.likes };
}

export async function unlikeModel(userId: number, rawModelId: string, now = new Date()): Promise<LikeState> {
  const result = await deleteLike(userId, await likeRequest(userId, rawModelId, now));
  if (!result) throw new AppError('NOT_FOUND', 'No such model');
  return { liked: false, likes: result.likes };
}
