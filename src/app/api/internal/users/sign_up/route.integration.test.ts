/**
 * Sign-up (issue 24): new passwords follow NIST SP 800-63B and the answer names the rule broken; the
 * answer never tells whether an email address has an account (the address is told, by email).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { requestPasswordReset } from '@/features/accounts/server/commands';

import { createTestDatabase, type TestDatabase } from '../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../tests/fixtures/csrf';
import { POST as confirmEmail } from '../email_confirmation/route';
import { POST as resendEmail } from '../email_confirmation/resend/route';
import { POST as logIn } from '../log_in/route';
import { POST as confirmReset } from '../password_reset/confirm/route';
import { POST as askForReset } from '../password_reset/route';
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

async function mailsTo(address: string) {
  return t.handle.query<{ subject: string; body_text: string }>(
    'SELECT subject, body_text FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id',
    [address],
  );
}

async function tokenMailedTo(address: string): Promise<string> {
  const confirmations = (await mailsTo(address)).filter((m) => m.subject === 'Confirm your email address');
  return /token=([\w-]{43})/.exec(confirmations.at(-1)!.body_text)![1]!;
}

const confirmWith = (token: string) =>
  post(confirmEmail, '/api/internal/users/email_confirmation', { token });
const logInAs = (login: string, password: string) =>
  post(logIn, '/api/internal/users/log_in', { login, password });

/** The session cookies a sign-up set, as the next request's headers. */
function sessionHeaders(response: Response): Record<string, string> {
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('__Host-csrf='))!.split('=')[1]!;
  return { cookie: cookies.join('; '), 'x-csrf-token': csrf };
}

/** What a page can see of a sign-up's answer: the status, the body's shape, the cookies set. */
async function visibleShape(response: Response) {
  const body = (await response.json()) as { data: Record<string, unknown> };
  return {
    status: response.status,
    keys: Object.keys(body.data).sort(),
    types: Object.values(body.data).map((v) => typeof v),
    cookies: response.headers.getSetCookie().map((c) => c.split('=')[0]),
  };
}

