import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import fs from 'node:fs';
import sharp from 'sharp';

import { testMeshPath } from '../fixtures/test-meshes';

/**
 * Issue 25, challenges and the digital art contest (decision 0046): a challenge from open to results
 * with three entrants and five voters, the winner paid once and badged; a render entered in the art
 * contest; both pages in every locale; and who may do what. Time moves by the admin's rescheduling
 * (forward only), never by waiting.
 */

const password = 'a long enough password';

/** An API client keeping its cookies by hand (an API context does not send `Secure` cookies over http). */
class Client {
  private readonly cookies = new Map<string, string>();
  username = '';
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
    // A kept-alive connection the server closes as it idles can reset a GET (CI); a GET may be sent again.
    const response = await this.api.get(path, {
      headers: { cookie: this.cookieHeader() },
      maxRedirects: 0,
      maxRetries: 2,
    });
    this.remember(response);
    return response;
  }

  async post(path: string, data: unknown = {}, { token = true, raw = false } = {}) {
    if (token && !this.cookies.has('__Host-csrf')) await this.get('/api/internal/csrf');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), origin: this.origin };
    if (token) headers['x-csrf-token'] = this.cookies.get('__Host-csrf')!;
    if (raw) headers['content-type'] = 'application/octet-stream';
    const response = await this.api.post(path, { headers, data: data as never, maxRedirects: 0 });
    this.remember(response);
    return response;
  }
}

async function signedUp(api: APIRequestContext, origin: string, name: string): Promise<Client> {
  const client = new Client(api, origin);
  client.username = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const response = await client.post('/api/internal/users/sign_up', {
    username: client.username,
    email: `${client.username}@example.com`,
    password,
  });
  expect(response.status()).toBe(201);
  return client;
}

async function demoAdmin(api: APIRequestContext, origin: string): Promise<Client> {
  const admin = new Client(api, origin);
  const response = await admin.post('/api/internal/users/log_in', {
    login: 'demo-admin',
    password: 'demo-password-2026',
  });
  expect(response.status()).toBe(200);
  return admin;
}

/** A new seller's model, published the way every model is: a file, a review request, the admin's approval. */
async function publishedModel(seller: Client, admin: Client, title: string): Promise<number> {
  expect((await seller.post('/api/internal/studio/become_seller')).ok()).toBe(true);
  const form = await (await seller.get('/studio/new')).text();
  const categoryId = /<option value="(\d+)"/.exec(form)![1];
  const created = await seller.post('/api/internal/studio/models', {
    title,
    description: 'A model for the challenge.',
    categoryId,
    tags: 'challenge',
    price: '0',
    licence: 'royalty_free',
    unit: 'mm',
    walletEligible: false,
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  const upload = await seller.post(
    `/api/internal/studio/models/${data.id}/files?name=cube.stl`,
    fs.readFileSync(testMeshPath('20mm-xyz-cube.stl')),
    { raw: true },
  );
  expect(upload.status()).toBe(201);
  // The review request is refused while the file's analysis (which also renders the card picture) runs.
  await expect
    .poll(async () => (await seller.post(`/api/internal/studio/models/${data.id}/review_request`)).status(), {
      timeout: 60_000,
    })
    .toBe(200);
  const verdict = await admin.post(`/api/internal/admin/reviews/${data.id}`, {
    verdict: 'approve',
    score: 90,
  });
  expect(verdict.status()).toBe(200);
  return data.id;
}

async function logIn(page: Page, login: string, secret = password) {
  await page.goto('/login');
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill(secret);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
}

async function newPage(browser: Browser, login: string, secret = password) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, login, secret);
  return { context, page };
}

async function expectAxeClean(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    await page.screenshot({ path: `test-results/challenges-${name}-${width}.png`, fullPage: true });
  }
}

/** `2026-11-26T01:00` in UTC, as the admin form's datetime-local inputs take it. */
const utcInput = (time: number) => new Date(time).toISOString().slice(0, 16);

