/**
 * Database sessions (decision 0019, OWASP ASVS level 2 §3): a 256-bit random token in an HttpOnly
 * cookie, only its SHA-256 stored; a new session (new token) at every log-in; an idle timeout
 * (SESSION_IDLE_MINUTES) and an absolute one (SESSION_MAX_DAYS); log-out deletes the row, so the old
 * cookie is worth nothing. The clock is a parameter everywhere.
 */
import { and, eq, lt, sql } from 'drizzle-orm';

import { env } from '@/env';
import { getDb, type Database } from '@/server/db/client';
import { sessions } from '@/server/db/schema/accounts';
import { users, type userRoles } from '@/server/db/schema/users';

import { hashToken, randomToken } from './tokens';

export type UserRole = (typeof userRoles)[number];

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  displayName: string | null;
  roles: UserRole[];
}

export interface Session {
  id: string;
  userId: number | null;
  csrfToken: string;
  expiresAt: Date;
}

/** Who is asking: their session (a guest's too, once they have a cart) and the user, if signed in. */
export interface Visitor {
  session: Session;
  user: SessionUser | null;
}

const idleMs = () => env.SESSION_IDLE_MINUTES * 60_000;
const maxAgeMs = () => env.SESSION_MAX_DAYS * 86_400_000;
/** `last_seen_at` is written at most this often (a write per request would cost more than it tells). */
const touchEveryMs = 60_000;

export function sessionCookieMaxAgeSeconds(): number {
  return Math.floor(maxAgeMs() / 1000);
}

/** A new session for `userId` (null: a guest); the token goes in the cookie and nowhere else. */
export async function createSession(
  userId: number | null,
  { now = new Date(), csrfToken = randomToken(), db }: { now?: Date; csrfToken?: string; db?: Database } = {},
): Promise<{ token: string; session: Session }> {
  const token = randomToken();
  const session: Session = {
    id: hashToken(token),
    userId,
    csrfToken,
    expiresAt: new Date(now.getTime() + maxAgeMs()),
  };
  await (db ?? (await getDb())).insert(sessions).values({ ...session, createdAt: now, lastSeenAt: now });
  return { token, session };
}

/** The visitor a session token belongs to, or null when it is unknown, idle too long or too old. */
export async function validateSessionToken(token: string, now = new Date()): Promise<Visitor | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      csrfToken: sessions.csrfToken,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      username: users.username,
      email: users.email,
      displayName: users.displayName,
      roles: users.roles,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, hashToken(token)));
  if (!row) return null;
  const idleSince = now.getTime() - row.lastSeenAt.getTime();
  if (row.expiresAt.getTime() <= now.getTime() || idleSince > idleMs()) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return null;
  }
  if (idleSince > touchEveryMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  const session = { id: row.id, userId: row.userId, csrfToken: row.csrfToken, expiresAt: row.expiresAt };
  const user =
    row.userId !== null && row.username !== null
      ? {
          id: row.userId,
          username: row.username,
          email: row.email!,
          displayName: row.displayName,
          roles: row.roles ?? [],
        }
      : null;
  return { session, user };
}

export async function deleteSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (after a password reset), but `keep` if given. */
export async function deleteUserSessions(userId: number, keep?: string): Promise<void> {
  const db = await getDb();
  await db
    .delete(sessions)
    .where(
      keep === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keep}`),
    );
}

/** Deletes sessions past their absolute timeout (run now and then; validation refuses them anyway). */
export async function deleteExpiredSessions(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
