import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';

import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  sessionCookieMaxAgeSeconds,
  validateSessionToken,
} from './session';
import { hashToken } from './tokens';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const idleMs = env.SESSION_IDLE_MINUTES * minute;
const maxAgeMs = env.SESSION_MAX_DAYS * day;

let users = 0;
async function newUser(roles = '{buyer}', displayName: string | null = null): Promise<number> {
  const name = `user${++users}`;
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, display_name, roles) VALUES ($1, $2, $3, $4::user_role[]) RETURNING id`,
    [name, `${name}@example.com`, displayName, roles],
  );
  return row!.id;
}

interface SessionRow {
  id: string;
  user_id: number | null;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

async function sessionRow(id: string): Promise<SessionRow | undefined> {
  const [row] = await t.handle.query<SessionRow>(
    'SELECT id, user_id, csrf_token, created_at, last_seen_at, expires_at FROM sessions WHERE id = $1',
    [id],
  );
  return row;
}

describe('createSession', () => {
  it('stores only the SHA-256 of a fresh 256-bit token', async () => {
    const userId = await newUser();
    const now = new Date('2026-05-01T08:00:00Z');
    const { token, session } = await createSession(userId, { now, csrfToken: 'csrf-of-this-session' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(session).toEqual({
      id: hashToken(token),
      userId,
      csrfToken: 'csrf-of-this-session',
      expiresAt: new Date(now.getTime() + maxAgeMs),
    });
    expect(session.id).toMatch(/^[0-9a-f]{64}$/);
    expect(session.id).not.toBe(token);
    const row = await sessionRow(session.id);
    expect(row).toEqual({
      id: hashToken(token),
      user_id: userId,
      csrf_token: 'csrf-of-this-session',
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + maxAgeMs),
    });
    const leaks = await t.handle.query(
      `SELECT id FROM sessions s WHERE s.id = $1 OR position($1 in s::text) > 0`,
      [token],
    );
    expect(leaks).toEqual([]);
    expect(sessionCookieMaxAgeSeconds()).toBe(env.SESSION_MAX_DAYS * 86_400);
  });

  it('gives a different token, id and CSRF token every time, for users and guests', async () => {
    const userId = await newUser();
    const made = await Promise.all([
      createSession(userId),
      createSession(userId),
      createSession(null),
      createSession(null),
    ]);
    const tokens = made.map((m) => m.token);
    expect(new Set(tokens).size).toBe(4);
    expect(new Set(made.map((m) => m.session.id)).size).toBe(4);
    expect(new Set(made.map((m) => m.session.csrfToken)).size).toBe(4);
    for (const { token, session } of made) {
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(session.csrfToken).toMatch(/^[\w-]{43}$/);
      expect(session.csrfToken).not.toBe(token);
    }
    const rows = await t.handle.query<{ id: string }>('SELECT id FROM sessions WHERE id = ANY($1::text[])', [
      tokens,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('validateSessionToken', () => {
  it('returns the session and the user with their roles', async () => {
    const userId = await newUser('{buyer,seller,admin}', 'Ms Seller');
    const now = new Date('2026-05-02T08:00:00Z');
    const { token, session } = await createSession(userId, { now });
    const visitor = await validateSessionToken(token, new Date(now.getTime() + 5 * minute));
    expect(visitor).toEqual({
      session,
      user: {
        id: userId,
        username: `user${users}`,
        email: `user${users}@example.com`,
        displayName: 'Ms Seller',
        roles: ['buyer', 'seller', 'admin'],
      },
    });
  });

  it('returns a guest session with no user', async () => {
    const now = new Date('2026-05-02T09:00:00Z');
    const { token, session } = await createSession(null, { now });
    expect(await validateSessionToken(token, now)).toEqual({ session, user: null });
  });

  it('returns null for unknown and malformed tokens', async () => {
    const { token, session } = await createSession(await newUser());
    const otherToken = Buffer.alloc(32, 7).toString('base64url');
    expect(await validateSessionToken(otherToken)).toBeNull();
    expect(await validateSessionToken('')).toBeNull();
    expect(await validateSessionToken('short')).toBeNull();
    expect(await validateSessionToken(`${token}A`)).toBeNull();
    expect(await validateSessionToken(`${token.slice(0, 42)}=`)).toBeNull();
    expect(await validateSessionToken(token.slice(0, 42))).toBeNull();
    // The stored id is not a token: presenting it gets nothing.
    expect(await validateSessionToken(session.id)).toBeNull();
    // The right token still works, and the refusals did not delete it.
    expect((await validateSessionToken(token))?.session.id).toBe(session.id);
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES and deletes its row', async () => {
    const created = new Date('2026-05-03T08:00:00Z');
    const { token, session } = await createSession(await newUser(), { now: created });
    // Just within the idle timeout it is alive (and this use moves last_seen_at).
    const almost = new Date(created.getTime() + idleMs - minute);
    expect((await validateSessionToken(token, almost))?.session.id).toBe(session.id);
    expect((await sessionRow(session.id))?.last_seen_at).toEqual(almost);
    // Idle from that use for idle + 1 minute: gone.
    const late = new Date(almost.getTime() + idleMs + minute);
    expect(await validateSessionToken(token, late)).toBeNull();
    expect(await sessionRow(session.id)).toBeUndefined();
    // And it stays gone, even at a time it would have been fine.
    expect(await validateSessionToken(token, almost)).toBeNull();
  });

  it('ends an idle session counted from its creation', async () => {
    const created = new Date('2026-05-03T09:00:00Z');
    const { token, session } = await createSession(await newUser(), { now: created });
    expect(await validateSessionToken(token, new Date(created.getTime() + idleMs + minute))).toBeNull();
    expect(await sessionRow(session.id)).toBeUndefined();
  });

  it('writes last_seen_at only when more than a minute has passed', async () => {
    const created = new Date('2026-05-03T10:00:00Z');
    const { token, session } = await createSession(await newUser(), { now: created });
    await validateSessionToken(token, new Date(created.getTime() + 30_000));
    expect((await sessionRow(session.id))?.last_seen_at).toEqual(created);
    const later = new Date(created.getTime() + 61_000);
    await validateSessionToken(token, later);
    expect((await sessionRow(session.id))?.last_seen_at).toEqual(later);
  });

  it('ends a session at its absolute timeout even while it is in use', async () => {
    const created = new Date('2026-05-04T08:00:00Z');
    const { token, session } = await createSession(await newUser(), { now: created });
    const expires = created.getTime() + maxAgeMs;
    expect(session.expiresAt.getTime()).toBe(expires);
    const step = 6 * hour;
    expect(step).toBeLessThan(idleMs);
    let at = created.getTime() + step;
    for (; at < expires; at += step) {
      const visitor = await validateSessionToken(token, new Date(at));
      expect(visitor?.session.id, `alive at +${(at - created.getTime()) / hour} h`).toBe(session.id);
    }
    // Active the minute before it ends…
    expect((await validateSessionToken(token, new Date(expires - minute)))?.session.id).toBe(session.id);
    expect((await sessionRow(session.id))?.last_seen_at).toEqual(new Date(expires - minute));
    // …and refused once it has, although it was used a minute ago.
    expect(await validateSessionToken(token, new Date(expires))).toBeNull();
    expect(await sessionRow(session.id)).toBeUndefined();
  });
});

describe('ending sessions', () => {
  it('deleteSession makes the token worthless, and leaves other sessions', async () => {
    const userId = await newUser();
    const one = await createSession(userId);
    const two = await createSession(userId);
    expect((await validateSessionToken(one.token))?.user?.id).toBe(userId);
    await deleteSession(one.session.id);
    expect(await validateSessionToken(one.token)).toBeNull();
    expect(await sessionRow(one.session.id)).toBeUndefined();
    expect((await validateSessionToken(two.token))?.user?.id).toBe(userId);
  });

  it('deleteUserSessions ends every session of the user but the one kept', async () => {
    const userId = await newUser();
    const other = await newUser();
    const [a, b, c] = await Promise.all([
      createSession(userId),
      createSession(userId),
      createSession(userId),
    ]);
    const others = await createSession(other);
    await deleteUserSessions(userId, b!.session.id);
    expect(await validateSessionToken(a!.token)).toBeNull();
    expect(await validateSessionToken(c!.token)).toBeNull();
    expect((await validateSessionToken(b!.token))?.session.id).toBe(b!.session.id);
    await deleteUserSessions(userId);
    expect(await validateSessionToken(b!.token)).toBeNull();
    expect((await validateSessionToken(others.token))?.user?.id).toBe(other);
  });

  it('deleteExpiredSessions removes only sessions past their absolute timeout', async () => {
    const old = await createSession(null, { now: new Date('2020-01-01T00:00:00Z') });
    const fresh = await createSession(null);
    await deleteExpiredSessions();
    expect(await sessionRow(old.session.id)).toBeUndefined();
    expect(await sessionRow(fresh.session.id)).toBeDefined();
  });
});
