import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * The seller's "My sales" and "Analytics" (studio): the seeded `demo-seller` owns the first 5 priced
 * models and has sales, visitors and downloads in the days before the seed.
 */
const password = 'demo-password-2026';

async function logIn(page: Page, login: string) {
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill(password);
  await page.locator('main button[type=submit]').click();
}

async function signedIn(browser: Browser, baseURL: string, login: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?next=/);
  await logIn(page, login);
  await page.waitForURL(path);
  return page;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

test('a seller sees sales, analytics and charts; another seller’s model is a 404', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser, baseURL!, 'demo-seller', '/studio/sales');

  // My sales: figures, a revenue chart with bars, the sales table (one refunded line).
  await expect(page.locator('h1')).toHaveText('My sales');
  await expect(page.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
  expect(Number(await page.getByTestId('units-sold').textContent())).toBeGreaterThanOrEqual(10);
  await expect(page.getByTestId('gross-revenue')).toHaveText(/^\$[\d,]+(\.\d\d)?$/);
  await expect(page.getByTestId('refunds')).toHaveText(/^\$[\d,]+(\.\d\d)?$/);
  await expect(page.getByText('1 refund', { exact: true })).toBeVisible();
  const chart = page.getByTestId('bar-chart');
  await expect(chart).toHaveCount(1);
  await expect(chart.getByRole('img', { name: /Revenue per day/ })).toBeVisible();
  expect(await chart.locator('rect').count()).toBeGreaterThan(5);
  await expect(chart.locator('table tbody tr')).toHaveCount(30);
  const rows = page.getByTestId('sales-table').locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(15);
  await expect(page.getByTestId('sales-table').locator('tr[data-status=refunded]')).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Per month over 12 months.
  await page.getByRole('link', { name: 'Last 12 months' }).click();
  await expect(page).toHaveURL(/\/studio\/sales\?range=12m$/);
  await expect(chart.getByRole('img', { name: /Revenue per month/ })).toBeVisible();
  await expect(chart.locator('table tbody tr')).toHaveCount(12);

  // Analytics: three charts, the 5 models, then one model chosen in the selector.
  await page.goto('/studio/analytics');
  await expect(page.locator('h1')).toHaveText('Analytics');
  await expect(page.getByTestId('bar-chart')).toHaveCount(3);
  expect(Number((await page.getByTestId('period-views').textContent())!.replace(/,/g, ''))).toBeGreaterThan(
    0,
  );
  expect(Number(await page.getByTestId('period-downloads').textContent())).toBeGreaterThan(0);
  expect(await page.getByTestId('bar-chart').first().locator('rect').count()).toBeGreaterThan(20);
  const models = page.getByTestId('models-table').locator('tbody tr');
  await expect(models).toHaveCount(5);
  await expectNoAxeViolations(page);
  const firstTitle = (await models.first().locator('th a').textContent())!;
  await page.getByLabel('Model', { exact: true }).selectOption({ label: firstTitle });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/studio\/analytics\?model=\d+$/);
  await expect(page.getByRole('heading', { name: `Figures for ${firstTitle}` })).toBeVisible();
  await page.getByRole('link', { name: 'Last 12 weeks' }).click();
  await expect(page).toHaveURL(/\?model=\d+&range=12w$/);
  await expect(page.getByTestId('bar-chart').first().locator('table tbody tr')).toHaveCount(12);

  // Another seller's model (a real-mesh model of the demo catalogue) and a model that does not exist.
  const search = await page.request.get(
    `/api/internal/items?keywords=${encodeURIComponent('"Sphere, 20 mm"')}`,
  );
  const other = ((await search.json()) as { data: { items: { id: number }[] } }).data.items[0]!;
  expect((await page.goto(`/studio/analytics?model=${other.id}`))!.status()).toBe(404);
  expect((await page.goto('/studio/analytics?model=2000000000'))!.status()).toBe(404);
  expect((await page.goto('/studio/analytics?model=abc'))!.status()).toBe(404);
  await page.context().close();
});

test('a buyer without the seller role is told how to start selling', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL!, 'demo-buyer', '/studio/sales');
  await expect(page.locator('h1')).toHaveText('My sales');
  await expect(page.getByTestId('become-seller')).toContainText('Sales and analytics are for sellers.');
  await expect(page.getByRole('link', { name: 'Upload your first model' })).toHaveAttribute(
    'href',
    '/studio/new',
  );
  await expect(page.getByTestId('bar-chart')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto('/studio/analytics');
  await expect(page.getByTestId('become-seller')).toBeVisible();
  await page.context().close();
});

test('a guest is sent to log in, in every locale', async ({ page }) => {
  await page.goto('/de/studio/analytics');
  await expect(page).toHaveURL(/\/de\/login\?next=%2Fde%2Fstudio%2Fanalytics$/);
});
