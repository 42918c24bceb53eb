import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';

const isSuggestionCall = (url: string) => url.includes('/api/internal/items/live_search.json');

/** A keyword the seeded catalogue suggests, and a prefix of it. */
async function knownKeyword(page: Page) {
  const answer = (await (await page.request.get('/api/internal/items/live_search.json?query=c')).json()) as {
    keywords: Array<{ suggestedKeyword: string }>;
  };
  const keyword = answer.keywords[0]!.suggestedKeyword;
  return { keyword, prefix: keyword.slice(0, 3) };
}

test('suggestions come after a 300 ms pause, once per pause, and a chosen one is searched', async ({
  page,
}) => {
  const { keyword, prefix } = await knownKeyword(page);
  const calls: string[] = [];
  page.on('request', (request) => isSuggestionCall(request.url()) && calls.push(request.url()));
  // The page's clock is held while typing, so that a slow machine cannot make a pause between keys.
  await page.clock.install();
  await page.goto('/3d-models');
  await page.waitForLoadState('networkidle');
  const input = page.getByRole('combobox', { name: 'Search 3D models' });
  await page.clock.pauseAt(Date.now() + 1_000);
  await input.pressSequentially(prefix);
  await page.clock.runFor(299);
  await page.waitForTimeout(200); // real time: a request sent early would be seen by now
  expect(calls).toHaveLength(0);
  // Typing faster than the pause asks once, for the whole text, 300 ms after the last key.
  await page.clock.runFor(1);
  await page.clock.resume();
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(listbox).toBeVisible();
  expect(calls).toHaveLength(1);
  expect(new URL(calls[0]!).searchParams.get('query')).toBe(prefix);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  expect((await new AxeBuilder({ page }).include('form[role=search]').analyze()).violations).toEqual([]);

  // Keyboard: the arrows move through the options, Enter searches the active one.
  const option = listbox.getByRole('option', { name: keyword, exact: true }).first();
  const optionId = await option.getAttribute('id');
  const options = await listbox.getByRole('option').evaluateAll((nodes) => nodes.map((n) => n.id));
  for (let i = 0; i <= options.indexOf(optionId!); i++) await input.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', optionId!);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  const tracked = page.waitForRequest((request) => request.url().endsWith('/api/internal/search_events'));
  await input.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keywords') === keyword);
  expect((await tracked).postDataJSON()).toEqual({ searchTerm: keyword, type: 'model' });
});

test('Escape, a click outside and emptying the field close the list; nothing is asked for blanks', async ({
  page,
}) => {
  const { prefix } = await knownKeyword(page);
  const calls: string[] = [];
  page.on('request', (request) => isSuggestionCall(request.url()) && calls.push(request.url()));
  await page.goto('/3d-models');
  const input = page.getByRole('combobox', { name: 'Search 3D models' });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await input.fill(prefix);
  await expect(listbox).toBeVisible();
  await input.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(input).toHaveValue(prefix);
  await input.press('ArrowDown');
  await expect(listbox).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(listbox).toBeHidden();
  await input.fill('');
  await input.fill('   ');
  await page.waitForTimeout(600);
  expect(calls).toHaveLength(1);
  await expect(listbox).toBeHidden();
});

test('only the latest answer is shown: a slower, earlier request is cancelled', async ({ page }) => {
  const { prefix } = await knownKeyword(page);
  const seen: Array<{ query: string; failure: string | null }> = [];
  await page.route('**/api/internal/items/live_search.json**', async (route: Route) => {
    const query = new URL(route.request().url()).searchParams.get('query');
    // The first request answers late, after the second.
    if (query === prefix.slice(0, 2)) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => undefined);
  });
  page.on('requestfailed', (request) => {
    if (isSuggestionCall(request.url()))
      seen.push({
        query: new URL(request.url()).searchParams.get('query')!,
        failure: request.failure()?.errorText ?? null,
      });
  });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/3d-models');
  const input = page.getByRole('combobox', { name: 'Search 3D models' });
  await input.fill(prefix.slice(0, 2));
  await page.waitForTimeout(400);
  await input.fill(prefix);
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(listbox).toBeVisible();
  const firstOption = await listbox.getByRole('option').first().textContent();
  await page.waitForTimeout(1600);
  expect(await listbox.getByRole('option').first().textContent()).toBe(firstOption);
  expect(seen.map((s) => s.query)).toContain(prefix.slice(0, 2));
  // A cancel is not an error worth logging (spec §8).
  expect(errors.filter((e) => e.includes('suggestions'))).toEqual([]);
});

test('a failing suggestion request leaves the list empty and is logged', async ({ page }) => {
  await page.route('**/api/internal/items/live_search.json**', (route) => route.fulfill({ status: 500 }));
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/3d-models');
  await page.getByRole('combobox', { name: 'Search 3D models' }).fill('cha');
  await expect.poll(() => errors.some((e) => e.includes('Error fetching search suggestions'))).toBe(true);
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeHidden();
});

test('submitting shows a spinner until the next page replaces this one', async ({ page }) => {
  await page.goto('/3d-models');
  // The page is gone once the results arrive: it reports what its submit button showed as it unloads.
  await page.evaluate(() => {
    const button = document.querySelector('form[role=search] button[type=submit]')!;
    const seen: string[] = [];
    new MutationObserver(() =>
      seen.push(`${button.getAttribute('aria-busy')} ${button.textContent}`),
    ).observe(button, { attributes: true, childList: true, subtree: true });
    window.addEventListener('beforeunload', () => console.log(`submit button: ${JSON.stringify(seen)}`));
  });
  const report = page.waitForEvent('console', (message) => message.text().startsWith('submit button:'));
  const input = page.getByRole('combobox', { name: 'Search 3D models' });
  await input.fill('vase');
  await input.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keywords') === 'vase');
  expect((await report).text()).toContain('true Searching…');
});
