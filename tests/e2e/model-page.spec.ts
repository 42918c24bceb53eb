import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

interface Card {
  url: string;
  title: string;
  price: number;
  finalPrice: number;
  percentage: number;
}

/** Spec §9: whole dollars without decimals, otherwise two. */
const dollars = (cents: number) => (cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`);

async function findCards(request: APIRequestContext, query: string): Promise<Card[]> {
  const response = await request.get(`/api/internal/items?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { items: Card[] } }).data.items;
}

async function openCalibrationCube(page: Page) {
  const [cube] = await findCards(page.request, `keywords=${encodeURIComponent('"calibration cube"')}`);
  expect(cube?.title).toBe('20 mm XYZ calibration cube');
  await page.goto(cube!.url);
  return cube!;
}

test('prices follow the display rules, with the sale badge and -N%', async ({ page }) => {
  const sale = await findCards(page.request, 'sale_off=1&per_page=48');
  const model = sale.find((card) => card.price % 100 !== 0) ?? sale[0]!;
  expect(model.percentage).toBeGreaterThan(0);
  await page.goto(model.url);
  const price = page.getByTestId('model-price');
  await expect(price.locator('strong')).toHaveText(dollars(model.finalPrice));
  await expect(price.locator('s [aria-hidden]')).toHaveText(dollars(model.price));
  await expect(price).toContainText('Sale');
  await expect(price).toContainText(
    `-${Math.round(((model.price - model.finalPrice) / model.price) * 100)}%`,
  );
  await expect(page.getByText('Price excludes VAT.')).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({
    '@type': 'Product',
    name: model.title,
    offers: { '@type': 'Offer', price: (model.finalPrice / 100).toFixed(2), priceCurrency: 'USD' },
  });
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/files\/previews\//);

  const [free] = await findCards(page.request, 'free=1');
  await page.goto(free!.url);
  await expect(page.getByTestId('model-price')).toHaveText('Free');
});

test('badges show their labels, and every licence its plain terms', async ({ page }) => {
  const labels: Record<string, string> = {
    bestPriceGuaranteed: 'Best price guaranteed',
    new: 'New',
    topSelling: 'Top selling',
    qualityVerified: 'Quality verified',
    topRated: 'Top rated',
    aiGenerated: 'AI generated',
    designerPick: 'Designer pick',
    threeDPrintVerified: '3D print verified',
  };
  // Each licence's name and its plain-language terms (spec §9).
  const terms = new Map([
    [
      'Royalty free',
      'Use it in as many projects as you like, for life, with no further fees. You may not resell or share the files in downloaded form.',
    ],
    [
      'Royalty free, no AI use',
      'Royalty free as above, and the files may not be used to train or feed AI models.',
    ],
    [
      'Editorial, royalty free',
      'Editorial, non-commercial use only (news, education, commentary), with no further fees. No resale of the files.',
    ],
    [
      'Editorial, no AI use',
      'Editorial, non-commercial use only, and the files may not be used to train or feed AI models.',
    ],
    ['Custom licence', "Royalty free, plus the designer's own terms, which come with the files."],
    [
      'Custom licence, no AI use',
      "Royalty free plus the designer's own terms; the files may not be used to train or feed AI models.",
    ],
  ]);
  let badgesSeen = 0;
  for (const card of (await findCards(page.request, 'sort=top_selling&per_page=12')).slice(0, 6)) {
    await page.goto(card.url);
    for (const badge of await page.locator('[data-badge]').all()) {
      const key = (await badge.getAttribute('data-badge'))!;
      await expect(badge).toHaveText(labels[key]!);
      badgesSeen++;
    }
    const licence = (await page
      .getByTestId('licence-terms')
      .locator('xpath=..')
      .locator('strong')
      .textContent())!;
    expect(terms.has(licence)).toBe(true);
    await expect(page.getByTestId('licence-terms')).toHaveText(terms.get(licence)!);
    await expect(page.getByTestId('review-status')).toHaveText(/^(N\/A|Reviewed( \(\d+\/100\))?)$/);
  }
  expect(badgesSeen).toBeGreaterThan(0);
});

test('geometry from the analysed file, in the unit the buyer picks', async ({ page }) => {
  await openCalibrationCube(page);
  await expect(page.getByText('STL (13 kB)')).toBeVisible();
  const volume = page.getByTestId('geometry-volume');
  const size = page.getByTestId('geometry-size');
  await expect(volume).toHaveText('7,938.7 mm³');
  await expect(size).toHaveText('20 × 20 × 20 mm');
  await expect(page.getByText('None: no faces cross each other')).toBeVisible();
  await page.getByRole('radio', { name: 'cm', exact: true }).check();
  await expect(volume).toHaveText('7.94 cm³');
  await expect(size).toHaveText('2 × 2 × 2 cm');
  await page.getByRole('radio', { name: 'in', exact: true }).check();
  await expect(size).toHaveText('0.7874 × 0.7874 × 0.7874 in');
  await expect(volume).toHaveText('0.4844 in³');
  await page.getByRole('radio', { name: 'm', exact: true }).check();
  await expect(size).toHaveText('0.02 × 0.02 × 0.02 m');
});

