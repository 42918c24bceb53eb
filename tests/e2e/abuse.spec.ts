import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';

/**
 * Issue 24 "Abuse" (decision 0039) against the running app: view reports without the visitor cookie
 * count once, the support form answers 404 for a model it may not show, and an admin sees and removes
 * a phrase the search box learned (this suite's server learns from one visitor: all of it is 127.0.0.1).
 */

/** A client that keeps only the CSRF cookie by hand: it never sends a visitor cookie. */
async function csrfClient(api: APIRequestContext, origin: string) {
  const csrf = await api.get('/api/internal/csrf');
  const line = csrf
    .headersArray()
    .find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('__Host-csrf='))!.value;
  let token = line.split(';')[0]!.slice('__Host-csrf='.length);
  let session = '';
  const cookies = () =>
    [`__Host-csrf=${token}`, ...(session ? [`__Host-session=${session}`] : [])].join('; ');
  return {
    get: (path: string) => api.get(path, { headers: { cookie: cookies() } }),
    async post(path: string, data: unknown = {}) {
      const response = await api.post(path, {
        headers: { cookie: cookies(), origin, 'x-csrf-token': token },
        data,
      });
      // Signing up or in starts a session with its own CSRF token.
      for (const { name, value } of response.headersArray()) {
        if (name.toLowerCase() !== 'set-cookie') continue;
        const [pair] = value.split(';');
        if (pair!.startsWith('__Host-session=')) session = pair!.slice('__Host-session='.length);
        if (pair!.startsWith('__Host-csrf=')) token = pair!.slice('__Host-csrf='.length);
      }
      return response;
    },
  };
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

type Card = { id: number; title: string; url: string };

test('49 view reports without the visitor cookie count as one view', async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const origin = new URL(baseURL!).origin;
  const cards = (
    (await (await api.get('/api/internal/items?page=3&per_page=48')).json()) as {
      data: { items: Card[] };
    }
  ).data.items;
  const model = cards.at(-7)!;
  const answers: Array<{ counted: boolean; views: number }> = [];
  for (let i = 0; i < 49; i++) {
    const client = await csrfClient(api, origin);
    const response = await client.post(`/api/internal/items/${model.id}/views`);
    expect(response.status()).toBe(200);
    answers.push(((await response.json()) as { data: { counted: boolean; views: number } }).data);
  }
  expect(answers.filter((answer) => answer.counted).length).toBeLessThanOrEqual(1);
  expect(answers.at(-1)!.views - answers[0]!.views).toBe(0);
  await api.dispose();
});

async function signedUp(api: APIRequestContext, origin: string, name: string) {
  const client = await csrfClient(api, origin);
  const username = `${name}${Date.now().toString(36)}`;
  const response = await client.post('/api/internal/users/sign_up', {
    username,
    email: `${username}@example.com`,
    password: 'a long enough passphrase 2026',
  });
  expect(response.status()).toBe(201);
  return client;
}

test('the support form answers the same 404 for a draft as for a missing model', async ({ baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const sellerApi = await playwrightRequest.newContext({ baseURL });
  const seller = await signedUp(sellerApi, origin, 'drafter');
  expect((await seller.post('/api/internal/studio/become_seller')).status()).toBe(200);
  const categoryId = (await (await seller.get('/studio/new')).text()).match(/<option value="(\d+)"/)![1]!;
  const details = {
    title: 'Secret unreleased dragon',
    categoryId,
    price: '5',
    licence: 'royalty_free',
    unit: 'mm',
  };
  const created = await seller.post('/api/internal/studio/models', details);
  expect(created.status()).toBe(201);
  const draftId = ((await created.json()) as { data: { id: number } }).data.id;

  const askerApi = await playwrightRequest.newContext({ baseURL });
  const asker = await signedUp(askerApi, origin, 'asker');
  const answers = [];
  for (const id of [draftId, draftId + 1_000_000]) {
    const response = await asker.post(`/api/internal/items/${id}/support_messages`, {
      message: 'What is it?',
    });
    answers.push([response.status(), await response.json()]);
  }
  expect(answers).toEqual([
    [404, { error: { code: 'NOT_FOUND', message: 'No such model' } }],
    [404, { error: { code: 'NOT_FOUND', message: 'No such model' } }],
  ]);
  const [published] = (
    (await (await askerApi.get('/api/internal/items?per_page=24')).json()) as {
      data: { items: Card[] };
    }
  ).data.items;
  const asked = await asker.post(`/api/internal/items/${published!.id}/support_messages`, { message: 'Hi' });
  expect(asked.status()).toBe(201);
  await Promise.all([sellerApi.dispose(), askerApi.dispose()]);
});

test('an admin sees a learned search phrase and removes it for good (en, de; axe at 375 and 1440 px)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A tag of the demo catalogue, searched by a visitor: learned (one visitor suffices on this server).
  const api = await playwrightRequest.newContext({ baseURL });
  const suggested = (await (await api.get('/api/internal/items/live_search.json?query=wo')).json()) as {
    keywords: Array<{ suggestedKeyword: string }>;
  };
  const phrase = suggested.keywords.map((k) => k.suggestedKeyword).find((k) => /^[a-z]+$/.test(k))!;
  expect(phrase).toBeTruthy();
  const visitor = await csrfClient(api, new URL(baseURL!).origin);
  expect(
    (await visitor.post('/api/internal/search_events', { searchTerm: phrase, type: 'model' })).status(),
  ).toBe(204);

  await page.goto('/login');
  await page.locator('main input[name=login]').fill('demo-admin');
  await page.locator('main input[name=password]').fill('demo-password-2026');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Learned search phrases' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learned search phrases');
  await page.getByLabel('Phrases starting with').fill(phrase);
  await page.locator('#content').getByRole('button', { name: 'Search', exact: true }).click();
  const item = page
    .getByTestId('learned-phrase')
    .filter({ has: page.getByRole('heading', { name: phrase, exact: true }) });
  await expect(item).toContainText(/searched (once|\d+ times) · also the tag of \d+ models?/);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/abuse-search-phrases-${width}.png`, fullPage: true });
  }

  await page.goto(`/de/admin/search-phrases?q=${phrase}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gelernte Suchbegriffe');
  await expectNoAxeViolations(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `„${phrase}“ aus den Vorschlägen entfernen` }).click();
  await expect(page.getByText('Keine gelernten Begriffe.')).toBeVisible();

  // Searched again, it is not learned again.
  expect(
    (await visitor.post('/api/internal/search_events', { searchTerm: phrase, type: 'model' })).status(),
  ).toBe(204);
  await page.reload();
  await expect(page.getByText('Keine gelernten Begriffe.')).toBeVisible();
  await api.dispose();
});
