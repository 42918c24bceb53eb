import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('newest and top-selling paths list the catalogue or a category in that order', async ({ page }) => {
  await page.goto('/3d-models/newest');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newest 3D models');
  await expect(page.getByText('Sort by: Newest')).toBeVisible();
  // Choosing another sort keeps the path; the parameter wins over it.
  await page.getByText('Sort by: Newest').click();
  await page.getByRole('link', { name: 'Price: low to high' }).click();
  await expect(page).toHaveURL(/\/3d-models\/newest\?sort=price_asc$/);

  // (Plain `/3d-print-models` is the print landing; a sort of its own makes it the listing.)
  await page.goto('/3d-print-models?sort=trending');
  const category = page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first();
  const categoryPath = new URL((await category.getAttribute('href'))!, page.url()).pathname;
  const categoryName = (await category.textContent())!.replace(/\s*[\d,.]+$/, '').trim();
  await page.goto(`${categoryPath}/top-selling?per_page=48`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Top-selling ${categoryName}`);
  await expect(page.getByText('Sort by: Top selling')).toBeVisible();
  await page.goto('/de/3d-druck-modelle/newest');
  await expect(page.getByText('Sortieren nach: Neueste')).toBeVisible();

  // Anything else after the listing is still a 404.
  expect((await page.goto('/3d-models/oldest'))!.status()).toBe(404);
});

test('card size and details are remembered across pages and reloads', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/3d-models');
  const grid = page.locator('[data-card-size]');
  const firstCard = page.locator('article').first();
  const large = (await firstCard.boundingBox())!.width;
  await page.getByRole('button', { name: 'Small cards' }).click();
  await expect(page.getByRole('button', { name: 'Small cards' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await firstCard.boundingBox())!.width).toBeLessThan(large * 0.8);

  const details = page.getByRole('button', { name: 'Details' });
  await expect(firstCard.getByRole('heading')).toBeVisible();
  await details.click();
  await expect(details).toHaveAttribute('aria-pressed', 'false');
  // Pictures only: the title stays for screen readers, the price is out of sight.
  await expect(firstCard.getByRole('heading')).toHaveCSS('position', 'absolute');
  await expect(firstCard.getByRole('heading')).toHaveAccessibleName(/.+/);

  // The server renders the choice on the next page (and its cache keeps the variants apart).
  await page.goto('/3d-models?page=2');
  await expect(grid).toHaveAttribute('data-card-size', 'small');
  await expect(grid).toHaveAttribute('data-card-details', 'hidden');
  const other = await page.context().browser()!.newPage();
  await other.goto(`${new URL(page.url()).origin}/3d-models?page=2`);
  await expect(other.locator('[data-card-size]')).toHaveAttribute('data-card-size', 'large');
  await other.close();

  await page.getByRole('button', { name: 'Large cards' }).click();
  await page.getByRole('button', { name: 'Details' }).click();
  await page.reload();
  await expect(grid).toHaveAttribute('data-card-size', 'large');
  await expect(grid).toHaveAttribute('data-card-details', 'shown');
});

test('footer banners: hire a freelancer on the jobs board, and a guest is led to log in to subscribe', async ({
  page,
}) => {
  await page.goto('/search?keywords=chair');
  const banners = page.getByRole('complementary', { name: 'More ways to find models' });
  await expect(banners.getByRole('link', { name: 'Log in to subscribe' })).toHaveAttribute(
    'href',
    /^\/login\?next=%2Fsearch%3Fkeywords%3Dchair/,
  );
  await banners.getByRole('link', { name: 'Hire a freelancer' }).click();
  await expect(page).toHaveURL(/\/3d-modeling-jobs$/);

  // An unfiltered listing has nothing to subscribe to.
  await page.goto('/3d-models');
  await expect(page.getByRole('heading', { name: "Can't find the model you need?" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscribe to this search' })).toHaveCount(0);
});

for (const width of [375, 1440]) {
  test(`a listing with its display controls and banners passes axe at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/3d-models/newest?keywords=chair');
    await expect(page.getByRole('button', { name: 'Small cards' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
}

test('no listing is wider than a 375 px screen, sideways rows of cards included', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  // The print landing's trending row scrolls sideways: its cards' screen-reader texts once widened the page.
  for (const path of ['/3d-print-models', '/de/3d-druck-modelle', '/3d-models', '/search?keywords=chair', '/']) {
    await page.goto(path);
    expect
      .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${path} page width`)
      .toBeLessThanOrEqual(375);
  }
});
