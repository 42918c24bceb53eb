import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Issue 25, the rest of community ratings and makes: every review of a model is reachable from its page
 * (pages of 10, links that work without JavaScript, in English and German); a guest's cached model page
 * shows a new make at once, and its removal too (the page cache drops the model's pages).
 */
const shots = process.env.E2E_SCREENSHOTS;

interface Card {
  id: number;
  url: string;
  title: string;
  ratingCount: number;
}

async function expectNoAxeViolations(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
        .slice(0, 5),
    );
    expect(overflowing).toEqual([]);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

/** A JSON (or multipart) POST from the page, as the site's scripts send it, with the CSRF token. */
async function post(page: Page, path: string, body: unknown, picture?: number[]) {
  return page.evaluate(
    async ({ path, body, picture }) => {
      const token = await fetch('/api/internal/csrf').then(
        async (r) => ((await r.json()) as { data: { token: string } }).data.token,
      );
      let payload: BodyInit;
      const headers: Record<string, string> = { 'x-csrf-token': token };
      if (picture) {
        const form = new FormData();
        for (const [name, value] of Object.entries(body as Record<string, string>)) form.set(name, value);
        form.set('pictures', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'print.jpg');
        payload = form;
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      const response = await fetch(path, { method: 'POST', headers, body: payload });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    },
    { path, body, picture },
  );
}

/** A new member, signed in, in a context of their own (its page rests on a JSON answer: no page render). */
async function member(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/api/health');
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signedUp = await post(page, '/api/internal/users/sign_up', {
    username,
    email: `${username}@example.com`,
    password: 'a long enough password',
  });
  expect(signedUp.status).toBe(201);
  return { page, username, close: () => context.close() };
}

async function cardOf(page: Page, query: string, locale = 'en'): Promise<Card> {
  const response = await page.request.get(`/api/internal/items?locale=${locale}&facets=0&${query}`);
  const { data } = (await response.json()) as { data: { items: Card[] } };
  expect(data.items.length).toBeGreaterThan(0);
  return data.items[0]!;
}

test('every review of a model is reachable from its page, 10 a page, without JavaScript', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // A generated model deep in the newest order: no other spec rates it.
  const model = await cardOf(page, 'sort=newest&price_min=1&per_page=24&page=6');
  const raters = 11;
  for (let i = 0; i < raters; i++) {
    const rater = await member(browser, `pager${i}_`);
    expect((await post(rater.page, '/api/internal/cart/items', { modelId: model.id })).status).toBe(200);
    const paid = await post(rater.page, '/api/internal/checkout', {
      idempotencyKey: `reviews-pager-${rater.username}`,
      useCredits: false,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status).toBe(200);
    const rated = await post(rater.page, `/api/internal/items/${model.id}/ratings`, {
      stars: 5 - (i % 3),
      body: `Review number ${i} by ${rater.username}`,
    });
    expect(rated.status).toBe(201);
    await rater.close();
  }

  // What the JSON API lists, page after page: every review once, newest first.
  const listed: string[] = [];
  let pageCount = 1;
  for (let p = 1; p <= pageCount; p++) {
    const answer = await page.request.get(`/api/internal/items/${model.id}/ratings?page=${p}`);
    const { data } = (await answer.json()) as {
      data: { reviews: { body: string; author: { username: string } }[]; pageCount: number; total: number };
    };
    pageCount = data.pageCount;
    listed.push(...data.reviews.map((review) => review.author.username));
  }
  expect(listed.length).toBeGreaterThanOrEqual(raters);
  expect(pageCount).toBe(Math.ceil(listed.length / 10));

  // A guest without JavaScript follows "Older reviews" to the last page and sees every review once.
  const guest = await browser.newContext({ javaScriptEnabled: false });
  const guestPage = await guest.newPage();
  await guestPage.goto(model.url);
  const section = guestPage.getByTestId('model-ratings');
  const shown: string[] = [];
  for (let p = 1; p <= pageCount; p++) {
    const pager = section.getByRole('navigation', { name: 'Review pages' });
    await expect(pager).toContainText(`Page ${p} of ${pageCount}`);
    const authors = section.getByTestId('review').getByRole('heading', { level: 3 });
    await expect(authors).toHaveCount(p < pageCount ? 10 : listed.length - 10 * (pageCount - 1));
    shown.push(...(await authors.allTextContents()));
    if (p < pageCount) {
      await pager.getByRole('link', { name: 'Older reviews' }).click();
      await guestPage.waitForURL(`**?reviews_page=${p + 1}#ratings`);
    }
  }
  expect(shown).toEqual(listed);
  await section.getByRole('link', { name: 'Newer reviews' }).click();
  // Page 1 is the model page itself, without the parameter.
  const newer = pageCount - 1;
  await guestPage.waitForURL(
    (url) =>
      url.searchParams.get('reviews_page') === (newer > 1 ? String(newer) : null) && url.hash === '#ratings',
  );
  // A page number past the last (or not a number) shows the first page.
  await guestPage.goto(`${model.url}?reviews_page=999`);
  await expect(section.getByRole('navigation', { name: 'Review pages' })).toContainText(
    `Page 1 of ${pageCount}`,
  );
  await guest.close();

  // In German: the same pages, in German.
  const german = await cardOf(page, `keywords=${encodeURIComponent(`"${model.title}"`)}`, 'de');
  await page.goto(german.url);
  const pagerDe = page
    .getByTestId('model-ratings')
    .getByRole('navigation', { name: 'Seiten der Rezensionen' });
  await expect(pagerDe).toContainText(`Seite 1 von ${pageCount}`);
  await pagerDe.getByRole('link', { name: 'Ältere Rezensionen' }).click();
  await page.waitForURL(`**?reviews_page=2#ratings`);
  await expect(pagerDe).toContainText(`Seite 2 von ${pageCount}`);
  await expectNoAxeViolations(page, 'reviews-page-2-de');
});

test('a guest’s cached model page shows a new make at once, and its deletion', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const model = await cardOf(page, 'type=print&sort=newest&per_page=24&page=5');
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const makesHeading = guestPage
    .getByTestId('model-makes')
    .getByRole('heading', { level: 2, name: /^Makes/ });

  // The guest's copy comes from the page cache the second time.
  await guestPage.goto(model.url);
  const again = await guestPage.request.get(model.url);
  expect(again.headers()['x-page-cache']).toBe('HIT');
  const before = Number((await makesHeading.textContent())!.match(/\d+/)?.[0] ?? 0);

  const maker = await member(browser, 'cachemaker');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .toBuffer();
  const posted = await post(
    maker.page,
    '/api/internal/makes',
    { modelId: String(model.id), printer: 'Bambu A1' },
    [...photo],
  );
  expect(posted.status).toBe(201);
  const makeId = (posted.body as { data: { id: number } }).data.id;

  // At once, not after the cache's lifetime: the guest's next visit is a fresh page with the make.
  await guestPage.goto(model.url);
  await expect(makesHeading).toHaveText(`Makes (${before + 1})`);
  await expect(guestPage.getByTestId('model-makes').getByTestId('make-card').first()).toContainText(
    `by ${maker.username}`,
  );
  await expectNoAxeViolations(guestPage, 'model-makes-guest');

  expect((await post(maker.page, `/api/internal/makes/${makeId}/delete`, {})).status).toBe(200);
  await guestPage.goto(model.url);
  await expect(makesHeading).toHaveText(`Makes (${before})`);
  await maker.close();
  await guest.close();
});
