import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';

import { startSmtpCatcher } from '../fixtures/smtp-catcher';

/**
 * Business accounts (decision 0021): apply → an admin approves → the owner's invitation arrives by
 * email → the owner joins and invites a colleague → the colleague signs up from the link and joins →
 * the colleague downloads what the owner bought from the shared library; nobody else can.
 */
const smtpPortOf = (baseURL: string) =>
  Number(process.env.E2E_SMTP_PORT ?? Number(new URL(baseURL).port) + 1000);

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

async function signUp(page: Page, username: string, email: string) {
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(email);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
}

async function logIn(page: Page, login: string) {
  await page.goto('/login');
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill('demo-password-2026');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
}

/** A same-origin POST from the page's session, with its CSRF token (what postToApi does). */
async function post(context: BrowserContext, page: Page, path: string, data: unknown) {
  const csrf = (await context.cookies()).find((c) => c.name === '__Host-csrf')!.value;
  return page.request.post(path, {
    data,
    headers: { 'x-csrf-token': csrf, origin: new URL(page.url()).origin },
  });
}

function linkIn(text: string): string {
  const url = new URL(/https?:\/\/\S+\/team\/join\?token=[\w-]{43}/.exec(text)![0]);
  return `${url.pathname}${url.search}`;
}

test('apply → approve → invitation email → join → invite → shared library download', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const smtp = await startSmtpCatcher(smtpPortOf(baseURL!));
  try {
    const id = Date.now().toString(36);
    const owner = { username: `owner${id}`, email: `owner${id}@example.com` };
    const colleague = { username: `colleague${id}`, email: `colleague${id}@example.com` };
    const company = `Acme Studio ${id}`;

    // The future owner signs up and applies.
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto('/signup');
    await signUp(ownerPage, owner.username, owner.email);
    await ownerPage.waitForURL('/');
    await ownerPage.goto('/business-account');
    await ownerPage.locator('#business-companyName').fill(company);
    await ownerPage.locator('#business-contactName').fill('Olga Owner');
    await ownerPage.locator('#business-email').fill(owner.email);
    await ownerPage.getByRole('button', { name: 'Apply' }).click();
    await expect(ownerPage.locator('main').getByRole('status')).toContainText(
      'Your application has been received',
    );
    // Not a member yet: /team explains business accounts.
    await ownerPage.goto('/team');
    await expect(ownerPage.getByRole('link', { name: 'Apply for a business account' })).toBeVisible();

    // The admin approves it.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, 'demo-admin');
    await adminPage.goto('/admin/business-applications?status=submitted');
    const application = adminPage.getByTestId('business-application').filter({ hasText: company });
    await expect(application).toContainText('Submitted');
    await expect(adminPage.getByRole('link', { name: /Admin dashboard/ })).toHaveAttribute('href', '/admin');
    await expectNoAxeViolations(adminPage);
    await application.getByRole('button', { name: `Approve the application of ${company}` }).click();
    await adminPage.waitForLoadState('load');
    await expect(adminPage.getByTestId('business-application').filter({ hasText: company })).toHaveCount(0);
    await adminPage.goto('/admin/business-applications?status=approved');
    await expect(adminPage.getByTestId('business-application').filter({ hasText: company })).toContainText(
      'Team created, owner invited',
    );

    // The owner's invitation arrives; the owner joins.
    const ownerMail = await smtp.emailTo(owner.email);
    expect(ownerMail.text).toContain(`Your business account for ${company} is ready`);
    const ownerLink = linkIn(ownerMail.text);
    await ownerPage.goto(ownerLink);
    await expect(ownerPage.locator('h1')).toHaveText(`Join ${company}`);
    await ownerPage.getByRole('button', { name: 'Join the team' }).click();
    await ownerPage.waitForURL('/team');
    await expect(ownerPage.getByTestId('team-name')).toHaveText(company);
    await expect(ownerPage.getByText('Your role: Owner')).toBeVisible();
    // The link works once.
    await ownerPage.goto(ownerLink);
    await expect(ownerPage.locator('main').getByRole('status')).toHaveText(
      'This invitation has already been used.',
    );
    await ownerPage.goto('/team/join?token=not-a-token');
    await expect(ownerPage.locator('main').getByRole('status')).toContainText(
      'This invitation link is not valid',
    );

    // The owner buys a model with a file (a real mesh of the demo seed).
    await ownerPage.goto('/team');
    const search = await ownerPage.request.get(
      `/api/internal/items?keywords=${encodeURIComponent('"Sphere, 20 mm"')}`,
    );
    const model = ((await search.json()) as { data: { items: { id: number }[] } }).data.items[0]!;
    expect(
      (await post(ownerContext, ownerPage, '/api/internal/cart/items', { modelId: model.id })).status(),
    ).toBe(200);
    const paid = await post(ownerContext, ownerPage, '/api/internal/checkout', {
      idempotencyKey: `business-${id}`,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status()).toBe(200);

    // The owner invites a colleague (spec §5 messages first).
    await ownerPage.goto('/team');
    const invite = ownerPage.getByRole('button', { name: 'Send invitation' });
    await invite.click();
    await expect(ownerPage.getByText('This field is required')).toBeVisible();
    await ownerPage.locator('#team-invite-email').fill('not-an-email');
    await invite.click();
    await expect(ownerPage.getByText('Invalid email')).toBeVisible();
    await ownerPage.locator('#team-invite-email').fill(colleague.email);
    await invite.click();
    await ownerPage.waitForURL('/team?invited=1');
    await expect(ownerPage.getByTestId('team-invitations')).toContainText(colleague.email);
    await expect(ownerPage.getByTestId('team-library-item')).toContainText('Sphere, 20 mm');
    await expectNoAxeViolations(ownerPage);

    // The colleague opens the link as a guest, signs up from it, comes back and joins.
    const colleagueMail = await smtp.emailTo(colleague.email);
    expect(colleagueMail.text).toContain(`invites you to join ${company}`);
    const colleagueContext = await browser.newContext();
    const colleaguePage = await colleagueContext.newPage();
    await colleaguePage.goto(linkIn(colleagueMail.text));
    await colleaguePage.getByRole('link', { name: 'Sign up' }).click();
    await signUp(colleaguePage, colleague.username, colleague.email);
    await colleaguePage.waitForURL(/\/team\/join\?token=/);
    await colleaguePage.getByRole('button', { name: 'Join the team' }).click();
    await colleaguePage.waitForURL('/team');
    await expect(colleaguePage.getByText('Your role: Member')).toBeVisible();
    await expect(colleaguePage.getByTestId('team-members')).toContainText(owner.username);
    await expect(colleaguePage.getByTestId('team-credits')).toContainText('never expire');
    // The menu leads business members to their team.
    await colleaguePage.locator('header summary').last().click();
    await expect(colleaguePage.locator('header').getByRole('link', { name: /team/i }).first()).toBeVisible();

    // The colleague sees the owner's purchase and downloads it.
    const item = colleaguePage.getByTestId('team-library-item').filter({ hasText: 'Sphere, 20 mm' });
    await expect(item).toContainText(`Bought by ${owner.username}`);
    await expectNoAxeViolations(colleaguePage);
    const href = (await item
      .getByRole('link', { name: /^Download / })
      .first()
      .getAttribute('href'))!;
    const file = await colleaguePage.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toContain('attachment');

    // Nobody outside the team gets it: a guest 401, another user 404 (their own or the member's link).
    const guest = await browser.newContext();
    expect((await guest.request.get(href)).status()).toBe(401);
    await guest.close();
    const outsiderContext = await browser.newContext();
    const outsiderPage = await outsiderContext.newPage();
    await outsiderPage.goto('/signup');
    await signUp(outsiderPage, `outsider${id}`, `outsider${id}@example.com`);
    await outsiderPage.waitForURL('/');
    expect((await outsiderPage.request.get(href)).status()).toBe(404);
    await outsiderPage.goto('/team');
    await expect(outsiderPage.getByTestId('team-library-item')).toHaveCount(0);
    await outsiderContext.close();

    // The admin sees the new member in the users list and makes them a designer.
    await adminPage.goto(`/admin/users?q=${colleague.username}`);
    const row = adminPage.getByTestId('admin-user').filter({ hasText: colleague.username });
    await expect(row).toContainText('Business account');
    await expectNoAxeViolations(adminPage);
    await row.getByRole('button', { name: 'Make designer' }).click();
    await expect(
      adminPage
        .getByTestId('admin-user')
        .filter({ hasText: colleague.username })
        .getByText('Designer', { exact: true }),
    ).toBeVisible();

    // The owner removes the colleague: the library and its downloads are gone for them.
    await ownerPage.goto('/team');
    await ownerPage.getByRole('button', { name: `Remove ${colleague.username} from the team` }).click();
    await expect(ownerPage.getByTestId('team-members')).not.toContainText(colleague.username);
    expect((await colleaguePage.request.get(href)).status()).toBe(404);
    await colleaguePage.goto('/team');
    await expect(colleaguePage.getByRole('link', { name: 'Apply for a business account' })).toBeVisible();

    await Promise.all([ownerContext.close(), adminContext.close(), colleagueContext.close()]);
  } finally {
    await smtp.close();
  }
});

