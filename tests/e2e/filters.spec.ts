import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const filters = (page: Page, name = 'Filters') => page.getByRole('complementary', { name });
const query = (page: Page) => new URL(page.url()).searchParams;

test('filters go into the URL, narrow the models with their counts, and the back button undoes them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/3d-print-models');
  const panel = filters(page);
  // Open by itself on wide screens, with a count beside each option.
  const stl = panel.getByRole('checkbox', { name: /^STL/ });
  await expect(stl).toBeVisible();
  const stlCount = Number((await stl.locator('xpath=..').textContent())!.replace(/\D/g, ''));
  expect(stlCount).toBeGreaterThan(0);

  await stl.check();
  await page.waitForURL(/file_types%5B%5D=stl/);
  await expect(page.getByText(new RegExp(`^${stlCount} models?`))).toBeVisible();
  for (const card of await page.locator('article').all())
    await expect(card.getByRole('list', { name: 'Formats' })).toContainText('STL');

  const free = filters(page).getByRole('checkbox', { name: /^Free/ });
  await free.check();
  await page.waitForURL(/free=1/);
  expect(query(page).getAll('file_types[]')).toEqual(['stl']);
  for (const card of await page.locator('article').all()) await expect(card).toContainText('Free');
  await expect(filters(page).getByText('2 active')).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(/free=1/);
  await expect(filters(page).getByRole('checkbox', { name: /^STL/ })).toBeChecked();
  await expect(filters(page).getByRole('checkbox', { name: /^Free/ })).not.toBeChecked();
  await page.goForward();
  await expect(page).toHaveURL(/free=1/);

  // A price range: typed, then applied with the button.
  await page.goto('/3d-print-models?sort=price_desc');
  await filters(page).getByLabel('Max. price ($)').fill('5');
  await filters(page).getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/price_max=5/);
  expect(query(page).get('sort')).toBe('price_desc');
  const top = await page.locator('article strong').first().textContent();
  expect(top === 'Free' || Number(top!.replace(/[^\d.]/g, '')) <= 5).toBe(true);
  await filters(page).getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/3d-print-models\?sort=price_desc$/);
});

test('filters work without scripts and pass axe on phones and desktops', async ({ browser }) => {
  test.setTimeout(90_000); // a filtering round trip without scripts and two axe analyses (~20 s alone)
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/de/3d-modelle');
  // Closed on phones until opened.
  await page.getByText('Filter', { exact: true }).click();
  await filters(page, 'Filter').getByRole('checkbox', { name: /^OBJ/ }).check();
  await filters(page, 'Filter').getByRole('button', { name: 'Filter anwenden' }).click();
  await page.waitForURL(/file_types%5B%5D=obj/);
  await expect(filters(page, 'Filter').getByRole('checkbox', { name: /^OBJ/ })).toBeChecked();
  await context.close();

  for (const width of [375, 1440]) {
    const axeContext = await browser.newContext({ viewport: { width, height: 900 } });
    const axePage = await axeContext.newPage();
    await axePage.goto('/3d-models?features%5B%5D=pbr');
    await axePage.locator('aside details').evaluate((details: HTMLDetailsElement) => (details.open = true));
    expect((await new AxeBuilder({ page: axePage }).analyze()).violations, `${width} px`).toEqual([]);
    await axeContext.close();
  }
});