test('a challenge from open to results: three entrants, five voters, the winner paid once and badged', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const api = await playwrightRequest.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const admin = await demoAdmin(api, origin);
  const suffix = Date.now().toString(36);
  const [ada, ben, cleo] = await Promise.all(
    ['chada', 'chben', 'chcleo'].map((n) => signedUp(api, origin, n)),
  );
  const [adaModel, benModel, cleoModel] = await Promise.all([
    publishedModel(ada!, admin, `Ada's castle ${suffix}`),
    publishedModel(ben!, admin, `Ben's castle ${suffix}`),
    publishedModel(cleo!, admin, `Cleo's castle ${suffix}`),
  ]);

  // The admin creates the challenge in the admin pages: open since an hour ago, voting tomorrow.
  const adminUi = await newPage(browser, 'demo-admin', 'demo-password-2026');
  await adminUi.page.goto('/admin');
  await adminUi.page.locator('main').getByRole('link', { name: 'Challenges' }).click();
  const title = `Tiny castles ${suffix}`;
  const form = adminUi.page.locator('main form');
  await form.getByLabel('Type').selectOption('models');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Theme').fill('A castle that fits in a matchbox');
  await form.getByLabel('Rules', { exact: true }).fill('One **printable** model per designer.');
  await form.getByLabel('Submissions open (UTC)').fill(utcInput(Date.now() - 3_600_000));
  await form.getByLabel('Voting starts (UTC)').fill(utcInput(Date.now() + 86_400_000));
  await form.getByLabel('Results (UTC)').fill(utcInput(Date.now() + 2 * 86_400_000));
  await form.getByLabel('Prize in credits ($)').fill('25');
  await form.getByRole('button', { name: 'Create challenge' }).click();
  await adminUi.page.waitForURL(/\/admin\/challenges\/\d+$/);
  const id = Number(adminUi.page.url().split('/').pop());
  const challengePath = `/challenges/${id}`;
  const reschedule = (dates: { opensAt: number; votingAt: number; resultsAt: number }) =>
    admin.post(`/api/internal/challenges/${id}`, {
      title,
      theme: 'A castle that fits in a matchbox',
      rules: 'One **printable** model per designer.',
      prize: '25',
      opensAt: new Date(dates.opensAt).toISOString(),
      votingAt: new Date(dates.votingAt).toISOString(),
      resultsAt: new Date(dates.resultsAt).toISOString(),
    });

  // Ada enters in the browser, choosing her model; Ben and Cleo through the API.
  const adaUi = await newPage(browser, ada!.username);
  await adaUi.page.goto('/challenges');
  await adaUi.page.getByRole('link', { name: title }).click();
  await expect(adaUi.page.getByRole('heading', { level: 1 })).toHaveText(title);
  await adaUi.page.getByLabel('Your published model').selectOption(String(adaModel));
  await adaUi.page.getByRole('button', { name: 'Submit entry' }).click();
  await expect(adaUi.page.getByText('You have entered this challenge. Good luck!')).toBeVisible();
  await expect(adaUi.page.getByTestId('challenge-entry')).toHaveCount(1);
  const entries = `/api/internal/challenges/${id}/entries`;
  expect((await ben!.post(entries, { modelId: benModel })).status()).toBe(201);
  expect((await cleo!.post(entries, { modelId: cleoModel })).status()).toBe(201);

  // Who may do what while submissions are open.
  const stranger = await signedUp(api, origin, 'chstranger');
  expect((await stranger.post(entries, { modelId: benModel })).status()).toBe(404); // another's model
  expect((await ben!.post(entries, { modelId: benModel }, { token: false })).status()).toBe(403); // no CSRF
  const again = await ben!.post(entries, { modelId: benModel });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { reason: string } }).error.reason).toBe('already_entered');
  expect((await stranger.post('/api/internal/challenges', { kind: 'models' })).status()).toBe(403); // not an admin
  expect(
    (await new Client(api, origin).post(`/api/internal/challenges/${id}/votes`, { entryId: 1 })).status(),
  ).toBe(401);
  const early = await stranger.post(`/api/internal/challenges/${id}/votes`, { entryId: 1 });
  expect(((await early.json()) as { error: { reason: string } }).error.reason).toBe('not_voting');

  // The voting starts (the admin moves its date to now); moving back is refused.
  const opensAt = Date.now() - 3_600_000;
  expect(
    (await reschedule({ opensAt, votingAt: Date.now() - 1000, resultsAt: Date.now() + 86_400_000 })).status(),
  ).toBe(200);
  expect(
    (
      await reschedule({ opensAt, votingAt: Date.now() + 60_000, resultsAt: Date.now() + 86_400_000 })
    ).status(),
  ).toBe(409);
  const detail = (await (await api.get(`/api/internal/challenges/${id}`)).json()) as {
    data: { phase: string; entryList: { id: number; username: string; votes: number | null }[] };
  };
  expect(detail.data.phase).toBe('voting');
  expect(detail.data.entryList.every((e) => e.votes === null)).toBe(true);
  const entryOf = (who: Client) => detail.data.entryList.find((e) => e.username === who.username)!.id;
  const votes = `/api/internal/challenges/${id}/votes`;

  // Five voters: three for Ben, one for Cleo; the fifth votes for Cleo in the browser, then moves the vote to Ben.
  const voters = await Promise.all([1, 2, 3, 4].map((n) => signedUp(api, origin, `chvoter${n}`)));
  for (const voter of voters.slice(0, 3))
    expect((await voter.post(votes, { entryId: entryOf(ben!) })).status()).toBe(200);
  expect((await voters[3]!.post(votes, { entryId: entryOf(cleo!) })).status()).toBe(200);
  expect((await voters[0]!.post(votes, { entryId: entryOf(ben!) })).status()).toBe(200); // twice: still one vote
  const own = await ada!.post(votes, { entryId: entryOf(ada!) });
  expect(own.status()).toBe(403);
  expect(((await own.json()) as { error: { reason: string } }).error.reason).toBe('own_entry');
  expect((await ada!.post(votes, { entryId: entryOf(ben!) }, { token: false })).status()).toBe(403);
  const fifth = await signedUp(api, origin, 'chvoter5');
  const fifthUi = await newPage(browser, fifth.username);
  await fifthUi.page.goto(`/de${challengePath.replace('/challenges', '/wettbewerbe')}`);
  await expect(fifthUi.page.locator('[data-phase=voting]').first()).toHaveText('Abstimmung');
  await fifthUi.page.getByRole('button', { name: `Für Cleo's castle ${suffix} abstimmen` }).click();
  await expect(fifthUi.page.getByTestId('voted-here')).toHaveText('✓ Ihre Stimme');
  await fifthUi.page.getByRole('button', { name: `Für Ben's castle ${suffix} abstimmen` }).click();
  await expect(fifthUi.page.getByTestId('voted-here')).toHaveCount(1);
  await expect(
    fifthUi.page
      .getByTestId('challenge-entry')
      .filter({ hasText: `Ben's castle ${suffix}` })
      .getByTestId('voted-here'),
  ).toBeVisible();
  await expectAxeClean(fifthUi.page, 'voting-de');

  // The voting ends; several readers at once close it: one payment.
  expect(
    (await reschedule({ opensAt, votingAt: Date.now() - 60_000, resultsAt: Date.now() - 1 })).status(),
  ).toBe(200);
  const readers = await Promise.all(
    Array.from({ length: 6 }, () => api.get(`/api/internal/challenges/${id}`).then((r) => r.json())),
  );
  for (const body of readers as { data: { phase: string; winner: { username: string } } }[]) {
    expect(body.data.phase).toBe('results');
    expect(body.data.winner.username).toBe(ben!.username);
  }
  const results = (readers[0] as { data: { entryList: { username: string; votes: number; rank: number }[] } })
    .data;
  expect(results.entryList.map((e) => [e.username, e.votes, e.rank])).toEqual([
    [ben!.username, 4, 1],
    [cleo!.username, 1, 2],
    [ada!.username, 0, 3],
  ]);
  expect((await voters[0]!.post(votes, { entryId: entryOf(cleo!) })).status()).toBe(409); // closed
  expect(
    (await reschedule({ opensAt, votingAt: Date.now() - 60_000, resultsAt: Date.now() + 60_000 })).status(),
  ).toBe(409);

  // Ben sees the result, his credits once on the points page, and the badge on his profile.
  const benUi = await newPage(browser, ben!.username);
  await benUi.page.goto(challengePath);
  await expect(benUi.page.getByTestId('challenge-winner')).toHaveText(`Winner: ${ben!.username}`);
  await expect(benUi.page.getByTestId('entry-result').first()).toHaveText('🏆 Winner · 4 votes');
  await expectAxeClean(benUi.page, 'results-en');
  await benUi.page.goto('/points');
  await expect(benUi.page.locator('main').getByText('Community reward', { exact: true })).toHaveCount(1);
  await expect(
    benUi.page.locator('main').getByRole('row', { name: /Community reward \+\$25\b/ }),
  ).toHaveCount(1);
  await benUi.page.goto(`/designers/${ben!.username}`);
  await expect(benUi.page.getByTestId('challenge-badges')).toContainText(`Won “${title}”`);

  // Rate limit: entries are limited per member and hour (the refused ones count too).
  let status = 0;
  for (let i = 0; i < 12 && status !== 429; i++)
    status = (await stranger.post(entries, { modelId: benModel })).status();
  expect(status).toBe(429);

  for (const ui of [adminUi, adaUi, fifthUi, benUi]) await ui.context.close();
  await api.dispose();
});

