import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('search results follow the query language and say when nothing matches', async ({ page, request }) => {
  // A word of the demo catalogue, and the same search with it excluded.
  const api = async (keywords: string) =>
    (
      (await (await request.get(`/api/internal/items?keywords=${encodeURIComponent(keywords)}`)).json()) as {
        data: { total: number; items: Array<{ title: string }> };
      }
    ).data;
  const chairs = await api('chair');
  expect(chairs.total).toBeGreaterThan(0);
  expect((await api('chair -chair')).total).toBe(0);
  // "chair" and "-chair" split the whole catalogue. Other specs publish models meanwhile: read the three
  // again (a second apart, five times at most) until one read agrees.
  const split = async () => [(await api('chair')).total, (await api('-chair')).total, (await api('')).total];
  let [inChairs, others, everything] = await split();
  for (let attempt = 1; attempt < 5 && inChairs! + others! !== everything; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    [inChairs, others, everything] = await split();
  }
  expect(inChairs! + others!).toBe(everything);

  await page.goto('/search?keywords=chair');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “chair”');
  await expect(page.locator('article')).toHaveCount(Math.min(chairs.total, 24));

  await page.goto(`/search?keywords=${encodeURIComponent('chair -chair')}`);
  await expect(page.getByText('No models match.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show all models' })).toHaveAttribute('href', '/3d-models');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.goto(`/search?keywords=${'a'.repeat(300)}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Your search is longer than 256 characters. Shorten it and try again.',
  );
  await expect(page.locator('article')).toHaveCount(0);
});
