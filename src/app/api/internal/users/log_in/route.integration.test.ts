/**
 * Log-in limits (issue 24): nobody can lock another person out of their account, and every 429 says
 * when to come back (Retry-After, in seconds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signUp } from '@/features/accounts/server/commands';

import { createTestDatabase, type TestDatabase } from '../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../tests/fixtures/csrf';
import { POST as logIn } from './route';

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

const password = 'correct horse battery';
let clients = 0;
const ip = () => `203.0.113.${++clients}`;

async function newUser(username: string) {
  const result = await signUp(
    { username, email: `${username}@example.com`, password },
    { links, clientIp: `192.0.2.${++clients}` },
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.userId;
}

function send(login: string, pass: string, clientIp: string) {
  return logIn(
    new Request('http://localhost:3000/api/internal/users/log_in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-ip': clientIp, ...csrfHeaders() },
      body: JSON.stringify({ login, password: pass }),
    }),
  );
}

function expectRetryAfter(response: Response) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
}

describe('POST /api/internal/users/log_in limits', () => {
  it('wrong passwords from many addresses never lock the right password out from a fresh address', async () => {
    const id = await newUser('lockout_victim');
    for (let i = 0; i < 30; i++)
      expect((await send('lockout_victim', `guess number ${i}`, ip())).status).toBe(400);
    const response = await send('lockout_victim', password, ip());
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { userId: number } }).data.userId).toBe(id);
  });

  it('an address that failed on an account under attack is refused there, with Retry-After', async () => {
    await newUser('attacked');
    const attacker = ip();
    expect((await send('attacked', 'first wrong guess', attacker)).status).toBe(400);
    for (let i = 0; i < 10; i++) await send('attacked', `spread guess ${i}`, ip());
    expectRetryAfter(await send('attacked', password, attacker));
    // Its owner, from a clean address, still gets in.
    expect((await send('attacked', password, ip())).status).toBe(200);
  });

  it('one address guessing one account is stopped after a few failures, with Retry-After', async () => {
    await newUser('guessed');
    const attacker = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send('guessed', `guess ${i} wrong`, attacker)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expectRetryAfter(await send('guessed', password, attacker));
  });

  it('an address past its own limit gets 429 with Retry-After', async () => {
    const client = ip();
    for (let i = 0; i < 10; i++) expect((await send(`nobody${i}`, 'some password', client)).status).toBe(400);
    expectRetryAfter(await send('nobody-else', 'some password', client));
  });
});