test('the 3D viewer loads only on click, and shows the model with a wireframe toggle', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await openCalibrationCube(page);
  const viewer = page.getByTestId('model-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'idle');
  await page.waitForLoadState('networkidle');
  expect(loaded.filter((url) => url.includes('/files/viewer/'))).toEqual([]);
  await page.getByRole('button', { name: 'View in 3D' }).click();
  await expect(viewer).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  expect(loaded.filter((url) => url.includes('/files/viewer/'))).toHaveLength(1);
  await expect(page.getByTestId('model-viewer-canvas')).toBeVisible();
  const wireframe = page.getByRole('button', { name: 'Wireframe' });
  await expect(wireframe).toHaveAttribute('aria-pressed', 'false');
  await wireframe.click();
  await expect(wireframe).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Back to the picture' }).click();
  await expect(viewer).toHaveAttribute('data-state', 'idle');
});

test('the support form asks a guest to log in; a signed-in user checks the field, then sends the message', async ({
  page,
}) => {
  const cube = await openCalibrationCube(page);
  // A guest sees a log-in prompt instead of the fields.
  await expect(page.getByRole('form', { name: /^Message to / })).toHaveCount(0);
  await expect(page.getByText('Log in to ask the designer a question.')).toBeVisible();
  const username = `asker${Date.now().toString(36)}`;
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  await page.goto(cube.url);

  const form = page.getByRole('form', { name: /^Message to / });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('This field is required')).toHaveCount(1);
  await expect(form.getByLabel('Your message')).toBeFocused();
  await form.getByLabel('Your message').fill('Does this print without supports on a 0.4 mm nozzle?');
  await expect(form.getByText('4,948 characters left')).toBeVisible();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Message has been successfully sent' }),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: /^Message to / })).toHaveCount(0);
  // The question is a model_support conversation in the asker's inbox, about the model.
  await page.goto('/conversations');
  const item = page.getByTestId('conversation').filter({ hasText: cube.title });
  await expect(item).toContainText('Model support');
  await expect(item).toContainText('Does this print without supports');
});

test('views count a visitor once, like leads a guest to log in, custom requests link to the jobs board, share offers links', async ({
  page,
}) => {
  // The teapot: no other test opens it. The page reports its view once shown; the answer says
  // whether it counted.
  const [teapot] = await findCards(page.request, `keywords=${encodeURIComponent('"utah teapot"')}`);
  const reported = () =>
    page
      .waitForResponse(
        (r) => r.request().method() === 'POST' && /\/api\/internal\/items\/\d+\/views$/.test(r.url()),
      )
      .then(async (r) => ((await r.json()) as { data: { views: number; counted: boolean } }).data);
  const [first] = await Promise.all([reported(), page.goto(teapot!.url)]);
  expect(first.counted).toBe(true);
  const views = page.getByTestId('model-views');
  await expect(views).toHaveText(`${first.views.toLocaleString('en-US')} views`);
  const [again] = await Promise.all([reported(), page.reload()]);
  expect(again).toEqual({ counted: false, views: first.views });
  await expect(views).toHaveText(`${first.views.toLocaleString('en-US')} views`);

  // A guest's like leads to the log-in page, which comes back here (decision 0032).
  const like = page.getByRole('link', { name: /^Like.*Log in to like models\.$/ });
  await expect(like).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(new URL(page.url()).pathname)}`,
  );
  const request = page.getByRole('link', { name: 'Request a custom model' });
  if (await request.count()) {
    // A custom request is a project on the jobs board addressed to the designer (decision 0023).
    await expect(request).toHaveAttribute('href', /^\/3d-modeling-jobs\/new\?designer=/);
  } else {
    await expect(page.getByTestId('no-custom-requests')).toHaveText(
      'This designer does not accept custom 3D Project requests',
    );
  }
  await page.getByRole('button', { name: 'Share' }).focus();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(tooltip.getByRole('link', { name: 'Share on X' })).toHaveAttribute(
    'href',
    new RegExp(
      `url=${encodeURIComponent(new URL(teapot!.url, page.url()).toString()).replace(/[.?]/g, '\\$&')}`,
    ),
  );
  const tag = page.getByRole('link', { name: 'utah teapot', exact: true });
  await expect(tag).toHaveAttribute('href', '/search?keywords=utah%20teapot');
});

for (const width of [375, 1440]) {
  test(`no axe violations on a model page at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openCalibrationCube(page);
    for (let y = 0; y < 6000; y += 600) await page.mouse.wheel(0, 600);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
}
