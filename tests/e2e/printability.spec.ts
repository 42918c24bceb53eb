import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { testMeshPath } from '../fixtures/test-meshes';

/** The printability report (issue 27, decision 0052) on the model page and in the studio. */

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

interface Card {
  id: number;
  url: string;
  title: string;
}

/** The seeded "Seven-eighths cube" (a 40 mm cube less one 20 mm octant, on top): its card. */
async function sevenEighthsCube(page: Page, locale = 'en'): Promise<Card> {
  const response = await page.request.get(
    `/api/internal/items?locale=${locale}&keywords=${encodeURIComponent('"seven-eighths cube"')}`,
  );
  const { data } = (await response.json()) as { data: { items: Card[] } };
  const card = data.items.find((item) => item.title === 'Seven-eighths cube');
  expect(card).toBeTruthy();
  return card!;
}

/** The seed analyses its meshes in the background on first start: the report comes once it is done. */
async function waitForReport(page: Page, id: number) {
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/internal/items/${id}/printability`)).json()).data,
      {
        timeout: 30_000,
      },
    )
    .not.toBeNull();
}

test('a buyer reads the printability report on the model page, in English and German, at 375 and 1440 px', async ({
  page,
}) => {
  // On a busy machine the first start's analyses of the demo meshes may take a while.
  test.setTimeout(120_000);
  const cube = await sevenEighthsCube(page);
  await waitForReport(page, cube.id);

  const api = await (await page.request.get(`/api/internal/items/${cube.id}/printability`)).json();
  expect(api.data.fileName).toBe('7_8ths_cube.stl');
  expect(api.data.overhangs.asUploaded).toMatchObject({ orientation: 'as_uploaded', supportAreaMm2: 0 });
  expect(api.data.overhangs.recommended.orientation).toBe('as_uploaded');
  expect(api.data.fits.length).toBeGreaterThanOrEqual(12);
  expect(api.data.walls).toMatchObject({ fdm: 'pass', resin: 'pass' });
  expect((await page.request.get('/api/internal/items/abc/printability')).status()).toBe(404);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(cube.url);
  const report = page.getByTestId('printability');
  await expect(report.getByRole('heading', { name: 'Printability' })).toBeVisible();
  await expect(report).toContainText('Measured on 7_8ths_cube.stl');
  await expect(page.getByTestId('printability-overhangs')).toHaveText('0 mm² (0 % of the surface)');
  await expect(page.getByTestId('printability-recommended')).toContainText(
    'as uploaded: overhangs 0 mm² (0 %)',
  );
  await expect(page.getByTestId('printability-support')).toHaveText(
    'none needed in the recommended orientation',
  );
  await expect(page.getByTestId('printability-smallest-feature')).toHaveText('2 mm or more');
  await expect(page.getByTestId('printability-fdm')).toContainText('Pass');
  await expect(page.getByTestId('printability-resin')).toContainText('Pass');
  const printers = page.getByTestId('printability-printer');
  await expect(printers).toHaveCount(api.data.fits.length);
  await expect(printers.filter({ hasText: 'Original Prusa MK4S' })).toContainText('250 × 210 × 220 mm');
  await expect(printers.filter({ hasText: 'Original Prusa MK4S' })).toContainText('Fits');
  await expect(page.getByTestId('printability-fits-summary')).toContainText(
    `${api.data.fits.length} of ${api.data.fits.length} printers in the recommended orientation.`,
  );
  await report.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/printability-model-1440.png', fullPage: false });
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto((await sevenEighthsCube(page, 'de')).url);
  const german = page.getByTestId('printability');
  await expect(german.getByRole('heading', { name: 'Druckbarkeit' })).toBeVisible();
  await expect(page.getByTestId('printability-overhangs')).toHaveText('0 mm² (0 % der Oberfläche)');
  await expect(page.getByTestId('printability-support')).toHaveText(
    'in der empfohlenen Ausrichtung keine Stützen nötig',
  );
  await expect(page.getByTestId('printability-fdm')).toContainText('Geeignet');
  await expect(page.getByTestId('printability-fits-summary')).toContainText(
    `${api.data.fits.length} von ${api.data.fits.length} Druckern`,
  );
  await german.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/printability-model-375-de.png', fullPage: false });
  await expectNoAxeViolations(page);
});

test('a designer sees the report of an uploaded mesh in the studio, in English and German, and in its analysis JSON', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const username = `printer${suffix}`;
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  await page.goto('/studio/new');
  await page.getByRole('button', { name: 'Start selling' }).click();
  await page.locator('main input[name=title]').fill(`Upside-down notch ${suffix}`);
  await page
    .locator('main textarea[name=description]')
    .fill('A cube with a notch, to print the right way up.');
  await page.locator('main select[name=categoryId]').selectOption({ index: 1 });
  await page.locator('main input[name=tags]').fill('cube, notch');
  await page.locator('main input[name=price]').fill('3');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(/\/studio\/models\/\d+$/);
  const modelId = page.url().split('/').pop();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel('Add model files').setInputFiles(testMeshPath('7_8ths_cube.stl'));
  const file = page.getByTestId('model-file').filter({ hasText: '7_8ths_cube.stl' });
  await expect(file).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
  // Once the analysis is done the page reloads its data, report included.
  const report = page.getByTestId('printability');
  await expect(report).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('printability-recommended')).toContainText('as uploaded');
  await expect(page.getByTestId('printability-fdm')).toContainText('Pass');

  const analysis = await (await page.request.get(`/api/internal/studio/models/${modelId}/analysis`)).json();
  const [stored] = analysis.data.files;
  expect(
    stored.printability.overhangs.candidates.find(
      (c: { orientation: string }) => c.orientation === 'upside_down',
    ),
  ).toMatchObject({ orientation: 'upside_down' });
  expect(
    stored.printability.overhangs.candidates.find(
      (c: { orientation: string }) => c.orientation === 'upside_down',
    ).supportAreaMm2,
  ).toBeCloseTo(400, 0);

  await report.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/printability-studio-1440.png', fullPage: false });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  // The same report in the German studio.
  await page.goto(`/de/studio/models/${modelId}`);
  await expect(page.getByTestId('printability').getByRole('heading', { name: 'Druckbarkeit' })).toBeVisible();
  await expect(page.getByTestId('printability-recommended')).toContainText('wie hochgeladen');
  await expect(page.getByTestId('printability-fdm')).toContainText('Geeignet');
  await expectNoAxeViolations(page);
});