test('the digital art contest takes a render through the picture checks', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const api = await playwrightRequest.newContext({ baseURL });
  const artist = await signedUp(api, new URL(baseURL!).origin, 'artist');
  await logIn(page, artist.username);
  await page.goto('/');
  await page.locator('header summary', { hasText: 'Community' }).first().click();
  await page.locator('header').getByRole('link', { name: 'Digital art contest' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Digital art contest');
  await expect(page.locator('[data-phase=submissions]').first()).toBeVisible();

  // A file that is not a picture is refused with the reason; then a real render goes in.
  await page.getByLabel('Title of your render').fill('Midnight tram');
  await page
    .getByLabel('Picture')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await page.getByRole('button', { name: 'Submit entry' }).click();
  await expect(page.getByText('That file is not a JPG, PNG or WebP picture.')).toBeVisible();
  const render = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 10, b: 80 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><circle cx="800" cy="500" r="320" fill="#ff2bd6"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  await page.getByLabel('Picture').setInputFiles({ name: 'tram.png', mimeType: 'image/png', buffer: render });
  await page.getByRole('button', { name: 'Submit entry' }).click();
  await expect(page.getByText('You have entered this challenge. Good luck!')).toBeVisible();
  const entry = page.getByRole('img', { name: 'Midnight tram' });
  await expect(entry).toBeVisible();
  expect(await entry.getAttribute('src')).toMatch(/\/files\/pictures\/challenges\/\d+\/[0-9a-f]+-720\.webp$/);
  expect((await page.request.get((await entry.getAttribute('src'))!)).status()).toBe(200);
  await expectAxeClean(page, 'art-contest-en');
  await api.dispose();
});

const localizedPaths: Record<string, [string, string]> = {
  en: ['/challenges', '/digital-art-contest'],
  de: ['/de/wettbewerbe', '/de/digitalkunst-wettbewerb'],
  es: ['/es/desafios', '/es/concurso-de-arte-digital'],
  fr: ['/fr/defis', '/fr/concours-art-numerique'],
  jp: ['/jp/challenges', '/jp/digital-art-contest'],
  pt: ['/pt/desafios', '/pt/concurso-de-arte-digital'],
  ru: ['/ru/konkursy', '/ru/konkurs-tsifrovogo-iskusstva'],
  'zh-CN': ['/zh-CN/challenges', '/zh-CN/digital-art-contest'],
};

test('the challenges and the contest answer in all 8 locales, linked from the community menu and footer', async ({
  page,
  request,
}) => {
  for (const [locale, paths] of Object.entries(localizedPaths)) {
    const home = await (await request.get(locale === 'en' ? '/' : `/${locale}`)).text();
    for (const path of paths) {
      expect((await request.get(path)).status(), path).toBe(200);
      expect(home, `${locale} menu links ${path}`).toContain(`href="${path}"`);
    }
  }
  await page.goto('/ru/konkursy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Конкурсы для дизайнеров');
  await expect(page.locator('main article, main li').first()).toBeVisible();
  await expectAxeClean(page, 'list-ru');
  await page.goto('/jp/digital-art-contest');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('デジタルアートコンテスト');
  await expectAxeClean(page, 'contest-jp');
});
