import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';

/**
 * The forum and the moderation queue (issue 25, decision 0043): two new users hold an exchange with a
 * quote (one in English, one in German), one reports the other's post, an admin hides it from the
 * queue; /forum in every locale; who may do what (CSRF, others' posts, admins, the new-account limit).
 */

/** axe at 375 and 1440 px, and the page's content no wider than the screen; the page is left at 1440. */
async function expectNoAxeViolations(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect
      .soft(await page.locator('main').evaluate((main) => main.scrollWidth), `${name} ${width}px width`)
      .toBeLessThanOrEqual(width);
    expect
      .soft(
        results.violations.map(
          (v) => `${name} ${width}px ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`,
        ),
      )
      .toEqual([]);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
  }
}

async function signedUpPage(browser: Browser, locale: '' | '/de', username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${locale}/signup`);
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(locale === '' ? '/' : '/de');
  return page;
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.locator('main input[name=login]').fill('demo-admin');
  await page.locator('main input[name=password]').fill('demo-password-2026');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return page;
}

test('two users talk with a quote, one reports the other, an admin hides the post', async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const ada = await signedUpPage(browser, '', `ada${stamp}`);
  await ada.goto('/forum');
  await expect(ada.locator('h1')).toHaveText('Forum');
  await expect(ada.getByTestId('forum-threads').locator('li').first()).toBeVisible();
  await expectNoAxeViolations(ada, 'forum-index');
  await ada.getByRole('link', { name: 'New thread' }).click();
  await ada.waitForURL('/forum/new');
  await ada.getByLabel('Category').selectOption({ label: '3D printing' });
  const title = `First layer lifts at the corners ${stamp}`;
  await ada.getByLabel('Title').fill(title);
  await ada
    .getByRole('textbox', { name: 'Message' })
    .fill('My PLA lifts at the corners of a 20 cm plate. Bed at 60 °C.\n\nAny **tips**?');
  await ada.getByRole('button', { name: 'Start thread' }).click();
  await ada.waitForURL(/\/forum\/threads\/\d+$/);
  await expect(ada.locator('h1')).toContainText(title);
  const threadPath = new URL(ada.url()).pathname;
  await expectNoAxeViolations(ada, 'forum-thread');

  const bobName = `bob${stamp}`;
  const bob = await signedUpPage(browser, '/de', bobName);
  await bob.goto(`/de${threadPath}`);
  await bob.getByRole('button', { name: `Beitrag von ada${stamp} in Ihrer Antwort zitieren` }).click();
  const box = bob.getByRole('textbox', { name: 'Nachricht' });
  await expect(box).toHaveValue(new RegExp(`^> \\*\\*@ada${stamp}\\*\\*:\\n> My PLA lifts`));
  await box.press('End');
  await box.pressSequentially('Use a brim, it is only people like you who cannot level a bed.');
  await bob.getByRole('button', { name: 'Antwort senden' }).click();
  await bob.waitForURL(/#post-\d+$/);
  const bobPost = bob.getByTestId('forum-post').nth(1);
  await expect(bobPost.locator('blockquote')).toContainText('My PLA lifts at the corners');
  await expect(bobPost).toContainText('Use a brim');
  await expectNoAxeViolations(bob, 'forum-thread-de');

  await ada.reload();
  const reported = ada.getByTestId('forum-post').filter({ hasText: 'Use a brim' });
  await reported.getByRole('button', { name: `Report the post by ${bobName}` }).click();
  await reported.getByLabel('Reason').selectOption('abuse');
  await reported.getByLabel('Note for the moderators (optional)').fill('Rude to other members');
  await reported.getByRole('button', { name: 'Send report' }).click();
  await expect(reported.getByRole('status')).toHaveText('Thank you. The moderators will look at it.');

  const admin = await adminPage(browser);
  await admin.goto('/admin/moderation');
  const entry = admin.getByTestId('moderation-report').filter({ hasText: title });
  await expect(entry).toContainText('Abusive or hateful');
  await expect(entry).toContainText('Rude to other members');
  await expect(entry).toContainText(`By ${bobName}`);
  await expectNoAxeViolations(admin, 'moderation-queue');
  await entry.getByRole('button', { name: 'Hide post' }).click();
  await expect(admin.getByTestId('moderation-report').filter({ hasText: title })).toHaveCount(0);

  await ada.reload();
  await expect(ada.getByTestId('forum-post')).toHaveCount(1);
  await expect(ada.getByText('Use a brim')).toHaveCount(0);
  await bob.reload();
  await expect(bob.getByTestId('forum-post').nth(1)).toContainText(
    'Dieser Beitrag wurde von der Moderation ausgeblendet.',
  );
});

test('/forum answers 200 in all 8 locales, and the community menu links to it', async ({ request, page }) => {
  const paths = [
    '/forum',
    '/de/forum',
    '/es/foro',
    '/fr/forum',
    '/jp/forum',
    '/pt/forum',
    '/ru/forum',
    '/zh-CN/forum',
  ];
  for (const path of paths) expect((await request.get(path)).status(), path).toBe(200);
  expect((await request.get('/forum?sort=unanswered&q=PETG+-resin&page=2')).status()).toBe(200);
  await page.goto('/es');
  await expect(page.locator('footer a[href="/es/foro"]')).toHaveCount(1);
});

/** Cookies kept by hand, as in authorization.spec.ts (the API context does not send `Secure` cookies over http). */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly api: APIRequestContext,
    readonly origin: string,
  ) {}

  private remember(lines: string[]) {
    for (const line of lines) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  private setCookies(response: { headersArray(): { name: string; value: string }[] }) {
    this.remember(
      response
        .headersArray()
        .filter((h) => h.name.toLowerCase() === 'set-cookie')
        .map((h) => h.value),
    );
  }

  async get(path: string) {
    const response = await this.api.get(path, { headers: { cookie: this.header() }, maxRedirects: 0 });
    this.setCookies(response);
    return response;
  }

  private header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async post(path: string, data: unknown = {}, { token = true } = {}) {
    if (token && !this.cookies.has('__Host-csrf')) await this.get('/api/internal/csrf');
    const headers: Record<string, string> = { cookie: this.header(), origin: this.origin };
    if (token) headers['x-csrf-token'] = this.cookies.get('__Host-csrf')!;
    const response = await this.api.post(path, { headers, data, maxRedirects: 0 });
    this.setCookies(response);
    return response;
  }
}

test('forum writes: CSRF, others’ posts, admins only, the new-account limit', async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const signedUp = async (name: string) => {
    const client = new Client(api, origin);
    const username = `${name}${Date.now().toString(36)}`;
    const answer = await client.post('/api/internal/users/sign_up', {
      username,
      email: `${username}@example.com`,
      password: 'a long enough password',
    });
    expect(answer.status()).toBe(201);
    return client;
  };
  const [owner, other, guest] = [await signedUp('owner'), await signedUp('other'), new Client(api, origin)];
  const categories = (await (await guest.get('/api/internal/forum/threads')).json()) as {
    data: { items: unknown[] };
  };
  expect(Array.isArray(categories.data.items)).toBe(true);
  const thread = { categoryId: 1, title: 'Which nozzle for carbon PLA?', body: 'Brass or hardened steel?' };

  expect((await guest.post('/api/internal/forum/threads', thread)).status()).toBe(401);
  expect((await owner.post('/api/internal/forum/threads', thread, { token: false })).status()).toBe(403);
  const created = await owner.post('/api/internal/forum/threads', thread);
  expect(created.status()).toBe(201);
  const { threadId, postId } = ((await created.json()) as { data: { threadId: number; postId: number } })
    .data;

  expect(
    (await other.post(`/api/internal/forum/posts/${postId}/edit`, { body: 'taken over' })).status(),
  ).toBe(404);
  expect(
    (
      await owner.post(`/api/internal/forum/posts/${postId}/edit`, { body: 'Brass, hardened steel or ruby?' })
    ).status(),
  ).toBe(200);
  expect((await other.post('/api/internal/forum/moderation', { action: 'hide', postId })).status()).toBe(403);
  expect(
    (
      await owner.post('/api/internal/reports', {
        subjectType: 'forum_post',
        subjectId: postId,
        reason: 'spam',
      })
    ).status(),
  ).toBe(404);
  expect(
    (
      await other.post('/api/internal/reports', {
        subjectType: 'forum_post',
        subjectId: postId,
        reason: 'nonsense',
      })
    ).status(),
  ).toBe(400);
  expect(
    (
      await other.post(
        '/api/internal/reports',
        { subjectType: 'forum_post', subjectId: postId, reason: 'spam' },
        { token: false },
      )
    ).status(),
  ).toBe(403);
  expect((await other.post(`/api/internal/forum/threads/${threadId}/replies`, { body: '' })).status()).toBe(
    400,
  );
  expect((await other.post('/api/internal/forum/threads/999999/replies', { body: 'hello' })).status()).toBe(
    404,
  );

  // A new account opens at most 3 threads an hour.
  for (const n of [2, 3])
    expect(
      (
        await owner.post('/api/internal/forum/threads', { ...thread, title: `Question ${n} about nozzles` })
      ).status(),
    ).toBe(201);
  const limited = await owner.post('/api/internal/forum/threads', {
    ...thread,
    title: 'Question 4 about nozzles',
  });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
});
