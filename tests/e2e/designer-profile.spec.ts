import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The featured designer (it has models, reviews and tutorials in the demo catalogue). */
async function featuredDesigner(page: Page): Promise<string> {
  const response = await page.request.get('/api/internal/featured_designers');
  const body = (await response.json()) as { data: { user: { username: string } } };
  return body.data.user.username;
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Profile sections' });

/** The reviews shown, in page order: verdict and date. */
async function shownReviews(page: Page) {
  return page.locator('article[data-verdict]').evaluateAll((items) =>
    items.map((item) => ({
      positive: item.getAttribute('data-verdict') === 'positive',
      createdAt: item.getAttribute('data-created-at')!,
      text: item.textContent,
    })),
  );
}

/** A designer whose received reviews are both positive and negative: the featured one, or one of the directory. */
async function designerWithMixedReviews(page: Page): Promise<string> {
  const candidates = [await featuredDesigner(page)];
  await page.goto('/designers');
  for (const href of await page
    .locator('main a[href^="/designers/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))
    candidates.push(decodeURIComponent(href.split('/').pop()!));
  for (const username of candidates.slice(0, 25)) {
    await page.goto(`/designers/${username}?tab=reviews`);
    const positive = Number((await page.getByText(/^\d+ positive$/).textContent())!.split(' ')[0]);
    const negative = Number((await page.getByText(/^\d+ negative$/).textContent())!.split(' ')[0]);
    if (positive > 0 && negative > 0 && positive + negative <= 10) return username;
  }
  throw new Error('No designer with both positive and negative reviews on one page');
}

test('the tabs are links to server-rendered pages, the current one marked', async ({ page }) => {
  const username = await featuredDesigner(page);
  await page.goto(`/designers/${username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(username);
  await expect(tabs(page).getByRole('link', { name: '3D models' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: /\d+ models?/ })).toBeVisible();

  const expected = [
    ['Reviews', 'reviews', 'Reviews received'],
    ['Image gallery', 'gallery', /Pictures of \d+ models?/],
    ['Tutorials', 'tutorials', /\d+ tutorials?/],
    ['About', 'about', `About ${username}`],
  ] as const;
  for (const [name, tab, heading] of expected) {
    await tabs(page).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/designers/${username}\\?tab=${tab}$`));
    await expect(tabs(page).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(tabs(page).locator('[aria-current]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await tabs(page).getByRole('link', { name: '3D models' }).click();
  await expect(page).toHaveURL(new RegExp(`/designers/${username}$`));

  // Each tab is its own page for search engines; an unknown tab is the default one.
  await page.goto(`/designers/${username}?tab=tutorials`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/designers/${username}\\?tab=tutorials$`),
  );
  await page.goto(`/designers/${username}?tab=nonsense`);
  await expect(tabs(page).getByRole('link', { name: '3D models' })).toHaveAttribute('aria-current', 'page');
  expect((await page.goto(`/designers/${username}?tab=reviews&page=999`))!.status()).toBe(404);

  // The models tab sorts like the catalogue.
  await page.goto(`/designers/${username}`);
  const sort = page.getByRole('navigation', { name: 'Sort by:' });
  await expect(sort.getByRole('link', { name: 'Trending' })).toHaveAttribute('aria-current', 'true');
  await sort.getByRole('link', { name: 'Price: low to high' }).click();
  await expect(page).toHaveURL(/\?sort=price_asc$/);
  const prices = await page
    .locator('main article')
    .evaluateAll((cards) => cards.map((card) => /\$([\d,.]+)|Free/.exec(card.textContent ?? '')?.[1] ?? '0'));
  const numbers = prices.map((p) => Number(p.replace(/,/g, '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
});

test('reviews: received and given, counted, and sorted newest, positive or negative first', async ({
  page,
}) => {
  const username = await designerWithMixedReviews(page);
  await page.goto(`/designers/${username}?tab=reviews`);
  const sort = page.getByRole('navigation', { name: 'Sort by:' });
  await expect(sort.getByRole('link', { name: 'Newest first' })).toHaveAttribute('aria-current', 'true');
  const newest = await shownReviews(page);
  expect(newest.length).toBeGreaterThanOrEqual(2);
  expect(newest.map((r) => r.createdAt)).toEqual([...newest.map((r) => r.createdAt)].sort().reverse());
  const positives = newest.filter((r) => r.positive).length;
  await expect(page.getByText(`${positives} positive`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${newest.length - positives} negative`, { exact: true })).toBeVisible();

  await sort.getByRole('link', { name: 'Negative first' }).click();
  await expect(page).toHaveURL(/\?tab=reviews&sort=negative$/);
  const negativeFirst = await shownReviews(page);
  expect(negativeFirst.map((r) => r.positive)).toEqual([
    ...Array(newest.length - positives).fill(false),
    ...Array(positives).fill(true),
  ]);
  // Within each verdict, still newest first; the same reviews, reordered.
  expect(negativeFirst.filter((r) => !r.positive)).toEqual(newest.filter((r) => !r.positive));
  expect(negativeFirst.filter((r) => r.positive)).toEqual(newest.filter((r) => r.positive));

  await page
    .getByRole('navigation', { name: 'Sort by:' })
    .getByRole('link', { name: 'Positive first' })
    .click();
  await expect(page).toHaveURL(/\?tab=reviews&sort=positive$/);
  const positiveFirst = await shownReviews(page);
  expect(positiveFirst.map((r) => r.positive)).toEqual([
    ...Array(positives).fill(true),
    ...Array(newest.length - positives).fill(false),
  ]);

  // Each review shows the reviewer (a designer: a link to their profile), the verdict, stars and a date.
  const first = page.locator('article[data-verdict]').first();
  await expect(first.getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toBeVisible();
  await expect(first.locator('time')).toHaveText(/\d{4}/);
  await expect(first.getByText(/^(Positive|Negative)$/)).toBeVisible();
  const reviewer = first.getByRole('heading', { level: 3 }).getByRole('link');
  const reviewerName = (await reviewer.textContent())!;
  await reviewer.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(reviewerName);

  // The reviews this designer gave.
  await page.goto(`/designers/${username}?tab=reviews`);
  await page.getByRole('navigation', { name: 'Show:' }).getByRole('link', { name: 'Given' }).click();
  await expect(page).toHaveURL(/\?tab=reviews&reviews=given$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews given' })).toBeVisible();
  const given = await shownReviews(page);
  if (given.length === 0) await expect(page.getByText('No reviews given yet.')).toBeVisible();
});

test('gallery links to model pages; tutorials open and read as paragraphs; about shows the figures', async ({
  page,
}) => {
  const username = await featuredDesigner(page);
  await page.goto(`/designers/${username}?tab=gallery`);
  const picture = page.locator('main ul img').first();
  const title = (await picture.getAttribute('alt'))!;
  expect(title).toMatch(/\S/);
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // The tab lists the designer's tutorials (decision 0045): title linking to the tutorial, an excerpt,
  // skill level and software; the tutorial's page reads as paragraphs.
  await page.goto(`/designers/${username}?tab=tutorials`);
  const tutorial = page.locator('main article').first();
  await expect(tutorial.getByRole('heading', { level: 3 })).toHaveText(/\S/);
  await expect(tutorial.getByRole('list', { name: 'Skill level and software' }).getByRole('listitem')).not.toHaveCount(0);
  await tutorial.getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
  expect(await page.locator('main p').count()).toBeGreaterThan(3);

  await page.goto(`/designers/${username}?tab=about`);
  const figure = (label: string) =>
    page.locator('dl div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(figure('Rating').locator('dd')).toHaveText(/^\d\.\d$/);
  await expect(figure('Reputation').locator('dd')).toHaveText(/^[\d,]+$/);
  await expect(figure('Response rate').locator('dd')).toHaveText(/^\d+%$/);
  await expect(figure('Average response time').locator('dd')).toHaveText(/^\d+ (minute|hour|day)s?$/);
  for (const label of ['Projects done', 'Projects in progress', 'Model views', 'Model likes', 'Followers'])
    await expect(figure(label).locator('dd')).toHaveText(/^[\d,]+$/);
  await expect(figure('Skills').locator('li').first()).toHaveText(/^[A-Z0-9]/);
  await expect(figure('Member since').locator('dd')).toHaveText(/\d{4}/);

  // Translated, with the skills in the visitor's language.
  await page.goto(`/de/designers/${username}?tab=about`);
  await expect(page.getByRole('heading', { level: 2, name: `Über ${username}` })).toBeVisible();
  await expect(tabs(page)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Profilbereiche' })).toBeVisible();
});

test('a guest who wants to follow a designer is led to log in and back', async ({ page }) => {
  const username = await featuredDesigner(page);
  await page.goto(`/designers/${username}`);
  await expect(page.getByRole('link', { name: 'Follow – Log in to follow designers.' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/designers/${username}`)}`,
  );
});

for (const width of [375, 1440]) {
  test(`every tab of a profile passes axe at ${width}px`, async ({ page }) => {
    test.setTimeout(90_000); // five pages, each analysed by axe (~25 s in all on a loaded 2-core machine)
    await page.setViewportSize({ width, height: 900 });
    const username = await featuredDesigner(page);
    for (const query of ['', '?tab=reviews', '?tab=gallery', '?tab=tutorials', '?tab=about']) {
      await page.goto(`/designers/${username}${query}`);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations, query || 'models').toEqual([]);
    }
  });
}
