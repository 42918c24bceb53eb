/** The challenge routes' shared answers: refusals carry their reason, for the forms to translate. */
import { NextResponse } from 'next/server';
import type { z } from 'zod';

import { AppError } from '@/server/errors';
import { handleJson, jsonFieldErrors } from '@/server/http/json';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { challengeFieldErrors } from '../schemas';
import { ChallengeRefusal } from './refusals';

const hour = 3_600_000;

/** Per member and hour: a bot cannot flood entries, votes or an admin's edits. */
export const challengeRateLimits = { entry: 10, vote: 60, admin: 60 } as const;

export function assertChallengeRateLimit(
  action: keyof typeof challengeRateLimits,
  userId: number,
  now: Date,
) {
  return assertWithinRateLimit(`challenge-${action}:user:${userId}`, challengeRateLimits[action], hour, now);
}

/** Like `handleJson`, with a refusal's `reason` in its error. */
export function handleChallengeJson(run: () => Promise<Response>): Promise<Response> {
  return handleJson(async () => {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof ChallengeRefusal)) throw error;
      return NextResponse.json(
        { error: { code: error.code, message: error.message, reason: error.reason } },
        { status: error.status, headers: { 'cache-control': 'no-store' } },
      );
    }
  });
}

/** A path's challenge or entry id; anything but a positive whole number is a 404. */
export function idOf(text: string): number {
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647)
    throw new AppError('NOT_FOUND', 'No such challenge');
  return Number(text);
}

/** Parses a JSON body with `schema`; a refusal is a 400 naming the fields. */
export function parseOrFieldErrors<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { data: z.output<S> } | { refused: Response } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  return { refused: jsonFieldErrors(challengeFieldErrors(parsed.error)) };
}
