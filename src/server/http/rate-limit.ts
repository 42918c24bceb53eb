/**
 * Rate limits kept in the database (a fixed window per client and action), so they hold across app
 * instances. The client is the peer address the HTTP server saw (`x-client-ip`, set by
 * server/main.ts over anything a client sends).
 */
import { lt, sql } from 'drizzle-orm';

import { getDb } from '@/server/db/client';
import { rateLimits } from '@/server/db/schema/rate-limits';
import { AppError } from '@/server/errors';

export const clientIpHeader = 'x-client-ip';

export function clientOf(request: Request): string {
  return request.headers.get(clientIpHeader) ?? 'unknown';
}

/** Counts one request of `key`; past `limit` in the current window of `windowMs`, a 429. */
export async function assertWithinRateLimit(
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const db = await getDb();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  // Old windows are of no use: now and then, clear those older than a day.
  if (Math.random() < 0.01)
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
  if ((row?.hits ?? 0) > limit)
    throw new AppError('RATE_LIMITED', 'Too many requests, please try again later');
}
