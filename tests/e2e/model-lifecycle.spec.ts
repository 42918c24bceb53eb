import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';

import { testMeshPath } from '../fixtures/test-meshes';

/**
 * Issue 23 §3: a seller's model after publication (edit, unpublish, publish again, delete a draft), a
 * free model downloaded in one click and found in the purchases with its certificate, a custom
 * licence's terms before buying; who may do each (decision 0035).
 */

async function expectNoAxeViolations(page: Page) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.length}`),
      `axe at ${width}px`,
    ).toEqual([]);
  }
}

async function signUp(page: Page, username: string, prefix = '') {
  await page.goto(`${prefix}/signup`);
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(`${prefix || ''}/`.replace(/\/$/, '') || '/');
}

async function newUser(browser: Browser, username: string, prefix = '') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, username, prefix);
  return { context, page };
}

async function searchTitles(page: Page, keywords: string): Promise<string[]> {
  const response = await page.request.get(`/api/internal/items?keywords=${encodeURIComponent(keywords)}`);
  const { data } = (await response.json()) as { data: { items: { title: string }[] } };
  return data.items.map((item) => item.title);
}

async function suggestedTitles(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(
    `/api/internal/items/live_search.json?query=${encodeURIComponent(query)}`,
  );
  const body = (await response.json()) as { items: { itemTitle: string }[] };
  return body.items.map((item) => item.itemTitle);
}

test('a seller edits, unpublishes and republishes a model; a buyer’s free download survives it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const tag = `lamp${suffix}`;
  const title = `Desk lamp ${suffix}`;
  const terms = 'Use it in your own prints and renders.\nDo not sell the printed parts.';

  // A new seller uploads a free model under a custom licence with their own terms.
  await signUp(page, `lcseller${suffix}`);
  await page.goto('/studio/new');
  await page.getByRole('button', { name: 'Start selling' }).click();
  await page.locator('main input[name=title]').fill(title);
  await page.locator('main select[name=categoryId]').selectOption({ index: 1 });
  await page.locator('main input[name=tags]').fill(`${tag}, lamp`);
  await page.locator('main input[name=price]').fill('0');
  await page.locator('main select[name=licence]').selectOption('custom');
  await page.locator('main button[type=submit]').click();
  await expect(page.getByText('Write the terms of your custom licence.')).toBeVisible();
  await page.getByLabel('Your licence terms').fill(terms);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(/\/studio\/models\/\d+$/);
  const studioUrl = page.url();
  const modelId = studioUrl.split('/').pop()!;
  await page.getByLabel('Add model files').setInputFiles(testMeshPath('20mm-xyz-cube.stl'));
  await expect(page.getByTestId('model-file')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'Card picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.locator('[data-status=in_review]')).toBeVisible();

  // An admin approves it: it is found, and suggested for its tag.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await admin.locator('main input[name=login]').fill('demo-admin');
  await admin.locator('main input[name=password]').fill('demo-password-2026');
  await admin.locator('main button[type=submit]').click();
  await admin.waitForURL('/');
  await admin.goto(studioUrl);
  await admin.getByLabel('Score (0–100)').fill('90');
  await admin.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(admin.getByText('Approved: the model is reviewed and public.')).toBeVisible();
  await adminContext.close();
  await expect.poll(() => searchTitles(page, tag)).toEqual([title]);
  await expect.poll(() => suggestedTitles(page, tag)).toEqual([title]);

  // The seller edits the published model: the new title is public at once.
  await page.goto(studioUrl);
  await expect(page.locator('[data-status=published]')).toBeVisible();
  await page.locator('main input[name=title]').fill(`${title} v2`);
  await page.locator('main button[type=submit]').click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await page.reload();
  await page.getByRole('link', { name: 'View on the marketplace' }).click();
  await expect(page.locator('h1')).toHaveText(`${title} v2`);
  const modelUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('custom-licence-terms')).toContainText('Do not sell the printed parts.');

  // A buyer downloads it for free in one click, and finds it in the purchases with its certificate.
  const buyer = await newUser(browser, `lcbuyer${suffix}`);
  await buyer.page.goto(modelUrl);
  const [download] = await Promise.all([
    buyer.page.waitForEvent('download'),
    buyer.page.getByRole('button', { name: 'Download for free' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('20mm-xyz-cube.stl');
  await expect(buyer.page.getByTestId('free-download-done')).toContainText('the model is in your purchases');
  await expectNoAxeViolations(buyer.page);
  await buyer.page.screenshot({ path: 'test-results/lifecycle-free-download-1440.png' });
  await buyer.page.goto('/purchases');
  const purchase = buyer.page.locator('main').getByText(`${title} v2`).first();
  await expect(purchase).toBeVisible();
  await expect(buyer.page.getByRole('link', { name: /Licence certificate/ }).first()).toBeVisible();
  const fileHref = await buyer.page
    .getByRole('link', { name: /20mm-xyz-cube\.stl/ })
    .first()
    .getAttribute('href');

  // The seller unpublishes it: gone from search, suggestions and its page; the buyer still downloads.
  await page.goto(studioUrl);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.locator('[data-status=unpublished]')).toBeVisible();
  await expect(page.getByText('Unpublished: the model is off the marketplace')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/lifecycle-studio-unpublished-1440.png', fullPage: true });
  expect(await searchTitles(page, tag)).toEqual([]);
  expect(await suggestedTitles(page, tag)).toEqual([]);
  expect((await buyer.page.goto(modelUrl))?.status()).toBe(404);
  expect((await buyer.page.request.get(fileHref!)).status()).toBe(200);
  await buyer.page.goto('/purchases');
  await expect(buyer.page.locator('main').getByText(`${title} v2`).first()).toBeVisible();

  // Published again: back in search and on its page.
  await page.getByRole('button', { name: 'Publish again' }).click();
  await expect(page.locator('[data-status=published]')).toBeVisible();
  expect(await searchTitles(page, tag)).toEqual([`${title} v2`]);
  expect((await buyer.page.goto(modelUrl))?.status()).toBe(200);
  expect(modelId).toMatch(/^\d+$/);
  await buyer.context.close();
});

test('in German: a seller deletes a draft; a guest is asked to log in and comes back; one click downloads a free model', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);

  await signUp(page, `lcdraft${suffix}`, '/de');
  await page.goto('/de/studio/new');
  await page.getByRole('button', { name: 'Jetzt verkaufen' }).click();
  await page.locator('main input[name=title]').fill(`Entwurf ${suffix}`);
  await page.locator('main select[name=categoryId]').selectOption({ index: 1 });
  await page.locator('main input[name=price]').fill('5');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(/\/de\/studio\/models\/\d+$/);
  const draftUrl = new URL(page.url()).pathname;
  await expectNoAxeViolations(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Entwurf löschen' }).click();
  await page.waitForURL(/\/de\/studio$/);
  await expect(page.getByText(`Entwurf ${suffix}`)).toHaveCount(0);
  expect((await page.goto(draftUrl))?.status()).toBe(404);

  // A free model of the catalogue, in German.
  const response = await page.request.get('/api/internal/items?free=1&locale=de&per_page=24');
  const { data } = (await response.json()) as { data: { items: { title: string; url: string }[] } };
  const free = data.items[0]!;
  const freePath = new URL(free.url, 'http://localhost').pathname;

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(freePath);
  await guest.getByRole('link', { name: 'Anmelden und kostenlos herunterladen' }).click();
  await expect(guest).toHaveURL(/\/de\/login\?next=/);
  await guest.locator('main input[name=login]').fill('demo-buyer');
  await guest.locator('main input[name=password]').fill('demo-password-2026');
  await guest.locator('main button[type=submit]').click();
  await guest.waitForURL((url) => url.pathname === freePath);
  await guestContext.close();

  const buyer = await newUser(browser, `lcfree${suffix}`, '/de');
  await buyer.page.goto(freePath);
  await buyer.page.getByRole('button', { name: 'Kostenlos herunterladen' }).click();
  await expect(buyer.page.getByTestId('free-download-done')).toContainText('Gehört Ihnen');
  await expectNoAxeViolations(buyer.page);
  await buyer.page.screenshot({ path: 'test-results/lifecycle-free-download-de-1440.png' });
  await buyer.page.setViewportSize({ width: 375, height: 900 });
  await buyer.page.screenshot({ path: 'test-results/lifecycle-free-download-de-375.png' });
  await buyer.page.goto('/de/purchases');
  await expect(buyer.page.locator('main').getByText(free.title).first()).toBeVisible();
  await buyer.context.close();
});

/** A session kept by hand (as in authorization.spec.ts), for JSON calls with or without the CSRF token. */
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

  private cookieHeader() {
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

async function seller(api: APIRequestContext, origin: string, name: string) {
  const client = new Client(api, origin);
  const username = `${name}${Date.now().toString(36)}`;
  const signUpResponse = await client.post('/api/internal/users/sign_up', {
    username,
    email: `${username}@example.com`,
    password: 'a long enough password',
  });
  expect(signUpResponse.status()).toBe(201);
  expect((await client.post('/api/internal/studio/become_seller')).ok()).toBe(true);
  return client;
}

test('only its seller takes a lifecycle step (404 for another seller), never without the CSRF token; free downloads need an account', async ({
  baseURL,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const owner = await seller(api, origin, 'lcowner');
  const other = await seller(api, origin, 'lcother');
  const form = await (await owner.get('/studio/new')).text();
  const categoryId = /<option value="(\d+)"/.exec(form)![1];
  const created = await owner.post('/api/internal/studio/models', {
    title: 'Owner draft',
    description: '',
    categoryId,
    tags: '',
    price: '3',
    licence: 'royalty_free',
    unit: 'mm',
    walletEligible: false,
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  const base = `/api/internal/studio/models/${data.id}`;

  for (const step of ['unpublish', 'publish', 'remove'])
    expect((await other.post(`${base}/${step}`)).status(), step).toBe(404);
  for (const step of ['unpublish', 'publish', 'remove'])
    expect((await owner.post(`${base}/${step}`, {}, { token: false })).status(), step).toBe(403);
  // A draft is neither unpublished nor published again by its seller: 409.
  expect((await owner.post(`${base}/unpublish`)).status()).toBe(409);
  expect((await owner.post(`${base}/publish`)).status()).toBe(409);
  expect((await owner.post(`${base}/remove`)).status()).toBe(200);
  expect((await owner.post(`${base}/remove`)).status()).toBe(404);
  expect((await owner.post('/api/internal/studio/models/abc/unpublish')).status()).toBe(404);

  // Free downloads: a guest 401, a paid model 409, a bad body 400, never without the token.
  const guest = new Client(api, origin);
  const paid = await owner.get('/api/internal/items?price_min=5&per_page=24');
  const paidId = ((await paid.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
  expect((await guest.post('/api/internal/free_downloads', { modelId: paidId })).status()).toBe(401);
  expect((await owner.post('/api/internal/free_downloads', { modelId: paidId })).status()).toBe(409);
  expect((await owner.post('/api/internal/free_downloads', { modelId: 'x' })).status()).toBe(400);
  expect(
    (await owner.post('/api/internal/free_downloads', { modelId: paidId }, { token: false })).status(),
  ).toBe(403);
  await api.dispose();
});
