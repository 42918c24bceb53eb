import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * Community ratings (issue 25, decision 0047): a buyer rates a model, the card shows the new average,
 * the model's designer answers once; a guest and a non-buyer are refused with a clear message; the
 * community ratings page in every locale.
 */

interface Card {
  id: number;
  url: string;
  title: string;
  ratingAverage: number;
  ratingCount: number;
}

const locales = ['en', 'de', 'es', 'fr', 'jp', 'pt', 'ru', 'zh-CN'] as const;
const ratingsPath: Record<(typeof locales)[number], string> = {
  en: '/community-ratings',
  de: '/de/community-bewertungen',
  es: '/es/valoraciones-de-la-comunidad',
  fr: '/fr/notes-de-la-communaute',
  jp: '/jp/community-ratings',
  pt: '/pt/avaliacoes-da-comunidade',
  ru: '/ru/otsenki-soobshchestva',
  'zh-CN': '/zh-CN/community-ratings',
};

async function expectNoAxeViolations(page: Page) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${width}px ${v.id}: ${v.nodes.length}`)).toEqual([]);
  }
}

async function signUp(page: Page, prefix: string): Promise<string> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return username;
}

async function loggedIn(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill('demo-password-2026');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return page;
}

/** A POST from the page itself (its session and CSRF cookie), as the site's scripts send it. */
async function post(page: Page, path: string, json: unknown, { csrf = true } = {}) {
  return page.evaluate(
    async ({ path, json, csrf }) => {
      if (csrf && !document.cookie.includes('__Host-csrf=')) await fetch('/api/internal/csrf');
      const token = document.cookie.match(/__Host-csrf=([^;]+)/)?.[1] ?? '';
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(csrf ? { 'x-csrf-token': token } : {}) },
        body: JSON.stringify(json),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    },
    { path, json, csrf },
  );
}

/** A model of the demo seller (its designer can log in), by position. */
async function demoSellerModel(page: Page, index: number): Promise<Card> {
  const response = await page.request.get('/api/internal/items?author=demo-seller&sort=newest&facets=0');
  const { data } = (await response.json()) as { data: { items: Card[] } };
  expect(data.items.length).toBeGreaterThan(index);
  return data.items[index]!;
}

const oneDecimal = (value: number, locale = 'en') =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

test('a buyer rates a model, the card shows the average, the designer answers once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = await signUp(page, 'rater');
  const model = await demoSellerModel(page, 0);

  // Bought with the test card.
  expect((await post(page, '/api/internal/cart/items', { modelId: model.id })).status).toBe(200);
  const paid = await post(page, '/api/internal/checkout', {
    idempotencyKey: `rating-${buyer}`,
    useCredits: false,
    card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status).toBe(200);

  // The model page's form: the stars must be chosen; then 5 stars and a review.
  await page.goto(model.url);
  const section = page.getByTestId('model-ratings');
  await expect(section.getByRole('heading', { name: 'Ratings and reviews' })).toBeVisible();
  await section.getByRole('button', { name: 'Save rating' }).click();
  await expect(section.getByRole('alert')).toHaveText('Choose from 0 to 5 stars.');
  await section.getByLabel('4 stars').check();
  await section.getByLabel('Review (optional)').fill('Great topology, prints without supports.');
  await expectNoAxeViolations(page);
  // The form reloads the page once saved, and the browser drops the answer's body then: the answers
  // are read on their way to the page instead.
  const answers: { data: { ratingAverage: number; ratingCount: number } }[] = [];
  await page.route(`**/api/internal/items/${model.id}/ratings`, async (route) => {
    const response = await route.fetch();
    if (route.request().method() === 'POST' && response.ok()) answers.push(await response.json());
    await route.fulfill({ response });
  });
  await section.getByRole('button', { name: 'Save rating' }).click();
  // A save also drops the model's cached pages: on a busy machine it takes more than the default 5 s.
  await expect.poll(() => answers.length, { timeout: 30_000 }).toBe(1);
  expect(answers[0]!.data.ratingCount).toBe(model.ratingCount + 1);
  await page.waitForLoadState('load');
  const review = section.getByTestId('review').filter({ hasText: buyer });
  await expect(review).toContainText('Great topology, prints without supports.');
  await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();

  // Editable: the form keeps the rating, 5 stars now.
  await expect(section.getByRole('heading', { name: 'Your rating' })).toBeVisible();
  await expect(section.getByLabel('4 stars')).toBeChecked();
  // The reloaded page's form is live once its button is enabled (disabled until hydrated).
  await expect(section.getByRole('button', { name: 'Save rating' })).toBeEnabled();
  await section.getByLabel('5 stars').check();
  await section.getByRole('button', { name: 'Save rating' }).click();
  await expect.poll(() => answers.length, { timeout: 30_000 }).toBe(2);
  const after = answers[1]!;
  expect(after.data.ratingCount).toBe(answers[0]!.data.ratingCount);
  await page.waitForLoadState('load');
  await expect(section.getByTestId('rating-summary')).toContainText(
    `${oneDecimal(after.data.ratingAverage)} out of 5 · ${after.data.ratingCount} ratings`,
  );

  // The card in the listing (and its JSON) has the new average and count.
  await page.goto('/3d-models?author=demo-seller&sort=newest');
  const card = page.locator('article').filter({ has: page.locator(`a[href="${model.url}"]`) });
  await expect(card.getByTestId('card-rating')).toContainText(
    `${oneDecimal(after.data.ratingAverage)} (${after.data.ratingCount})`,
  );
  const listed = await demoSellerModel(page, 0);
  expect(listed).toMatchObject({
    ratingAverage: after.data.ratingAverage,
    ratingCount: after.data.ratingCount,
  });

  // The designer answers, once: afterwards the answer shows and no form is left.
  const designer = await loggedIn(browser, 'demo-seller');
  await designer.goto(model.url);
  const theirReview = designer.getByTestId('model-ratings').getByTestId('review').filter({ hasText: buyer });
  await theirReview.getByLabel('Your answer to this review (once)').fill('Thank you, happy printing!');
  await theirReview.getByRole('button', { name: 'Post answer' }).click();
  await expect(theirReview.getByTestId('review-reply')).toContainText('Thank you, happy printing!');
  await expect(theirReview.getByRole('button', { name: 'Post answer' })).toHaveCount(0);
  const reviews = (await (await designer.request.get(`/api/internal/items/${model.id}/ratings`)).json()) as {
    data: { reviews: { id: number; author: { username: string }; reply: { body: string } | null }[] };
  };
  const stored = reviews.data.reviews.find((r) => r.author.username === buyer)!;
  expect(stored.reply?.body).toBe('Thank you, happy printing!');
  expect((await post(designer, `/api/internal/ratings/${stored.id}/reply`, { body: 'Again' })).status).toBe(
    409,
  );
  // Nobody else answers it: the buyer (not the designer) gets a 404.
  expect((await post(page, `/api/internal/ratings/${stored.id}/reply`, { body: 'Me too' })).status).toBe(404);
  await page.goto(model.url);
  await expect(
    page.getByTestId('review').filter({ hasText: buyer }).getByTestId('review-reply'),
  ).toContainText('Answer from the designer demo-seller');
  // Without the CSRF token nothing changes.
  expect(
    (await post(page, `/api/internal/items/${model.id}/ratings`, { stars: 0 }, { csrf: false })).status,
  ).toBe(403);
});

test('a guest and a non-buyer are refused with a clear message (German and English); past 30 an hour, 429', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const model = await demoSellerModel(page, 1);
  const germanUrl = (
    (await (
      await page.request.get(`/api/internal/items?author=demo-seller&sort=newest&facets=0&locale=de`)
    ).json()) as { data: { items: Card[] } }
  ).data.items[1]!.url;

  // A guest: asked to log in, and the API says 401.
  await page.goto(germanUrl);
  const section = page.getByTestId('model-ratings');
  await expect(section.getByRole('heading', { name: 'Bewertungen und Rezensionen' })).toBeVisible();
  await expect(section).toContainText('Melden Sie sich an, um es zu bewerten.');
  await expect(section.getByRole('button', { name: 'Bewertung speichern' })).toHaveCount(0);
  expect((await post(page, `/api/internal/items/${model.id}/ratings`, { stars: 5 })).status).toBe(401);
  await expectNoAxeViolations(page);

  // Signed in without buying: told why, no form; the API refuses with the reason.
  await signUp(page, 'nobuyer');
  await page.goto(model.url);
  await expect(page.getByTestId('rating-refused')).toHaveText(
    'Only people who bought this model (or downloaded it, if it is free) can rate it.',
  );
  await expect(page.getByRole('button', { name: 'Save rating' })).toHaveCount(0);
  const refused = await post(page, `/api/internal/items/${model.id}/ratings`, { stars: 5 });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: { formError: 'not_a_buyer' } });
  await page.goto(germanUrl);
  await expect(page.getByTestId('rating-refused')).toContainText('Nur wer dieses Modell gekauft');

  // A flood: the 30th request of the hour is the last one answered.
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++)
    statuses.push((await post(page, `/api/internal/items/${model.id}/ratings`, { stars: 5 })).status);
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
});

test('"Community ratings" in the menu opens the best-rated models of the month, in all 8 locales', async ({
  page,
}) => {
  test.setTimeout(90_000);
  for (const locale of locales) {
    const response = await page.request.get(ratingsPath[locale]);
    expect(response.status(), locale).toBe(200);
  }
  await page.goto('/');
  await page.locator('header summary', { hasText: 'Community' }).first().click();
  await page.locator('header').getByRole('link', { name: 'Community ratings' }).click();
  await expect(page).toHaveURL(/\/community-ratings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Community ratings' })).toBeVisible();
  // The seeded ratings of the last 30 days: cards with their month's figures and a review.
  const entries = page.getByTestId('best-rated').locator(':scope > li');
  await expect(entries.first()).toBeVisible();
  await expect(entries.first()).toContainText('in the last 30 days');
  await expect(page.getByRole('link', { name: 'All models, top rated first' })).toHaveAttribute(
    'href',
    '/3d-models?sort=top_rated',
  );
  await expectNoAxeViolations(page);
  await page.goto(ratingsPath.de);
  await expect(page.getByRole('heading', { level: 1, name: 'Community-Bewertungen' })).toBeVisible();
  await expect(page.locator('footer').getByRole('link', { name: 'Community-Bewertungen' })).toHaveAttribute(
    'href',
    ratingsPath.de,
  );
  await expectNoAxeViolations(page);

  // The listing by rating, and its "4 stars & up" filter counting what it opens.
  await page.goto('/3d-models?sort=top_rated');
  const fourUp = page.locator('aside input[name="min_rating"][value="4"]');
  const shown = Number(
    (await fourUp.locator('xpath=..').locator('span').last().textContent())!.replace(/[^\d]/g, ''),
  );
  await page.goto('/3d-models?sort=top_rated&min_rating=4');
  const total = (
    (await (await page.request.get('/api/internal/items?min_rating=4&facets=0')).json()) as {
      data: { total: number };
    }
  ).data.total;
  expect(total).toBe(shown);
  await expectNoAxeViolations(page);
});
