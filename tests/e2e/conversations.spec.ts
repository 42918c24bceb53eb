import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/**
 * Conversations end to end: a new user writes to a designer from the designer's profile, the designer
 * sees the unread count in the header (the poll, no reload), reads it, replies with a picture; the
 * reply appears for the writer without a reload and downloads; nobody else can see any of it.
 * The designer is a member signed up here (every member has a public profile): other specs running at
 * the same time write to the seeded `demo-seller` (offers, promotions), which would change its counts.
 */
test.describe.configure({ mode: 'serial' });

const password = 'a long enough password';
const demoPassword = 'demo-password-2026';
const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
  8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

async function signUp(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill(password);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return page;
}

async function logIn(browser: Browser, login: string, secret = demoPassword): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill(secret);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return page;
}

const widget = (page: Page) => page.getByTestId('conversations-widget');

/** Opens every conversation with unread messages, so the count starts at 0. */
async function readEverything(page: Page) {
  for (;;) {
    await page.goto('/conversations');
    const unread = page.getByTestId('conversation').filter({ has: page.getByTestId('unread') });
    if ((await unread.count()) === 0) break;
    await Promise.all([
      page.waitForResponse((r) => /\/read$/.test(r.url()) && r.request().method() === 'POST'),
      unread.first().getByRole('link').click(),
    ]);
  }
  await page.goto('/conversations');
  await expect(widget(page)).toHaveAttribute('aria-label', 'Conversations, no unread messages');
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/internal/csrf');
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const suffix = Date.now().toString(36);
const designer = `designer${suffix}`;
let conversationUrl = '';
let conversationId = 0;
let attachmentUrl = '';
let messageId = 0;

test('A writes to B from B’s profile; B sees the count, reads, replies with a file; A sees it live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const b = await signUp(browser, designer);
  await readEverything(b);

  const a = await signUp(browser, `writer${suffix}`);
  await a.goto(`/designers/${designer}`);
  await a.getByRole('button', { name: 'Send a message' }).click();
  const form = a.getByRole('form', { name: `Message to ${designer}` });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('This field is required')).toBeVisible();
  await form.getByLabel('Your message').fill(`Hello from ${suffix}: can you scale the cube to 30 mm?`);
  await expect(form.getByText(/^4,9\d\d characters left$/)).toBeVisible();
  await expectNoAxeViolations(a);
  await a.screenshot({ path: 'test-results/profile-send-message.png' });
  await form.getByRole('button', { name: 'Send' }).click();
  await a.waitForURL(/\/conversations\/\d+$/);
  conversationUrl = new URL(a.url()).pathname;
  conversationId = Number(conversationUrl.split('/').pop());
  await expect(a.locator('h1')).toHaveText(designer);
  await expect(a.getByTestId('message')).toHaveCount(1);

  // B, without reloading: the header's poll shows one unread message.
  await expect(widget(b)).toHaveAttribute('aria-label', 'Conversations, 1 unread message', {
    timeout: 15_000,
  });
  await expect(widget(b)).toHaveText('1');
  await b.screenshot({ path: 'test-results/header-unread.png' });
  await b.goto('/conversations');
  const item = b.getByTestId('conversation').filter({ hasText: `writer${suffix}` });
  await expect(item).toContainText('Personal');
  await expect(item).toContainText(`Hello from ${suffix}`);
  await expect(item.getByTestId('unread')).toHaveText('1 unread');
  await item.getByRole('link').click();
  await b.waitForURL(conversationUrl);
  await expect(widget(b)).toHaveAttribute('aria-label', 'Conversations, no unread messages');

  // B replies with a picture; a wrong file is refused in the browser first.
  const files = b.getByLabel('Attach files');
  await files.setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(b.getByText('This file type is not accepted: setup.exe.')).toBeVisible();
  await files.setInputFiles({ name: 'scaled.png', mimeType: 'image/png', buffer: png });
  await b.getByLabel('Your reply').fill('Sure — here is a preview.');
  await b.getByRole('button', { name: 'Send', exact: true }).click();
  const mine = b.getByTestId('message').last();
  await expect(mine).toContainText('Sure — here is a preview.');
  await expect(mine.getByRole('link', { name: 'scaled.png' })).toBeVisible();

  // A, without reloading: the reply appears, with its file, which downloads.
  const reply = a.getByTestId('message').filter({ hasText: 'Sure — here is a preview.' });
  await expect(reply).toBeVisible({ timeout: 15_000 });
  const link = reply.getByRole('link', { name: 'scaled.png' });
  await expect(link).toBeVisible();
  attachmentUrl = (await link.getAttribute('href'))!;
  const [download] = await Promise.all([a.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('scaled.png');
  const response = await a.request.get(attachmentUrl);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition']).toContain('attachment');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.from(await response.body())).toEqual(png);
  const poll = await a.request.get(`/api/internal/conversations/${conversationId}/messages?after=0`);
  const { data } = (await poll.json()) as {
    data: { messages: { id: number; sender: { username: string } | null }[] };
  };
  messageId = data.messages.find((m) => m.sender?.username === `writer${suffix}`)!.id;
  await a.context().close();
  await b.context().close();
});

test('only participants see the conversation, its messages and files; every POST needs the CSRF token', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(conversationId).toBeGreaterThan(0);
  const a = await (await browser.newContext()).newPage();
  await a.goto('/login');
  await a.locator('main input[name=login]').fill(`writer${suffix}`);
  await a.locator('main input[name=password]').fill(password);
  await a.locator('main button[type=submit]').click();
  await a.waitForURL('/');
  const actors: { name: string; page: Page | null; allowed: boolean }[] = [
    { name: 'guest', page: null, allowed: false },
    { name: 'participant A', page: a, allowed: true },
    { name: 'participant B', page: await logIn(browser, designer, password), allowed: true },
    { name: 'another user', page: await signUp(browser, `other${suffix}`), allowed: false },
    { name: 'admin', page: await logIn(browser, 'demo-admin'), allowed: false },
  ];
  const guestRequest = await playwright.request.newContext({ baseURL });
  for (const actor of actors) {
    const request = actor.page?.request ?? guestRequest;
    const signedIn = actor.page !== null;
    const denied = signedIn ? 404 : 401;
    const expectStatus = (status: number, what: string) =>
      expect(status, `${actor.name}: ${what}`).toBe(actor.allowed ? 200 : denied);

    // Pages: a guest is sent to log in; others get the 404.
    const page = await request.get(conversationUrl, { maxRedirects: 0 });
    if (!signedIn) {
      expect(page.status(), 'guest: page').toBe(307);
      expect(page.headers().location).toContain('/login?next=');
    } else expect(page.status(), `${actor.name}: page`).toBe(actor.allowed ? 200 : 404);
    expectStatus(
      (await request.get(`/api/internal/conversations/${conversationId}/messages?after=0`)).status(),
      'messages',
    );
    expectStatus((await request.get(attachmentUrl)).status(), 'attachment');

    // POSTs without the CSRF header are refused, whoever sends them.
    const origin = { origin: baseURL! };
    const posts: [string, Record<string, unknown> | Buffer][] = [
      [`/api/internal/conversations/${conversationId}/messages`, { body: 'no token' }],
      [`/api/internal/conversations/${conversationId}/read`, { upTo: messageId }],
      [`/api/internal/conversations/${conversationId}/messages/${messageId}/attachments?name=x.png`, png],
      ['/api/internal/conversations', { recipient: 'demo-seller', body: 'no token' }],
    ];
    for (const [url, body] of posts) {
      const response = await request.post(url, {
        headers: origin,
        ...(Buffer.isBuffer(body) ? { data: body } : { data: body }),
      });
      expect(response.status(), `${actor.name}: ${url} without CSRF`).toBe(403);
    }
    // With the token: outsiders get the 404 and nothing is stored; participants may post.
    const token = await csrfToken(request);
    const headers = { ...origin, 'x-csrf-token': token };
    const reply = await request.post(`/api/internal/conversations/${conversationId}/messages`, {
      headers,
      data: { body: `From ${actor.name}` },
    });
    expect(reply.status(), `${actor.name}: reply`).toBe(actor.allowed ? 201 : denied);
    const read = await request.post(`/api/internal/conversations/${conversationId}/read`, {
      headers,
      data: { upTo: messageId },
    });
    expect(read.status(), `${actor.name}: read`).toBe(actor.allowed ? 200 : denied);
    const upload = await request.post(
      `/api/internal/conversations/${conversationId}/messages/${messageId}/attachments?name=x.png`,
      { headers, data: png },
    );
    // Only the message's sender (A) may attach files to it.
    expect(upload.status(), `${actor.name}: attachment upload`).toBe(
      actor.name === 'participant A' ? 201 : denied,
    );
  }
  const messages = await a.request.get(`/api/internal/conversations/${conversationId}/messages?after=0`);
  const bodies = ((await messages.json()) as { data: { messages: { body: string }[] } }).data.messages.map(
    (m) => m.body,
  );
  expect(bodies).toContain('From participant A');
  expect(bodies).toContain('From participant B');
  expect(bodies.filter((body) => /another user|admin|guest/.test(body))).toEqual([]);
  for (const actor of actors) await actor.page?.context().close();
  await guestRequest.dispose();
});

