import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSession, validateSessionToken } from '@/server/auth/session';
import { hashToken } from '@/server/auth/tokens';
import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { passwordMaxLength, passwordMinLength } from '../schemas';
import { accountRateLimits, logIn, requestPasswordReset, resetPassword, signUp } from './commands';

const links = {
  locale: 'en' as const,
  confirmUrl: (token: string) => `http://localhost:3000/email-confirmation?token=${token}`,
  logInUrl: 'http://localhost:3000/login',
  resetUrl: 'http://localhost:3000/password-reset',
};
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

/** A new client address per call, so the rate limits of one test never touch another's. */
let clients = 0;
const ip = () => `198.51.100.${++clients}`;
const password = 'correct horse battery';
const resetUrl = (token: string) => `http://localhost:3000/reset-password?token=${token}`;

async function newUser(username: string, pass = password): Promise<number> {
  const result = await signUp(
    { username, email: `${username.toLowerCase()}@example.com`, password: pass },
    { links, clientIp: ip() },
  );
  if (!result.ok) throw new Error(`sign up of ${username} failed: ${JSON.stringify(result)}`);
  // As if its owner had opened the confirmation link (decision 0041).
  await t.handle.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [result.userId]);
  return result.userId;
}

async function rateLimitedError(run: () => Promise<unknown>): Promise<AppError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('RATE_LIMITED');
  expect((error as AppError).status).toBe(429);
  return error as AppError;
}

/** The reset emails sent to `to` (sign-up's own email to the address is left out). */
async function outbox(to: string) {
  return t.handle.query<{ subject: string; body_text: string }>(
    `SELECT subject, body_text FROM email_outbox WHERE to_address = $1 AND subject = 'Reset your password' ORDER BY id`,
    [to],
  );
}

async function sessionCount(userId: number): Promise<number> {
  const [row] = await t.handle.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
    [userId],
  );
  return row!.n;
}