/** Cookies kept by hand, as in authorization.spec.ts (an API context does not send Secure cookies over http). */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly api: APIRequestContext,
    readonly origin: string,
  ) {}

  private remember(response: { headersArray(): { name: string; value: string }[] }) {
    for (const header of response.headersArray()) {
      if (header.name.toLowerCase() !== 'set-cookie') continue;
      const [pair] = header.value.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string) {
    const response = await this.api.get(path, { headers: { cookie: this.cookieHeader() }, maxRedirects: 0 });
    this.remember(response);
    return response;
  }

  async post(path: string, data: unknown = {}, { token = true } = {}) {
    if (token && !this.cookies.has('__Host-csrf')) await this.get('/api/internal/csrf');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), origin: this.origin };
    if (token) headers['x-csrf-token'] = this.cookies.get('__Host-csrf')!;
    const response = await this.api.post(path, { headers, data, maxRedirects: 0 });
    this.remember(response);
    return response;
  }
}

test('business and admin pages and actions answer by role; no change without a CSRF token', async ({
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await playwrightRequest.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const guest = new Client(api, origin);
  const buyer = new Client(api, origin);
  const admin = new Client(api, origin);
  for (const [client, login] of [
    [buyer, 'demo-buyer'],
    [admin, 'demo-admin'],
  ] as const) {
    const response = await client.post('/api/internal/users/log_in', {
      login,
      password: 'demo-password-2026',
    });
    expect(response.status()).toBe(200);
  }
  const clients = { guest, buyer, admin };

  const pages: [string, Record<keyof typeof clients, number>][] = [
    ['/admin/business-applications', { guest: 307, buyer: 404, admin: 200 }],
    ['/admin/business-applications?status=rejected&page=2', { guest: 307, buyer: 404, admin: 200 }],
    ['/admin/users', { guest: 307, buyer: 404, admin: 200 }],
    ['/admin/users?q=demo', { guest: 307, buyer: 404, admin: 200 }],
    ['/de/admin/users', { guest: 307, buyer: 404, admin: 200 }],
    ['/team', { guest: 307, buyer: 200, admin: 200 }],
    ['/team/join?token=nothing', { guest: 200, buyer: 200, admin: 200 }],
  ];
  for (const [path, expected] of pages) {
    for (const [role, client] of Object.entries(clients)) {
      const status = (await client.get(path)).status();
      expect(`${role} GET ${path}: ${status}`).toBe(
        `${role} GET ${path}: ${expected[role as keyof typeof expected]}`,
      );
    }
  }
  const redirect = await guest.get('/admin/users');
  expect(redirect.headers().location).toContain('/login?next=%2Fadmin%2Fusers');

  const users = await (await admin.get('/admin/users?q=demo-admin')).text();
  expect(users).toContain('demo-admin');
  const adminId = Number(/data-user-id="(\d+)"/.exec(users)?.[1] ?? 0);
  expect(adminId).toBeGreaterThan(0);

  // With a token: guest 401, a buyer 403, the admin gets through to the feature's own answers.
  const actions: [string, unknown, Record<keyof typeof clients, number>][] = [
    [
      '/api/internal/admin/business_applications/999999/decide',
      { decision: 'approved' },
      { guest: 401, buyer: 403, admin: 404 },
    ],
    [
      '/api/internal/admin/business_applications/999999/decide',
      { decision: 'maybe' },
      { guest: 401, buyer: 403, admin: 400 },
    ],
    [
      '/api/internal/admin/users/999999/roles',
      { role: 'seller', grant: true },
      { guest: 401, buyer: 403, admin: 404 },
    ],
    [
      '/api/internal/admin/users/999999/roles',
      { role: 'buyer', grant: true },
      { guest: 401, buyer: 403, admin: 400 },
    ],
    [
      `/api/internal/admin/users/${adminId}/roles`,
      { role: 'admin', grant: false },
      { guest: 401, buyer: 403, admin: 409 },
    ],
    ['/api/internal/team/invitations', { email: 'x@example.com' }, { guest: 401, buyer: 403, admin: 403 }],
    ['/api/internal/team/invitations/revoke', { invitationId: 1 }, { guest: 401, buyer: 403, admin: 403 }],
    ['/api/internal/team/members/remove', { userId: 1 }, { guest: 401, buyer: 403, admin: 403 }],
    ['/api/internal/team/join', { token: 'x'.repeat(43) }, { guest: 401, buyer: 200, admin: 200 }],
  ];
  for (const [path, data, expected] of actions) {
    for (const [role, client] of Object.entries(clients)) {
      const status = (await client.post(path, data)).status();
      expect(`${role} POST ${path}: ${status}`).toBe(
        `${role} POST ${path}: ${expected[role as keyof typeof expected]}`,
      );
    }
  }
  // The admin is still an admin.
  expect((await admin.get('/admin/users')).status()).toBe(200);

  // Without the token: 403 for everybody, and nothing changes on GET (no GET handlers).
  for (const [path, data] of actions) {
    for (const [role, client] of Object.entries(clients)) {
      const status = (await client.post(path, data, { token: false })).status();
      expect(`${role} POST ${path} without token: ${status}`).toBe(`${role} POST ${path} without token: 403`);
    }
    expect((await admin.get(path)).status()).toBe(405);
  }
  await api.dispose();
});