for (const width of [375, 1440]) {
  test(`no axe violations on the inbox and a conversation at ${width}px`, async ({ browser }) => {
    expect(conversationUrl).not.toBe('');
    const b = await logIn(browser, designer, password);
    await b.setViewportSize({ width, height: 900 });
    await b.goto('/conversations');
    await expect(b.getByTestId('conversation').first()).toBeVisible();
    await expectNoAxeViolations(b);
    await b.screenshot({ path: `test-results/conversations-inbox-${width}.png`, fullPage: true });
    await b.goto(conversationUrl);
    await expect(b.getByTestId('message').first()).toBeVisible();
    await expectNoAxeViolations(b);
    await b.screenshot({ path: `test-results/conversation-${width}.png`, fullPage: true });
    await b.context().close();
  });
}

test('a guest is asked to log in to send a message; nobody can message themself', async ({
  page,
  browser,
}) => {
  await page.goto('/designers/demo-seller');
  const logIn = page.getByRole('link', { name: 'Log in to send a message' });
  await expect(logIn).toHaveAttribute('href', '/login?next=%2Fdesigners%2Fdemo-seller');
  await expect(page.getByRole('button', { name: 'Send a message' })).toHaveCount(0);
  const seller = await (await browser.newContext()).newPage();
  await seller.goto('/login');
  await seller.locator('main input[name=login]').fill('demo-seller');
  await seller.locator('main input[name=password]').fill(demoPassword);
  await seller.locator('main button[type=submit]').click();
  await seller.waitForURL('/');
  await seller.goto('/designers/demo-seller');
  await expect(seller.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Send a message' })).toHaveCount(0);
  const token = (
    (await (await seller.request.get('/api/internal/csrf')).json()) as { data: { token: string } }
  ).data.token;
  const self = await seller.request.post('/api/internal/conversations', {
    headers: { origin: new URL(seller.url()).origin, 'x-csrf-token': token },
    data: { recipient: 'demo-seller', body: 'Note to self' },
  });
  expect(self.status()).toBe(400);
  expect(((await self.json()) as { error: { fieldErrors: unknown } }).error.fieldErrors).toEqual({
    recipient: 'self',
  });
  await seller.context().close();
});