describe('signUp', () => {
  it('stores the user with an argon2id hash, never the password', async () => {
    const result = await signUp(
      { username: ' Ada_Lovelace ', email: 'Ada@Example.com', password },
      { links, clientIp: ip() },
    );
    expect(result).toEqual({ ok: true, userId: expect.any(Number) });
    const rows = await t.handle.query<{
      id: number;
      username: string;
      email: string;
      password_hash: string;
    }>('SELECT id, username, email, password_hash FROM users WHERE lower(username) = $1', ['ada_lovelace']);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.id).toBe(result.ok && result.userId);
    expect(row!.username).toBe('Ada_Lovelace');
    expect(row!.email).toBe('Ada@Example.com');
    expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row!.password_hash).not.toContain(password);
    // Nowhere in the table, in any column.
    const [leak] = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u WHERE position($1 in u::text) > 0`,
      [password],
    );
    expect(leak!.n).toBe(0);
  });

  it('refuses a username taken in any case; a taken email gets an email, not a refusal', async () => {
    await newUser('Grace');
    expect(
      await signUp(
        { username: 'gRACE', email: 'other-grace@example.com', password },
        { links, clientIp: ip() },
      ),
    ).toEqual({ ok: false, fieldErrors: { username: 'username_taken' } });
    expect(
      await signUp({ username: 'grace2', email: 'GRACE@example.COM', password }, { links, clientIp: ip() }),
    ).toEqual({ ok: true, userId: expect.any(Number) });
    const rows = await t.handle.query<{ username: string; confirmed: boolean }>(
      `SELECT username, email_confirmed_at IS NOT NULL AS confirmed FROM users
       WHERE lower(username) LIKE 'grace%' ORDER BY id`,
    );
    expect(rows).toEqual([
      { username: 'Grace', confirmed: true },
      { username: 'grace2', confirmed: false },
    ]);
  });

  it('reports every invalid field with its own key and stores nothing', async () => {
    expect(await signUp({}, { links, clientIp: ip() })).toEqual({
      ok: false,
      fieldErrors: { username: 'required', email: 'required', password: 'required' },
    });
    expect(await signUp(null, { links, clientIp: ip() })).toEqual({
      ok: false,
      fieldErrors: { username: 'required', email: 'required', password: 'required' },
    });
    expect(await signUp({ username: '   ', email: 42, password: '' }, { links, clientIp: ip() })).toEqual({
      ok: false,
      fieldErrors: { username: 'required', email: 'required', password: 'required' },
    });
    expect(
      await signUp(
        { username: 'has space', email: 'no-at-sign.example.com', password: 'x'.repeat(7) },
        { links, clientIp: ip() },
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { username: 'username_format', email: 'invalid_email', password: 'password_short' },
    });
    expect(
      await signUp({ username: 'a', email: 'a@nodot', password: 'x'.repeat(129) }, { links, clientIp: ip() }),
    ).toEqual({
      ok: false,
      fieldErrors: { username: 'username_format', email: 'invalid_email', password: 'password_long' },
    });
    expect(
      await signUp(
        { username: 'x'.repeat(41), email: 'fine@example.com', password },
        { links, clientIp: ip() },
      ),
    ).toEqual({ ok: false, fieldErrors: { username: 'username_format' } });
    expect(
      await signUp({ username: 'émile', email: 'emile@example.com', password }, { links, clientIp: ip() }),
    ).toEqual({ ok: false, fieldErrors: { username: 'username_format' } });
    const rows = await t.handle.query(
      `SELECT id FROM users WHERE email IN ('fine@example.com', 'emile@example.com', 'a@nodot')`,
    );
    expect(rows).toEqual([]);
  });

  it('accepts the limits exactly: 8 and 128 characters of password, 2 and 40 of username', async () => {
    expect(passwordMinLength).toBe(8);
    expect(passwordMaxLength).toBe(128);
    const shortest = await signUp(
      { username: 'ab', email: 'ab@example.com', password: 'p'.repeat(8) },
      { links, clientIp: ip() },
    );
    expect(shortest).toEqual({ ok: true, userId: expect.any(Number) });
    const longName = 'L'.repeat(40);
    const longest = await signUp(
      { username: longName, email: 'long@example.com', password: 'q'.repeat(128) },
      { links, clientIp: ip() },
    );
    expect(longest).toEqual({ ok: true, userId: expect.any(Number) });
    // The passwords at the limits work for logging in, too.
    expect(await logIn({ login: 'ab', password: 'p'.repeat(8) }, { clientIp: ip() })).toEqual({
      ok: true,
      userId: shortest.ok ? shortest.userId : -1,
    });
    expect(await logIn({ login: longName, password: 'q'.repeat(128) }, { clientIp: ip() })).toEqual({
      ok: true,
      userId: longest.ok ? longest.userId : -1,
    });
    // Counted in characters, not bytes or UTF-16 units: 8 emoji are 8 characters.
    expect(
      await signUp(
        { username: 'emoji', email: 'emoji@example.com', password: '🔑'.repeat(8) },
        { links, clientIp: ip() },
      ),
    ).toEqual({ ok: true, userId: expect.any(Number) });
    expect(
      await signUp(
        { username: 'emoji7', email: 'emoji7@example.com', password: '🔑'.repeat(7) },
        { links, clientIp: ip() },
      ),
    ).toEqual({ ok: false, fieldErrors: { password: 'password_short' } });
  });

  it('limits sign-ups per client: the 6th attempt in the hour is refused', async () => {
    const clientIp = ip();
    const now = new Date('2026-03-02T10:05:00Z');
    expect(accountRateLimits.signUp.limit).toBe(5);
    for (let i = 1; i <= 5; i++) {
      expect(
        await signUp(
          { username: `burst${i}`, email: `burst${i}@example.com`, password },
          { links, clientIp, now },
        ),
      ).toEqual({ ok: true, userId: expect.any(Number) });
    }
    await rateLimitedError(() =>
      signUp({ username: 'burst6', email: 'burst6@example.com', password }, { links, clientIp, now }),
    );
    const rows = await t.handle.query(`SELECT id FROM users WHERE username = 'burst6'`);
    expect(rows).toEqual([]);
    // Another client is not affected.
    expect(
      await signUp(
        { username: 'burst7', email: 'burst7@example.com', password },
        { links, clientIp: ip(), now },
      ),
    ).toEqual({ ok: true, userId: expect.any(Number) });
    // The next hour's window allows again.
    expect(
      await signUp(
        { username: 'burst8', email: 'burst8@example.com', password },
        { links, clientIp, now: new Date(now.getTime() + 61 * 60_000) },
      ),
    ).toEqual({ ok: true, userId: expect.any(Number) });
  });
});

describe('logIn', () => {
  it('logs in by username or by email, in any case', async () => {
    const id = await newUser('Katherine');
    for (const login of [
      'Katherine',
      'katherine',
      'KATHERINE',
      'katherine@example.com',
      'KATHERINE@Example.COM',
      '  katherine  ',
    ]) {
      expect(await logIn({ login, password }, { clientIp: ip() })).toEqual({ ok: true, userId: id });
    }
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    await newUser('Dorothy');
    const wrong = await logIn({ login: 'dorothy', password: 'not the password' }, { clientIp: ip() });
    const unknown = await logIn({ login: 'nobody-here', password }, { clientIp: ip() });
    const unknownEmail = await logIn({ login: 'nobody@example.com', password }, { clientIp: ip() });
    const expected = { ok: false, fieldErrors: {}, formError: 'invalid_credentials' };
    expect(wrong).toEqual(expected);
    expect(unknown).toEqual(expected);
    expect(unknownEmail).toEqual(expected);
    // The password is case-sensitive and not trimmed.
    expect(await logIn({ login: 'dorothy', password: password.toUpperCase() }, { clientIp: ip() })).toEqual(
      expected,
    );
    expect(await logIn({ login: 'dorothy', password: ` ${password}` }, { clientIp: ip() })).toEqual(expected);
  });

  it('does not log in a user without a password (seeded or imported)', async () => {
    await t.handle.query(`INSERT INTO users (username, email) VALUES ('seeded', 'seeded@example.com')`);
    expect(await logIn({ login: 'seeded', password }, { clientIp: ip() })).toEqual({
      ok: false,
      fieldErrors: {},
      formError: 'invalid_credentials',
    });
  });

  it('reports missing fields', async () => {
    expect(await logIn({ login: ' ', password: '' }, { clientIp: ip() })).toEqual({
      ok: false,
      fieldErrors: { login: 'required', password: 'required' },
    });
    expect(await logIn({ login: 'x', password: 'p'.repeat(129) }, { clientIp: ip() })).toEqual({
      ok: false,
      fieldErrors: { password: 'password_long' },
    });
  });

  it('refuses the 11th attempt from one client in the window, and allows again in the next', async () => {
    const id = await newUser('Margaret');
    const clientIp = ip();
    const now = new Date('2026-03-02T10:00:30Z');
    expect(accountRateLimits.logIn).toEqual({ limit: 10, windowMs: 15 * 60_000 });
    // Ten attempts on different accounts (so only the per-client limit is in play), right or wrong.
    for (let i = 1; i <= 9; i++) {
      expect(await logIn({ login: `ghost${i}`, password }, { clientIp, now })).toMatchObject({
        ok: false,
        formError: 'invalid_credentials',
      });
    }
    expect(await logIn({ login: 'margaret', password }, { clientIp, now })).toEqual({ ok: true, userId: id });
    // The 11th, even with the right password, is refused.
    await rateLimitedError(() =>
      logIn({ login: 'margaret', password }, { clientIp, now: new Date(now.getTime() + 60_000) }),
    );
    // Another client is not affected.
    expect(await logIn({ login: 'margaret', password }, { clientIp: ip(), now })).toEqual({
      ok: true,
      userId: id,
    });
    // 16 minutes later is a new window.
    expect(
      await logIn({ login: 'margaret', password }, { clientIp, now: new Date(now.getTime() + 16 * 60_000) }),
    ).toEqual({ ok: true, userId: id });
  });

  it('lets an account be guessed from many clients only once each, never locking out a clean address', async () => {
    const id = await newUser('Hedy');
    const now = new Date('2026-03-02T11:00:30Z');
    const first = ip();
    expect(await logIn({ login: 'hedy', password: 'first guess' }, { clientIp: first, now })).toMatchObject({
      ok: false,
      formError: 'invalid_credentials',
    });
    for (let i = 1; i <= 10; i++) {
      expect(await logIn({ login: 'hedy', password: `guess ${i}xx` }, { clientIp: ip(), now })).toMatchObject(
        { ok: false, formError: 'invalid_credentials' },
      );
    }
    // The account is under attack: an address that failed on it is refused, whatever the name's case.
    const refused = await rateLimitedError(() =>
      logIn({ login: 'HEDY', password }, { clientIp: first, now }),
    );
    expect(refused.retryAfterSeconds).toBe(15 * 60 - 30);
    // A clean address still gets the right password checked.
    expect(await logIn({ login: 'hedy', password }, { clientIp: ip(), now })).toEqual({
      ok: true,
      userId: id,
    });
    expect(
      await logIn(
        { login: 'hedy', password },
        { clientIp: first, now: new Date(now.getTime() + 16 * 60_000) },
      ),
    ).toEqual({ ok: true, userId: id });
  });
});

describe('password reset', () => {
  async function requestToken(email: string, now?: Date): Promise<string> {
    const before = (await outbox(email)).length;
    expect(await requestPasswordReset({ email }, { clientIp: ip(), now, resetUrl })).toEqual({ ok: true });
    const mails = await outbox(email);
    expect(mails).toHaveLength(before + 1);
    const match = /reset-password\?token=([\w-]+)/.exec(mails.at(-1)!.body_text);
    expect(match).not.toBeNull();
    return match![1]!;
  }

  it('emails the reset link to a known address, and nothing for an unknown one', async () => {
    await newUser('Barbara');
    const [{ n: before }] = (await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM email_outbox',
    )) as [{ n: number }];
    const tokens: string[] = [];
    const answer = await requestPasswordReset(
      { email: ' BARBARA@example.com ' },
      {
        clientIp: ip(),
        resetUrl: (token) => {
          tokens.push(token);
          return resetUrl(token);
        },
      },
    );
    expect(answer).toEqual({ ok: true });
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatch(/^[\w-]{43}$/);
    const mails = await outbox('barbara@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your password');
    expect(mails[0]!.body_text).toContain(resetUrl(tokens[0]!));
    expect(mails[0]!.body_text).toContain('Barbara');
    // Only the token's hash is stored.
    const stored = await t.handle.query<{ id: string }>(
      'SELECT r.id FROM password_reset_tokens r JOIN users u ON u.id = r.user_id WHERE u.username = $1',
      ['Barbara'],
    );
    expect(stored).toEqual([{ id: hashToken(tokens[0]!) }]);

    // An unknown address: the same answer, no email, no token.
    const [{ n: tokensBefore }] = (await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM password_reset_tokens',
    )) as [{ n: number }];
    const unknownTokens: string[] = [];
    expect(
      await requestPasswordReset(
        { email: 'nobody-at-all@example.com' },
        {
          clientIp: ip(),
          resetUrl: (token) => {
            unknownTokens.push(token);
            return resetUrl(token);
          },
        },
      ),
    ).toEqual({ ok: true });
    // A username is not an email: no mail either.
    expect(await requestPasswordReset({ email: 'Barbara' }, { clientIp: ip(), resetUrl })).toEqual({
      ok: false,
      fieldErrors: { email: 'invalid_email' },
    });
    expect(unknownTokens).toEqual([]);
    const [{ n: after }] = (await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM email_outbox',
    )) as [{ n: number }];
    expect(after).toBe(before + 1);
    const [{ n: tokensAfter }] = (await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM password_reset_tokens',
    )) as [{ n: number }];
    expect(tokensAfter).toBe(tokensBefore);
  });

  it('resets the password once with the token and ends all the user’s sessions', async () => {
    const id = await newUser('Frances');
    const other = await newUser('Evelyn');
    const first = await createSession(id);
    const second = await createSession(id);
    const othersSession = await createSession(other);
    expect(await sessionCount(id)).toBe(2);

    const token = await requestToken('frances@example.com');
    const newPassword = 'a brand new passphrase';
    expect(await resetPassword({ token, password: newPassword })).toEqual({ ok: true, userId: id });

    expect(await logIn({ login: 'frances', password: newPassword }, { clientIp: ip() })).toEqual({
      ok: true,
      userId: id,
    });
    expect(await logIn({ login: 'frances', password }, { clientIp: ip() })).toEqual({
      ok: false,
      fieldErrors: {},
      formError: 'invalid_credentials',
    });
    expect(await sessionCount(id)).toBe(0);
    expect(await validateSessionToken(first.token)).toBeNull();
    expect(await validateSessionToken(second.token)).toBeNull();
    // Another user's session stays.
    expect(await sessionCount(other)).toBe(1);
    expect((await validateSessionToken(othersSession.token))?.user?.id).toBe(other);

    // The same token a second time is worth nothing and changes nothing.
    expect(await resetPassword({ token, password: 'yet another password' })).toEqual({
      ok: false,
      fieldErrors: {},
      formError: 'invalid_token',
    });
    expect(await logIn({ login: 'frances', password: newPassword }, { clientIp: ip() })).toEqual({
      ok: true,
      userId: id,
    });
  });

  it('refuses a token after its hour, and unknown or malformed tokens', async () => {
    const id = await newUser('Annie');
    const issued = new Date(Date.now() - 60_000);
    const token = await requestToken('annie@example.com', issued);
    const late = new Date(issued.getTime() + 61 * 60_000);
    expect(await resetPassword({ token, password: 'too late to change' }, { now: late })).toEqual({
      ok: false,
      fieldErrors: {},
      formError: 'invalid_token',
    });
    expect(await logIn({ login: 'annie', password }, { clientIp: ip() })).toEqual({ ok: true, userId: id });

    // An unknown token of the right shape, and malformed ones.
    for (const bad of ['A'.repeat(43), 'short', `${token}x`, `${token.slice(0, 42)}!`]) {
      expect(await resetPassword({ token: bad, password: 'another password' })).toEqual({
        ok: false,
        fieldErrors: {},
        formError: 'invalid_token',
      });
    }
    expect(await resetPassword({ token: '', password: 'short' })).toEqual({
      ok: false,
      fieldErrors: { token: 'required', password: 'password_short' },
    });

    // Within the hour the same token still works (it was not used up by the refusals).
    const inTime = new Date(issued.getTime() + 59 * 60_000);
    expect(await resetPassword({ token, password: 'just in time pass' }, { now: inTime })).toEqual({
      ok: true,
      userId: id,
    });
  });

  it('limits reset requests per client', async () => {
    await newUser('Mary');
    const clientIp = ip();
    const now = new Date('2026-03-02T12:00:30Z');
    for (let i = 1; i <= accountRateLimits.passwordReset.limit; i++) {
      expect(await requestPasswordReset({ email: 'mary@example.com' }, { clientIp, now, resetUrl })).toEqual({
        ok: true,
      });
    }
    await rateLimitedError(() =>
      requestPasswordReset({ email: 'mary@example.com' }, { clientIp, now, resetUrl }),
    );
    expect(await outbox('mary@example.com')).toHaveLength(accountRateLimits.passwordReset.limit);
  });
});
