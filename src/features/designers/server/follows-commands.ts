/**
 * Following a designer (issue 23, decision 0032): a signed-in user follows another user's designer
 * profile once; following again or unfollowing someone not followed changes nothing. Bots could move
 * the counters, so each user has a budget of follow and unfollow requests an hour.
 */
import { z } from 'zod';

import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { deleteFollow, insertFollow } from './follows-repository';

export const followRequestsPerHour = 60;

export interface FollowState {
  following: boolean;
  followers: number;
}

const followBody = z.object({ userId: z.number().int().min(1).max(2_147_483_647) });

async function followRequest(followerId: number, body: unknown, now: Date): Promise<number> {
  await assertWithinRateLimit(`designer_follow:user:${followerId}`, followRequestsPerHour, 3_600_000, now);
  const parsed = followBody.safeParse(body);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'userId must be a user id');
  if (parsed.data.userId === followerId) throw new AppError('BAD_REQUEST', 'You cannot follow yourself');
  return parsed.data.userId;
}

/** `body`: `{ userId }` of the designer. */
export async function followDesigner(
  followerId: number,
  body: unknown,
  now = new Date(),
): Promise<FollowState> {
  const result = await insertFollow(followerId, await followRequest(followerId, body, now), now);
  if (!result) throw new AppError('NOT_FOUND', 'No such designer');
  return { following: true, followers: result.followers };
}

export async function unfollowDesigner(
  followerId: number,
  body: unknown,
  now = new Date(),
): Promise<FollowState> {
  const result = await deleteFollow(followerId, await followRequest(followerId, body, now));
  if (!result) throw new AppError('NOT_FOUND', 'No such designer');
  return { following: false, followers: result.followers };
}
