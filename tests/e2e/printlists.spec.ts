import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';

/** Issue 25: printlists made, reordered, described and shared; private ones stay private. */

// One at a time: both tests put the same seeded models in public lists, and the first one counts the
// public lists a model is in (run side by side, 3 where it expected 2).
test.describe.configure({ mode: 'serial' });

const indexPaths = {
  en: '/printlists',
  de: '/de/drucklisten',
  es: '/es/listas-de-impresion',
  fr: '/fr/listes-d-impression',
  jp: '/jp/printlists',
  pt: '/pt/listas-de-impressao',
  ru: '/ru/spiski-dlya-pechati',
  'zh-CN': '/zh-CN/printlists',
} as const;

async function expectNoAxeViolations(page: Page) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${width}px ${v.id}: ${v.nodes.length}`)).toEqual([]);
  }
}

async function signUp(page: Page, name: string, signUpPath = '/signup'): Promise<string> {
  const username = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.goto(signUpPath);
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/signup'));
  return username;
}

/** Two print models from the seeded public printlists (published print models). */
async function printModels(api: APIRequestContext): Promise<{ id: number; title: string; url: string }[]> {
  const index = (await (await api.get('/api/internal/printlists')).json()) as {
    data: { lists: { id: number; modelCount: number }[] };
  };
  const seeded = index.data.lists.find((list) => list.modelCount >= 2);
  expect(seeded).toBeTruthy();
  const list = (await (await api.get(`/api/internal/printlists/${seeded!.id}`)).json()) as {
    data: { items: { id: number; title: string; url: string; productType: string }[] };
  };
  for (const item of list.data.items) expect(item.productType).toBe('print');
  return list.data.items.slice(0, 2);
}

test('a printlist is made from model pages, reordered, described, shared, then made private', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await playwrightRequest.newContext({ baseURL });
  const [first, second] = await printModels(api);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerName = await signUp(owner, 'lister');

  // From the first model's page: a new public list with the model in it; the count goes up by one.
  await owner.goto(first!.url);
  const box = owner.getByTestId('model-printlists');
  const before = Number((await box.getByTestId('printlist-count').innerText()).match(/\d+/)?.[0] ?? 0);
  await box.getByText('Save to a printlist').click();
  const title = `Desk things ${Date.now().toString(36)}`;
  await box.getByLabel('New printlist with this model').fill(title);
  await box.getByRole('button', { name: 'Create and add' }).click();
  await expect(box.getByRole('status')).toHaveText(`Printlist ${title} created with this model.`);
  await expect(box.getByRole('checkbox', { name: title })).toBeChecked();
  await owner.reload();
  await expect(owner.getByTestId('printlist-count')).toHaveText(
    before === 0 ? 'In 1 public printlist.' : `In ${before + 1} public printlists.`,
  );
  await expectNoAxeViolations(owner);

  // From the second model's page: ticking the list adds it.
  await owner.goto(second!.url);
  await owner.getByTestId('model-printlists').getByText('Save to a printlist').click();
  await owner.getByRole('checkbox', { name: title }).click();
  await expect(owner.getByRole('checkbox', { name: title })).toBeChecked();
  await expect(owner.getByTestId('model-printlists').getByRole('status')).toHaveText(`Added to ${title}.`);

  // The list page: the owner moves the second model up and writes a description.
  await owner.goto('/printlists');
  await owner
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(owner.locator('h1')).toHaveText(title);
  const items = owner.getByTestId('printlist-editor-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(first!.title);
  await owner.getByRole('button', { name: `Move up: ${second!.title}` }).click();
  await expect(owner.getByText(`${second!.title} is now in position 1.`)).toBeVisible();
  await owner.getByText('Edit or delete this printlist').click();
  await owner.getByLabel('Description (optional)').fill('Things for a **tidy** desk.');
  await owner.getByRole('button', { name: 'Save changes' }).click();
  await expect(owner.locator('main strong', { hasText: 'tidy' })).toBeVisible();
  await expect(owner.getByTestId('printlist-editor-item').nth(0)).toContainText(second!.title);
  await expectNoAxeViolations(owner);
  const shared = await owner.getByLabel('Link to share').inputValue();
  const listPath = new URL(shared).pathname;
  const listId = listPath.split('/').pop()!;

  // Another member opens the shared link in German: the list in the owner's order, and on the profile.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await signUp(friend, 'reader', '/de/signup');
  await friend.goto(`/de/drucklisten/${listId}`);
  await expect(friend.locator('h1')).toHaveText(title);
  await expect(friend.locator('main')).toContainText(`von ${ownerName}`);
  await expect(friend.getByTestId('printlist-editor-item')).toHaveCount(0);
  const cards = friend.locator('main article');
  await expect(cards.nth(0)).toContainText(second!.title);
  await expect(cards.nth(1)).toContainText(first!.title);
  await expectNoAxeViolations(friend);
  await friend.goto(`/designers/${ownerName}`);
  await expect(friend.getByTestId('profile-printlists')).toContainText(title);

  // The owner makes it private: the friend (and a guest) now get a 404, the owner still sees it.
  // Saving reloaded the page: the editor is folded again.
  await owner.getByText('Edit or delete this printlist').click();
  await owner.getByLabel('Private').check();
  await owner.getByRole('button', { name: 'Save changes' }).click();
  await expect(owner.getByText('This printlist is private: only you can see it.')).toBeVisible();
  expect((await friend.goto(`/de/drucklisten/${listId}`))!.status()).toBe(404);
  expect((await api.get(`/api/internal/printlists/${listId}`)).status()).toBe(404);
  await friend.goto(`/designers/${ownerName}`);
  await expect(friend.getByTestId('profile-printlists')).toHaveCount(0);

  await ownerContext.close();
  await friendContext.close();
});

/** A client keeping its cookies by hand (an API context's jar does not send `Secure` cookies over http). */
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
    return response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value);
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(path: string) {
    const response = await this.api.get(path, { headers: { cookie: this.cookieHeader() }, maxRedirects: 0 });
    this.remember(this.setCookies(response));
    return response;
  }

  async post(path: string, data: unknown = {}, { token = true } = {}) {
    if (token && !this.cookies.has('__Host-csrf')) await this.get('/api/internal/csrf');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), origin: this.origin };
    if (token) headers['x-csrf-token'] = this.cookies.get('__Host-csrf')!;
    const response = await this.api.post(path, { headers, data, maxRedirects: 0 });
    this.remember(this.setCookies(response));
    return response;
  }
}

async function signedUpClient(api: APIRequestContext, origin: string, name: string) {
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

test('others cannot change a list, writes need the CSRF token and are rate limited, bad input is a 4xx', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const [model, other] = await printModels(api);
  const owner = await signedUpClient(api, origin, 'owner');
  const stranger = await signedUpClient(api, origin, 'stranger');
  const guest = new Client(api, origin);

  const created = await owner.post('/api/internal/printlists', {
    title: 'Mine',
    visibility: 'public',
    modelId: model!.id,
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;

  const writes: [string, unknown][] = [
    [`/api/internal/printlists/${id}`, { title: 'Taken over', visibility: 'public' }],
    [`/api/internal/printlists/${id}/items`, { modelId: other!.id }],
    [`/api/internal/printlists/${id}/items/remove`, { modelId: model!.id }],
    [`/api/internal/printlists/${id}/items/order`, { modelIds: [model!.id] }],
    [`/api/internal/printlists/${id}/delete`, {}],
  ];
  for (const [path, body] of writes) {
    expect((await stranger.post(path, body)).status(), path).toBe(404);
    expect((await guest.post(path, body)).status(), path).toBe(401);
    expect((await owner.post(path, body, { token: false })).status(), path).toBe(403);
  }
  const list = (await (await owner.get(`/api/internal/printlists/${id}`)).json()) as {
    data: { title: string; items: { id: number }[] };
  };
  expect(list.data.title).toBe('Mine');
  expect(list.data.items.map((i) => i.id)).toEqual([model!.id]);

  // Bad input: clear 4xx answers, never a 500.
  const bad = await owner.post('/api/internal/printlists', { title: '', visibility: 'public' });
  expect(bad.status()).toBe(400);
  expect(
    ((await bad.json()) as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors,
  ).toEqual({
    title: 'title_required',
  });
  expect((await owner.post(`/api/internal/printlists/${id}/items`, { modelId: 'x' })).status()).toBe(400);
  expect((await owner.post('/api/internal/printlists/abc/items', { modelId: model!.id })).status()).toBe(404);
  expect(
    (await owner.post(`/api/internal/printlists/${id}/items/order`, { modelIds: [1, 2, 3] })).status(),
  ).toBe(409);
  expect((await owner.get('/api/internal/printlists/99999999')).status()).toBe(404);

  // A flood of writes: 120 an hour per member, then 429 with Retry-After.
  const flooder = await signedUpClient(api, origin, 'flooder');
  const statuses: number[] = [];
  for (let batch = 0; batch < 11; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        flooder.post('/api/internal/printlists', { title: `Spam ${batch}-${i}`, visibility: 'private' }),
      ),
    );
    statuses.push(...answers.map((a) => a.status()));
  }
  expect(statuses.filter((s) => s === 201)).toHaveLength(100);
  const limited = await flooder.post('/api/internal/printlists/1', { title: 'x', visibility: 'private' });
  expect(limited.status()).toBe(429);
  expect(limited.headers()['retry-after']).toBeTruthy();
});

test('the printlists index answers in all 8 locales and the menu leads to it', async ({ page, baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL });
  for (const [locale, path] of Object.entries(indexPaths)) {
    const response = await api.get(path);
    expect(response.status(), `${locale} ${path}`).toBe(200);
  }
  await page.goto('/de/drucklisten');
  await expect(page.locator('h1')).toHaveText('Drucklisten');
  await expect(page.getByTestId('printlist-cards').first()).toBeVisible();
  await expect(page.locator('header a[href="/de/drucklisten"]')).toHaveText('Drucklisten');
  await expect(page.locator('footer a[href="/de/drucklisten"]')).toHaveText('Drucklisten');
  await expectNoAxeViolations(page);
});