describe('POST /api/internal/users/sign_up reveals no email address', () => {
  const strong = 'lantern meadow copper 7';

  it('answers an address that has an account as a new one, and emails the address instead', async () => {
    expect(
      (await signUpAs({ username: 'owner_a', email: 'shared@example.com', password: strong })).status,
    ).toBe(201);
    expect((await confirmWith(await tokenMailedTo('shared@example.com'))).status).toBe(200);

    const fresh = await signUpAs({ username: 'fresh_b', email: 'fresh@example.com', password: strong });
    const copy = await signUpAs({ username: 'copycat_c', email: 'SHARED@example.com', password: strong });
    const copyShape = await visibleShape(copy);
    expect(copyShape).toEqual(await visibleShape(fresh));
    expect(copyShape.status).toBe(201);

    const toFresh = await mailsTo('fresh@example.com');
    expect(toFresh.map((m) => m.subject)).toEqual(['Confirm your email address']);
    const toOwner = (await mailsTo('shared@example.com')).at(-1)!;
    expect(toOwner.subject).toBe('You already have an account');
    expect(toOwner.body_text).toContain('"owner_a"');
    expect(toOwner.body_text).toContain('http://localhost:3000/password-reset');
    expect(toOwner.body_text).not.toMatch(/token=/);

    // The copy's holder gains nothing from the address: it logs in and resets only for its owner.
    expect((await logInAs('shared@example.com', strong)).status).toBe(200);
    const [owner] = await t.handle.query<{ id: number }>(`SELECT id FROM users WHERE username = 'owner_a'`);
    const asOwner = (await (await logInAs('SHARED@example.com', strong)).json()) as {
      data: { userId: number };
    };
    expect(asOwner.data.userId).toBe(owner!.id);
    expect((await logInAs('copycat_c', strong)).status).toBe(200);

    // Asking again sends the same kind of email, never a link that would confirm the copy.
    expect(
      (
        await post(
          resendEmail,
          '/api/internal/users/email_confirmation/resend',
          { locale: 'de' },
          sessionHeaders(copy),
        )
      ).status,
    ).toBe(202);
    const again = (await mailsTo('shared@example.com')).at(-1)!;
    // Asked for on the German pages: in German.
    expect(again.subject).toBe('Sie haben bereits ein Konto');
    expect(again.body_text).toContain('http://localhost:3000/de/login');
  });

  it('confirms a new address by its link, once; only then does it log in', async () => {
    expect(
      (await signUpAs({ username: 'newcomer', email: 'newcomer.mail@example.com', password: strong })).status,
    ).toBe(201);
    expect((await logInAs('newcomer.mail@example.com', strong)).status).toBe(400);
    expect((await logInAs('newcomer', strong)).status).toBe(200);
    const token = await tokenMailedTo('newcomer.mail@example.com');
    expect((await confirmWith(token)).status).toBe(200);
    expect((await logInAs('newcomer.mail@example.com', strong)).status).toBe(200);
    const reused = await confirmWith(token);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: { formError: string } }).error.formError).toBe('invalid_token');
    expect((await confirmWith('x'.repeat(43))).status).toBe(400);
    expect((await confirmWith('')).status).toBe(400);
  });

  it('gives an address to the first account that confirms it; the other link says so', async () => {
    for (const username of ['twin_one', 'twin_two'])
      expect((await signUpAs({ username, email: 'twins@example.com', password: strong })).status).toBe(201);
    const [first, second] = (await mailsTo('twins@example.com')).map(
      (m) => /token=([\w-]{43})/.exec(m.body_text)![1]!,
    );
    expect((await confirmWith(second!)).status).toBe(200);
    const late = await confirmWith(first!);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: { formError: string } }).error.formError).toBe('email_in_use');
  });

  it('says a username is taken, but only a few times an hour per client, with Retry-After', async () => {
    expect(
      (await signUpAs({ username: 'popular', email: 'popular@example.com', password: strong })).status,
    ).toBe(201);
    const client = { 'x-client-ip': '198.18.200.1' };
    for (let i = 0; i < 5; i++) {
      const taken = await signUpAs(
        { username: 'Popular', email: `probe${i}@example.com`, password: strong },
        client,
      );
      expect(taken.status).toBe(400);
      expect(((await taken.json()) as { error: { fieldErrors: object } }).error.fieldErrors).toEqual({
        username: 'username_taken',
      });
    }
    const limited = await signUpAs(
      { username: 'Popular', email: 'probe9@example.com', password: strong },
      client,
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('account emails', () => {
  it("are written in the visitor's language, with links to its pages", async () => {
    const signedUp = await signUpAs({
      username: 'Grete',
      email: 'grete@example.com',
      password: 'zwei Eulen im Nebel',
      locale: 'de',
    });
    expect(signedUp.status).toBe(201);
    const [confirmation] = await mailsTo('grete@example.com');
    expect(confirmation!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(confirmation!.body_text).toContain('Hallo Grete,');
    expect(confirmation!.body_text).toMatch(/\/de\/[^\s]+\?token=[\w-]{43}/);
    expect((await confirmWith(/token=([\w-]{43})/.exec(confirmation!.body_text)![1]!)).status).toBe(200);

    // Someone signs up with the confirmed address on the French pages: the owner hears of it in French.
    expect(
      (
        await signUpAs({
          username: 'Margot',
          email: 'grete@example.com',
          password: 'deux hiboux',
          locale: 'fr',
        })
      ).status,
    ).toBe(201);
    const notice = (await mailsTo('grete@example.com')).at(-1)!;
    expect(notice.subject).toBe('Vous avez déjà un compte');
    expect(notice.body_text).toContain('Grete');

    expect(
      (
        await post(askForReset, '/api/internal/users/password_reset', {
          email: 'grete@example.com',
          locale: 'jp',
        })
      ).status,
    ).toBe(202);
    const reset = (await mailsTo('grete@example.com')).at(-1)!;
    expect(reset.subject).toBe('パスワードの再設定');
    expect(reset.body_text).toMatch(/\/jp\/[^\s]+\?token=[\w-]{43}/);
  });
});

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
    expect((await confirmWith(await tokenMailedTo('kj@example.com'))).status).toBe(200);
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
