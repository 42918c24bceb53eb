import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** Likes and follows (issue 23, decision 0032): stored, counted, shown, in two locales. */

interface Card {
  id: number;
  url: string;
  title: string;
  likes: number;
  designerUsername: string;
}

/** The n-th card of the catalogue in a locale (each test takes its own, so parallel tests do not share counts). */
async function cardAt(request: APIRequestContext, locale: string, index: number): Promise<Card> {
  const response = await request.get(`/api/internal/items?per_page=48&sort=newest&facets=0&locale=${locale}`);
  const { data } = (await response.json()) as { data: { items: Card[] } };
  const card = data.items[index];
  expect(card, `card ${index}`).toBeTruthy();
  expect(typeof card!.likes).toBe('number');
  return card!;
}

async function signUp(page: Page): Promise<string> {
  const username = `fan${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return username;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

const texts = {
  en: { like: 'Like', follow: 'Follow', unfollow: 'Unfollow', liked: 'Liked models', following: 'Following' },
  de: {
    like: 'Gefällt mir',
    follow: 'Folgen',
    unfollow: 'Nicht mehr folgen',
    liked: 'Modelle, die Ihnen gefallen',
    following: 'Designer, denen Sie folgen',
  },
} as const;

for (const [index, locale] of (['en', 'de'] as const).entries()) {
  const t = texts[locale];
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'de-DE');

  test(`${locale}: sign up, like, reload, see it on the Liked page, unlike`, async ({ page }) => {
    await signUp(page);
    const card = await cardAt(page.request, locale, 3 + index);
    await page.goto(card.url);
    const like = page.getByRole('button', { name: new RegExp(`^${t.like}`) });
    const count = page.getByTestId('like-count');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(count).toHaveText(number(card.likes));

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText(number(card.likes + 1));
    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText(number(card.likes + 1));
    // The JSON API's card carries the new count.
    const again = await page.request.get(
      `/api/internal/items?keywords=${encodeURIComponent(`"${card.title}"`)}&locale=${locale}`,
    );
    const found = ((await again.json()) as { data: { items: Card[] } }).data.items.find(
      (c) => c.id === card.id,
    );
    expect(found?.likes).toBe(card.likes + 1);

    await page.goto(`/${locale === 'en' ? '' : `${locale}/`}account/likes`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.liked);
    await expect(page.locator('main article')).toHaveCount(1);
    await expect(page.locator('main article a')).toHaveAttribute('href', card.url);

    await page.goto(card.url);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(count).toHaveText(number(card.likes));
    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(count).toHaveText(number(card.likes));
  });

  test(`${locale}: follow a designer, see the counts and the Following page, unfollow there`, async ({
    page,
  }) => {
    await signUp(page);
    const card = await cardAt(page.request, locale, 20 + index * 7);
    const designer = card.designerUsername;
    const prefix = locale === 'en' ? '' : `/${locale}`;
    await page.goto(`${prefix}/designers/${designer}`);
    const followers = page.getByTestId('followers');
    const before = Number((await followers.textContent())!.replace(/\D/g, ''));
    await page.getByRole('button', { name: t.follow, exact: true }).click();
    await expect(page.getByRole('button', { name: t.unfollow })).toBeVisible();
    await expect(followers).toContainText(number(before + 1));
    await page.reload();
    await expect(followers).toContainText(number(before + 1));
    await expect(page.getByRole('button', { name: t.unfollow })).toBeVisible();

    await page.goto(`${prefix}/account/following`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.following);
    const followed = page.getByTestId('followed-designer');
    await expect(followed).toHaveCount(1);
    await expect(followed.getByRole('link', { name: designer })).toBeVisible();
    await expect(page.locator('main article a').first()).toHaveAttribute('href', /\/.+/);
    const shown = await page
      .locator('main article a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(shown).toContain(card.url);

    await followed.getByRole('button', { name: t.unfollow }).click();
    await expect(followed.getByRole('button', { name: t.follow, exact: true })).toBeVisible();
    await page.goto(`${prefix}/designers/${designer}`);
    await expect(followers).toContainText(number(before));
  });
}

test('a guest is led to log in by the like and comes back to the model, signed in', async ({ page }) => {
  const card = await cardAt(page.request, 'en', 10);
  await page.goto(card.url);
  await expect(page.getByRole('button', { name: /^Like/ })).toHaveCount(0);
  await page.getByRole('link', { name: /^Like.*Log in to like models\.$/ }).click();
  await page.waitForURL(/\/login\?next=/);
  await page.locator('main input[name=login]').fill('demo-buyer');
  await page.locator('main input[name=password]').fill('demo-password-2026');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(card.url);
  await expect(page.getByRole('button', { name: /^Like/ })).toBeVisible();
});

test('the like and follow calls: 404 for an unknown model or designer, 403 without the token', async ({
  page,
}) => {
  await signUp(page);
  const origin = new URL(page.url()).origin;
  const csrf = await page.request.get('/api/internal/csrf');
  const { token } = ((await csrf.json()) as { data: { token: string } }).data;
  const headers = { 'x-csrf-token': token, origin };
  expect((await page.request.post('/api/internal/items/2147483000/likes', { headers })).status()).toBe(404);
  const card = await cardAt(page.request, 'en', 12);
  expect(
    (await page.request.post(`/api/internal/items/${card.id}/likes`, { headers: { origin } })).status(),
  ).toBe(403);
  const designers = await page.request.post('/api/internal/follows', {
    headers,
    data: { userId: 2147483000 },
  });
  expect(designers.status()).toBe(404);
});

for (const width of [375, 1440]) {
  test(`likes and follows pages pass axe at ${width}px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signUp(page);
    const card = await cardAt(page.request, 'en', width === 375 ? 30 : 31);
    await page.goto(card.url);
    await page.getByRole('button', { name: /^Like/ }).click();
    await expect(page.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/social-model-${width}.png` });
    await page.goto(`/designers/${card.designerUsername}`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You now follow' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/social-profile-${width}.png` });
    await page.goto('/account/likes');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/social-likes-${width}.png`, fullPage: true });
    await page.goto('/account/following');
    await expect(page.getByTestId('followed-designer')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/social-following-${width}.png`, fullPage: true });
  });
}
