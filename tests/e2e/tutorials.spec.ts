import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Tutorials (issue 25, decision 0045): a designer writes one with a cover and a picture in its text and
 * publishes it; a visitor finds it by its software on /tutorials without scripts; another member likes
 * and comments on it in German; every locale's index answers; drafts, CSRF and the comment limit hold.
 */

const picture = (colour: string) =>
  sharp({ create: { width: 960, height: 540, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function signUp(page: Page, name: string): Promise<string> {
  const username = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return username;
}

async function expectNoAxeViolations(page: Page) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
}

test('a designer publishes a tutorial with pictures; a visitor finds it by its software; a member likes and comments (en, de)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'author');
  const title = `Parametric drawer bins ${Date.now().toString(36)}`;

  // Write: the text first, saved as a draft.
  await page.goto('/tutorials/new');
  await expectNoAxeViolations(page);
  await page.getByLabel('Title').fill(title);
  await page.getByRole('radio', { name: 'Advanced' }).check();
  await page.getByRole('checkbox', { name: 'OpenSCAD' }).check();
  await page.getByLabel('Text', { exact: true }).fill('## Measure the drawer\n\nMeasure the inside **twice**.');
  await page.getByTestId('save-tutorial').click();
  await page.waitForURL(/\/tutorials\/\d+\/edit$/);
  const id = Number(/\/tutorials\/(\d+)\/edit$/.exec(page.url())![1]);

  // The cover and a picture in the text, then save and publish.
  await page.getByTestId('cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await picture('#2563eb') });
  await expect(page.getByTestId('cover-status')).toHaveText('Picture uploaded.');
  await expect(page.getByTestId('cover-preview')).toBeVisible();
  const body = page.getByLabel('Text', { exact: true });
  await body.focus();
  await body.press('End');
  await page.getByTestId('picture-input').setInputFiles({ name: 'drawer.png', mimeType: 'image/png', buffer: await picture('#16a34a') });
  await expect(page.getByTestId('picture-status')).toHaveText('Picture uploaded.');
  await expect(body).toHaveValue(/!\[drawer\]\(\/files\/pictures\/tutorials\/\d+\/[0-9a-f]+-1440\.webp\)/);
  await page.getByTestId('save-tutorial').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved.');
  await expectNoAxeViolations(page);

  // Another visitor does not see the draft.
  const guest = await browser.newContext();
  expect((await guest.request.get(`/tutorials/${id}`)).status()).toBe(404);

  await page.getByTestId('publish-tutorial').click();
  await expect(page.getByTestId('unpublish-tutorial')).toBeVisible();

  // A visitor without scripts filters the index by the software and opens the tutorial.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await noScript.newPage();
  await visitor.goto('/tutorials');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Tutorials');
  await visitor.getByText('Filters', { exact: true }).click();
  await visitor.getByRole('checkbox', { name: /OpenSCAD/ }).check();
  await visitor.getByRole('button', { name: 'Apply filters' }).click();
  await visitor.waitForURL(/software=openscad/);
  const card = visitor.getByTestId('tutorial-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(visitor.getByTestId('tutorial-card')).toHaveCount(await visitor.getByTestId('tutorial-card').count());
  for (const other of await visitor.getByTestId('tutorial-card').all()) await expect(other).toContainText('OpenSCAD');
  await card.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitor.getByRole('heading', { level: 2, name: 'Measure the drawer' })).toBeVisible();
  for (const image of [visitor.getByTestId('tutorial-cover'), visitor.getByTestId('tutorial-body').locator('img')]) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  const tutorialPath = new URL(visitor.url()).pathname;
  await noScript.close();

  // A member likes and comments in German.
  const member = await guest.newPage();
  await signUp(member, 'reader');
  const germanPath = `/de${tutorialPath.replace(/^\/tutorials\//, '/anleitungen/')}`;
  await member.goto(germanPath);
  await expect(member.getByRole('heading', { level: 1 })).toHaveText(title);
  const like = member.getByTestId('like-button');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(member.getByTestId('like-count')).toHaveText('Likes: 1');
  await member.getByLabel('Ihr Kommentar').fill('Danke, **sehr hilfreich**! <b>kein HTML</b>');
  await member.getByRole('button', { name: 'Kommentar senden' }).click();
  const comment = member.getByTestId('comment').filter({ hasText: 'Danke' });
  await expect(comment).toHaveCount(1);
  await expect(comment.locator('strong')).toHaveText('sehr hilfreich');
  await expect(comment).toContainText('<b>kein HTML</b>');
  await expect(member.getByRole('heading', { name: 'Kommentare (1)' })).toBeVisible();
  await member.reload();
  await expect(member.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(member.getByTestId('like-count')).toHaveText('Likes: 1');
  await expectNoAxeViolations(member);

  // The JSON API and the author's profile tab show it.
  const api = (await (await member.request.get(`/api/internal/tutorials?software=openscad`)).json()) as {
    data: { items: Array<{ id: number; likes: number; comments: number }> };
  };
  expect(api.data.items.find((item) => item.id === id)).toMatchObject({ likes: 1, comments: 1 });

  // The commenter deletes the comment.
  member.once('dialog', (dialog) => void dialog.accept());
  await member.getByRole('button', { name: 'Meinen Kommentar löschen' }).click();
  await expect(member.getByTestId('comment').filter({ hasText: 'Danke' })).toHaveCount(0);
  await guest.close();
});

test('the index answers in every locale, is in the community menu, and is axe clean', async ({ page, request }) => {
  test.setTimeout(90_000);
  const paths = {
    en: '/tutorials',
    de: '/de/anleitungen',
    es: '/es/tutoriales',
    fr: '/fr/tutoriels',
    jp: '/jp/tutorials',
    pt: '/pt/tutoriais',
    ru: '/ru/uroki',
    'zh-CN': '/zh-CN/tutorials',
  };
  for (const path of Object.values(paths)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toContain(`href="${path}"`);
  }
  await page.goto('/de/anleitungen?software=blender');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anleitungen');
  await expect(page.getByTestId('tutorial-card').first()).toContainText('Blender');
  await expectNoAxeViolations(page);
  await page.getByTestId('tutorial-card').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  // A designer's profile lists the seeded tutorials on its tab.
  const author = await page.getByRole('link', { name: /^von / }).getAttribute('href');
  await page.goto(`${author}?tab=tutorials`);
  await expect(page.getByTestId('tutorial-card').first()).toBeVisible();
});

/** Cookies kept by hand, as in authorization.spec.ts (the API context's jar does not send `__Host-` cookies over http). */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly api: APIRequestContext,
    readonly origin: string,
  ) {}

  private remember(response: { headersArray(): Array<{ name: string; value: string }> }) {
    for (const header of response.headersArray()) {
      if (header.name.toLowerCase() !== 'set-cookie') continue;
      const [pair] = header.value.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string) {
    const response = await this.api.get(path, { headers: { cookie: this.cookieHeader() }, maxRedirects: 0 });
    this.remember(response);
    return response;
  }

  async post(path: string, data: unknown = {}, { token = true, multipart }: { token?: boolean; multipart?: Buffer } = {}) {
    if (!this.cookies.has('__Host-csrf')) await this.get('/api/internal/csrf');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), origin: this.origin };
    if (token) headers['x-csrf-token'] = this.cookies.get('__Host-csrf')!;
    const response = await this.api.post(path, {
      headers,
      maxRedirects: 0,
      ...(multipart ? { multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: multipart } } } : { data }),
    });
    this.remember(response);
    return response;
  }
}

