import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import { createSession } from '@/server/auth/session';
import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-database';
import { verifyMutationRequest } from './csrf';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const ownOrigin = new URL(env.publicUrl).origin;
const cookieToken = 'Zm9yLXRoZS1jc3JmLWNvb2tpZS0xMjM0NTY3ODkwYWJj';

function post(headers: Record<string, string>): Request {
  return new Request('http://localhost:3000/api/x', { method: 'POST', headers });
}

async function refusal(request: Request): Promise<AppError> {
  const error = await verifyMutationRequest(request).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('FORBIDDEN');
  expect((error as AppError).status).toBe(403);
  return error as AppError;
}

async function newUser(name: string): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ($1, $2, '{buyer,seller}') RETURNING id`,
    [name, `${name}@example.com`],
  );
  return row!.id;
}

describe('verifyMutationRequest without a session (double submit)', () => {
  it('passes a token equal to the __Host-csrf cookie and returns no visitor', async () => {
    await expect(
      verifyMutationRequest(
        post({
          origin: ownOrigin,
          'sec-fetch-site': 'same-origin',
          cookie: `theme=dark; __Host-csrf=${cookieToken}`,
          'x-csrf-token': cookieToken,
        }),
      ),
    ).resolves.toBeNull();
    // Sec-Fetch-Site alone (no Origin) is enough for the origin check.
    await expect(
      verifyMutationRequest(
        post({
          'sec-fetch-site': 'same-origin',
          cookie: `__Host-csrf=${cookieToken}`,
          'x-csrf-token': cookieToken,
        }),
      ),
    ).resolves.toBeNull();
  });

  it('refuses a missing header, a different token or no cookie at all', async () => {
    const missing = await refusal(post({ origin: ownOrigin, cookie: `__Host-csrf=${cookieToken}` }));
    expect(missing.message).toContain('x-csrf-token');
    await refusal(post({ origin: ownOrigin, cookie: `__Host-csrf=${cookieToken}`, 'x-csrf-token': '' }));
    const wrong = await refusal(
      post({
        origin: ownOrigin,
        cookie: `__Host-csrf=${cookieToken}`,
        'x-csrf-token': `${cookieToken.slice(0, -1)}d`,
      }),
    );
    expect(wrong.message).toBe('Invalid CSRF token');
    await refusal(
      post({ origin: ownOrigin, cookie: `__Host-csrf=${cookieToken}`, 'x-csrf-token': `${cookieToken}x` }),
    );
    await refusal(post({ origin: ownOrigin, 'x-csrf-token': cookieToken }));
    // Another cookie of the same value does not count: only __Host-csrf does.
    await refusal(post({ origin: ownOrigin, cookie: `csrf=${cookieToken}`, 'x-csrf-token': cookieToken }));
  });

  it('refuses cross-site requests even with a matching token', async () => {
    const valid = { cookie: `__Host-csrf=${cookieToken}`, 'x-csrf-token': cookieToken };
    const crossOrigin = await refusal(post({ ...valid, origin: 'https://evil.example' }));
    expect(crossOrigin.message).toBe('Cross-site request refused');
    await refusal(post({ ...valid, origin: 'http://localhost:3001' }));
    await refusal(post({ ...valid, origin: 'null' }));
    await refusal(post({ ...valid, origin: ownOrigin, 'sec-fetch-site': 'cross-site' }));
    await refusal(post({ ...valid, origin: ownOrigin, 'sec-fetch-site': 'same-site' }));
    await refusal(post({ ...valid, 'sec-fetch-site': 'cross-site' }));
    // Neither Origin nor Sec-Fetch-Site: nothing shows it comes from our pages.
    await refusal(post(valid));
  });
});

describe('verifyMutationRequest with a session', () => {
  it('passes only the session’s own CSRF token and returns the visitor', async () => {
    const userId = await newUser('csrf_user');
    const { token, session } = await createSession(userId);
    expect(session.csrfToken).not.toBe(cookieToken);
    const cookie = `__Host-session=${token}; __Host-csrf=${cookieToken}`;

    const visitor = await verifyMutationRequest(
      post({ origin: ownOrigin, cookie, 'x-csrf-token': session.csrfToken }),
    );
    expect(visitor).toEqual({
      session,
      user: {
        id: userId,
        username: 'csrf_user',
        email: 'csrf_user@example.com',
        displayName: null,
        roles: ['buyer', 'seller'],
      },
    });

    // The CSRF cookie's value is not enough once there is a session with another token.
    await refusal(post({ origin: ownOrigin, cookie, 'x-csrf-token': cookieToken }));
    // Nor is the session token itself, nor its stored id.
    await refusal(post({ origin: ownOrigin, cookie, 'x-csrf-token': token }));
    await refusal(post({ origin: ownOrigin, cookie, 'x-csrf-token': session.id }));
    // Another session's token does not pass for this one.
    const other = await createSession(userId);
    await refusal(post({ origin: ownOrigin, cookie, 'x-csrf-token': other.session.csrfToken }));
    // Cross-site with the right token: refused.
    await refusal(post({ origin: 'https://evil.example', cookie, 'x-csrf-token': session.csrfToken }));
  });

  it('returns a guest visitor for a guest session', async () => {
    const { token, session } = await createSession(null);
    await expect(
      verifyMutationRequest(
        post({
          'sec-fetch-site': 'same-origin',
          cookie: `__Host-session=${token}`,
          'x-csrf-token': session.csrfToken,
        }),
      ),
    ).resolves.toEqual({ session, user: null });
  });

  it('falls back to the CSRF cookie when the session cookie is no longer valid', async () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const { token, session } = await createSession(await newUser('expired_user'), { now: created });
    const cookie = `__Host-session=${token}; __Host-csrf=${cookieToken}`;
    const later = new Date(created.getTime() + (env.SESSION_MAX_DAYS + 1) * 86_400_000);
    // The old session's token no longer passes…
    const stale = await verifyMutationRequest(
      post({ origin: ownOrigin, cookie, 'x-csrf-token': session.csrfToken }),
      later,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(stale).toBeInstanceOf(AppError);
    expect((stale as AppError).code).toBe('FORBIDDEN');
    // …and the request is treated as a visitor without a session.
    await expect(
      verifyMutationRequest(post({ origin: ownOrigin, cookie, 'x-csrf-token': cookieToken }), later),
    ).resolves.toBeNull();
  });
});
