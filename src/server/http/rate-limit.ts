/**
 * Rate limits kept in the database (a fixed window per client and action), so they hold across app
 * instances. The client is the address server/main.ts puts in `x-client-ip` over anything a client
 * sends: the peer, or behind a trusted proxy the client it forwarded for (`forwarded-client.ts`).
 */
import { and, eq, lt, sql } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { rateLimits } from '@/server/db/schema/rate-limits';
import { AppError } from '@/server/errors';

export const clientIpHeader = 'x-client-ip';

export function clientOf(request: Request): string {
  return request.headers.get(clientIpHeader) ?? 'unknown';
}

function windowOf(windowMs: number, now: Date): { start: Date; secondsLeft: number } {
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { start, secondsLeft: Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000) };
}

/** The 429 of a fixed-window limit, saying (Retry-After) when its window ends. */
export function rateLimited(windowMs: number, now = new Date()): AppError {
  return new AppError(
    'RATE_LIMITED',
    'Too many requests, please try again later',
    windowOf(windowMs, now).secondsLeft,
  );
}

/** Counts one hit of `key` in the current window of `windowMs`; returns the window's hits so far. */
export async function countRateLimitHit(key: string, windowMs: number, now = new Date()): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windowOf(windowMs, now).start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  // Old windows are of no use: now and then, clear those older than a day.
  if (Math.random() < 0.01)
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
  return row?.hits ?? 0;
}

/** The hits of `key` in the current window, without counting one. */
export async function rateLimitHits(key: string, windowMs: number, now = new Date()): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowOf(windowMs, now).start)));
  return row?.hits ?? 0;
}

/** Counts one request of `key`; past `limit` in the current window of `windowMs`, a 429. */
export async function assertWithinRateLimit(
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<void> {
  if ((await countRateLimitHit(key, windowMs, now)) > limit) throw rateLimited(windowMs, now);
}