async function signedUp(api: APIRequestContext, origin: string, name: string): Promise<Client> {
  const client = new Client(api, origin);
  const username = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const response = await client.post('/api/internal/users/sign_up', {
    username,
    email: `${username}@example.com`,
    password: 'a long enough password',
  });
  expect(response.status()).toBe(201);
  return client;
}

test('only the author sees and changes a draft; CSRF, bad input and the comment limit are refused cleanly', async ({
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await playwrightRequest.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const owner = await signedUp(api, origin, 'owner');
  const other = await signedUp(api, origin, 'other');
  const commenter = await signedUp(api, origin, 'commenter');
  const guest = new Client(api, origin);
  const fields = { title: 'Owner only draft', body: 'Text', software: ['Blender'], skillLevel: 'beginner' };

  // CSRF: no token, no draft.
  expect((await owner.post('/api/internal/tutorials', fields, { token: false })).status()).toBe(403);
  expect((await guest.post('/api/internal/tutorials', fields)).status()).toBe(401);
  const created = await owner.post('/api/internal/tutorials', fields);
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;

  // Another member: the draft does not exist for them, whatever they try.
  expect((await other.get(`/tutorials/${id}`)).status()).toBe(404);
  expect((await other.get(`/tutorials/${id}/edit`)).status()).toBe(404);
  expect((await other.get(`/api/internal/tutorials/${id}`)).status()).toBe(404);
  for (const action of ['', '/publish', '/unpublish', '/remove', '/likes', '/comments'])
    expect((await other.post(`/api/internal/tutorials/${id}${action}`, { ...fields, body: 'x' })).status(), action).toBe(404);
  expect((await other.post(`/api/internal/tutorials/${id}/cover`, {}, { multipart: await picture('#000000') })).status()).toBe(404);
  expect((await owner.get(`/api/internal/tutorials/${id}`)).status()).toBe(200);

  // Publishing without a cover is refused with a reason; bad input is a 400, never a 500.
  const refused = await owner.post(`/api/internal/tutorials/${id}/publish`);
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { formError: string } }).error.formError).toBe('cover_required');
  expect((await owner.post(`/api/internal/tutorials/${id}`, { ...fields, title: 'x' })).status()).toBe(400);
  expect((await owner.post(`/api/internal/tutorials/${id}`, { ...fields, software: ['Nope'] })).status()).toBe(400);
  expect((await owner.post(`/api/internal/tutorials/${id}/cover`, {}, { multipart: Buffer.from('not a picture') })).status()).toBe(400);
  for (const bad of ['abc', '0', '99999999999', '-1'])
    expect((await owner.post(`/api/internal/tutorials/${bad}`, fields)).status(), bad).toBe(404);
  expect((await owner.post('/api/internal/tutorials/comments/abc/remove')).status()).toBe(404);

  // Published: comments are limited to 20 an hour per member.
  expect((await owner.post(`/api/internal/tutorials/${id}/cover`, {}, { multipart: await picture('#f59e0b') })).status()).toBe(201);
  expect((await owner.post(`/api/internal/tutorials/${id}/publish`)).status()).toBe(200);
  expect((await guest.post(`/api/internal/tutorials/${id}/comments`, { body: 'hi' })).status()).toBe(401);
  expect((await other.post(`/api/internal/tutorials/${id}/comments`, { body: '   ' })).status()).toBe(400);
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++)
    statuses.push((await commenter.post(`/api/internal/tutorials/${id}/comments`, { body: `note ${i}` })).status());
  expect(statuses).toEqual([...Array<number>(20).fill(201), 429]);
  // Another member's comment is not theirs to delete; likes count once.
  const comments = (await (await other.get(`/api/internal/tutorials/${id}/comments`)).json()) as {
    data: { items: Array<{ id: number }> };
  };
  expect((await owner.post(`/api/internal/tutorials/comments/${comments.data.items[0]!.id}/remove`)).status()).toBe(404);
  expect((await commenter.post(`/api/internal/tutorials/comments/${comments.data.items[0]!.id}/remove`)).status()).toBe(200);
  await other.post(`/api/internal/tutorials/${id}/likes`);
  const twice = await other.post(`/api/internal/tutorials/${id}/likes`);
  expect(((await twice.json()) as { data: { likes: number } }).data.likes).toBe(1);
  await api.dispose();
});
