/**
 * Sign-up (issue 24): new passwords follow NIST SP 800-63B and the answer names the rule broken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { requestPasswordReset } from '@/features/accounts/server/commands';

import { createTestDatabase, type TestDatabase } from '../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../tests/fixtures/csrf';
import { POST as confirmReset } from '../password_reset/confirm/route';
import { POST as signUp } from './route';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

let clients = 0;
const ip = () => `198.18.0.${++clients}`;

function post(route: (request: Request) => Promise<Response>, path: string, body: unknown, headers = {}) {
  return route(
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-ip': ip(), ...csrfHeaders(), ...headers },
      body: JSON.stringify(body),
    }),
  );
}

const signUpAs = (body: Record<string, string>, headers = {}) =>
  post(signUp, '/api/internal/users/sign_up', body, headers);

async function passwordErrorOf(response: Response): Promise<string | undefined> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { fieldErrors: { password?: string } } }).error.fieldErrors
    .password;
}

describe('POST /api/internal/users/sign_up passwords', () => {
  it('refuses 12345678, password and eight spaces, naming the rule', async () => {
    const account = { username: 'ruth_w', email: 'ruth@example.com' };
    expect(await passwordErrorOf(await signUpAs({ ...account, password: '12345678' }))).toBe(
      'password_common',
    );
    expect(await passwordErrorOf(await signUpAs({ ...account, password: 'password' }))).toBe(
      'password_common',
    );
    expect(await passwordErrorOf(await signUpAs({ ...account, password: 'PassWord' }))).toBe(
      'password_common',
    );
    expect(await passwordErrorOf(await signUpAs({ ...account, password: '        ' }))).toBe(
      'password_whitespace',
    );
    expect(await passwordErrorOf(await signUpAs({ ...account, password: 'short' }))).toBe('password_short');
    const [row] = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE username = 'ruth_w'`,
    );
    expect(row!.n).toBe(0);
  });

  it('refuses the username and the email address, and their parts', async () => {
    const account = { username: 'grace_h', email: 'admiral.hopper@example.com' };
    expect(await passwordErrorOf(await signUpAs({ ...account, password: 'grace_h' + '2026!' }))).toBe(
      'password_username',
    );
    expect(await passwordErrorOf(await signUpAs({ ...account, password: 'my GRACE_H rules' }))).toBe(
      'password_username',
    );
    expect(
      await passwordErrorOf(await signUpAs({ ...account, password: 'admiral.hopper@example.com' })),
    ).toBe('password_email');
    expect(await passwordErrorOf(await signUpAs({ ...account, password: 'admiral.hopper 1906' }))).toBe(
      'password_email',
    );
  });

  it('refuses the dictionary words of the visitor’s language, and takes a passphrase of 64+ characters', async () => {
    const account = { username: 'hans_f', email: 'hans@example.de' };
    expect(
      await passwordErrorOf(await signUpAs({ ...account, password: 'Schmetterling', locale: 'de' })),
    ).toBe('password_common');
    expect(
      await passwordErrorOf(
        await signUpAs({ ...account, password: 'ordinateur' }, { 'accept-language': 'fr-FR,fr;q=0.9' }),
      ),
    ).toBe('password_common');
    const phrase = 'seven purple tractors quietly sing under the old bridge at midnight';
    expect([...phrase].length).toBeGreaterThan(64);
    expect((await signUpAs({ ...account, password: phrase, locale: 'de' })).status).toBe(201);
  });
});

describe('POST /api/internal/users/password_reset/confirm passwords', () => {
  it('refuses a common password, the username and blanks, and keeps the link usable', async () => {
    expect(
      (
        await signUpAs({
          username: 'katherine_j',
          email: 'kj@example.com',
          password: 'orbital mechanics 1962',
        })
      ).status,
    ).toBe(201);
    await requestPasswordReset(
      { email: 'kj@example.com' },
      { clientIp: ip(), resetUrl: (token) => `http://localhost:3000/password-reset/new?token=${token}` },
    );
    const [mail] = await t.handle.query<{ body_text: string }>(
      `SELECT body_text FROM email_outbox WHERE to_address = 'kj@example.com' AND subject = 'Reset your password'`,
    );
    const token = /token=([\w-]{43})/.exec(mail!.body_text)![1]!;
    const reset = (password: string) =>
      post(confirmReset, '/api/internal/users/password_reset/confirm', { token, password, locale: 'en' });
    expect(await passwordErrorOf(await reset('password'))).toBe('password_common');
    expect(await passwordErrorOf(await reset('12345678'))).toBe('password_common');
    expect(await passwordErrorOf(await reset('        '))).toBe('password_whitespace');
    expect(await passwordErrorOf(await reset('katherine_j!!'))).toBe('password_username');
    expect((await reset('trajectories by hand')).status).toBe(200);
  });
});
