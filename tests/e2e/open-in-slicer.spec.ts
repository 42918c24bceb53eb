import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  test,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * "Open in slicer" (issue 27, decision 0059): the slicer is handed a link it downloads without the
 * buyer's session. A browser cannot follow a slicer's scheme here (none is installed), so each test
 * reads the link the page followed and fetches its file as the slicer would: with no cookie at all.
 */

async function newUser(browser: Browser, username: string, prefix = '') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${prefix}/signup`);
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(prefix === '' ? '/' : prefix);
  return { context, page };
}

/** A free model of the demo catalogue whose files a slicer opens. */
async function freePrintModel(page: Page, locale: string): Promise<{ title: string; path: string }> {
  const response = await page.request.get(`/api/internal/items?free=1&locale=${locale}&per_page=48`);
  const { data } = (await response.json()) as {
    data: { items: { title: string; url: string; formats: string[] }[] };
  };
  const model = data.items.find((item) => item.formats.some((format) => ['stl', '3mf'].includes(format)))!;
  return { title: model.title, path: new URL(model.url, 'http://localhost').pathname };
}

/** What the slicer does with its link: decode the address and GET it, as a stranger to the site. */
async function fetchAsSlicer(baseURL: string, link: string) {
  const match = /^(?:[a-z]+:\/\/open\?file=|bambustudioopen:\/\/)(.+)$/.exec(link);
  expect(match, link).not.toBeNull();
  const address = decodeURIComponent(match![1]!);
  const slicer = await playwrightRequest.newContext();
  const response = await slicer.get(address);
  const result = { address, status: response.status(), size: (await response.body()).length };
  await slicer.dispose();
  expect(new URL(address).origin).toBe(new URL(baseURL).origin);
  return result;
}

/** Opens an "Open in slicer" menu (a click before hydration may be undone by it: tried until open). */
async function openSlicerMenu(scope: Locator, summary: string) {
  const menu = scope.locator('details').filter({ has: scope.page().getByText(summary, { exact: true }) });
  await expect(async () => {
    if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open)))
      await menu.locator('summary').click();
    await expect(menu.getByRole('button').first()).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

test('a free model opens in OrcaSlicer and downloads for PrusaSlicer; the purchase opens in Bambu Studio', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await newUser(browser, `slicer${Date.now().toString(36)}`);
  await page.setViewportSize({ width: 1440, height: 900 });
  const model = await freePrintModel(page, 'en');
  await page.goto(model.path);

  await openSlicerMenu(page.getByRole('main'), 'Open in slicer');
  await expectNoAxeViolations(page);
  // PrusaSlicer refuses links from other sites than its three: the file is downloaded instead. (First:
  // once a tab has followed a slicer's scheme, headless Chromium ignores further clicks in it, its prompt
  // to open the app pending; so the purchases are opened in a new tab below.)
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PrusaSlicer' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.(3mf|stl)$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'PrusaSlicer opens links only from' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'OrcaSlicer' }).click();
  const status = page.getByRole('status').filter({ hasText: 'OrcaSlicer should open now' });
  await expect(status).toContainText('Nothing happened? Install OrcaSlicer');
  const link = (await status.getByRole('link', { name: 'Open again' }).getAttribute('href'))!;
  expect(link).toMatch(/^orcaslicer:\/\/open\?file=http/);
  const fetched = await fetchAsSlicer(baseURL!, link);
  expect(fetched).toMatchObject({ status: 200 });
  expect(fetched.size).toBeGreaterThan(84);
  // The slicer takes the format from the address's last segment: the 3MF is preferred.
  expect(fetched.address).toMatch(/\.(3mf|stl)$/);
  // The first click recorded the free download, as the download button does.
  await expect(page.getByTestId('free-download-done')).toContainText('the model is in your purchases');
  await page.screenshot({ path: 'test-results/open-in-slicer-model-1440.png', fullPage: false });

  // On the purchases page, each bought model has the menu, with links signed for this visit.
  await page.close();
  const purchases = await context.newPage();
  await purchases.setViewportSize({ width: 375, height: 900 });
  await purchases.goto('/purchases');
  const purchase = purchases.getByTestId('purchase').filter({ hasText: model.title });
  await openSlicerMenu(purchase, 'Open in slicer');
  await purchase.getByRole('button', { name: 'Bambu Studio' }).click();
  const bambu = (await purchase
    .getByRole('status')
    .getByRole('link', { name: 'Open again' })
    .getAttribute('href'))!;
  expect(bambu).toMatch(/^bambustudio:\/\/open\?file=http/);
  expect(await fetchAsSlicer(baseURL!, bambu)).toMatchObject({ status: 200 });
  await expectNoAxeViolations(purchases);
  await purchases.screenshot({ path: 'test-results/open-in-slicer-purchases-375.png', fullPage: false });
  await context.close();
});

test('in German: a purchase opens in Cura; its link is good for its buyer and expiry only', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const { context, page } = await newUser(browser, `slicerde${suffix}`, '/de');
  const model = await freePrintModel(page, 'de');
  await page.goto(model.path);
  await page.getByRole('button', { name: 'Kostenlos herunterladen' }).click();
  await expect(page.getByTestId('free-download-done')).toContainText('Gehört Ihnen');

  await page.goto('/de/purchases');
  const purchase = page.getByTestId('purchase').filter({ hasText: model.title });
  await openSlicerMenu(purchase, 'Im Slicer öffnen');
  await purchase.getByRole('button', { name: 'UltiMaker Cura' }).click();
  const status = purchase.getByRole('status');
  await expect(status).toContainText('UltiMaker Cura sollte sich jetzt öffnen');
  const link = (await status.getByRole('link', { name: 'Erneut öffnen' }).getAttribute('href'))!;
  expect(link).toMatch(/^cura:\/\/open\?file=http/);
  const { address } = await fetchAsSlicer(baseURL!, link);
  await expectNoAxeViolations(page);

  // The signature covers the buyer and the expiry: changing either makes the address unknown.
  const [, fileId, token, name] = /slicer_files\/(\d+)\/([^/]+)\/(.+)$/.exec(address)!;
  const [buyer, expires, signature] = token!.split('.') as [string, string, string];
  const stranger = await playwrightRequest.newContext();
  for (const forged of [
    `${Number(buyer) + 1}.${expires}.${signature}`,
    `${buyer}.${Number(expires) + 600}.${signature}`,
  ])
    expect(
      (
        await stranger.get(new URL(`/api/internal/slicer_files/${fileId}/${forged}/${name}`, address).href)
      ).status(),
    ).toBe(404);
  expect((await stranger.get(address)).status()).toBe(200);
  await stranger.dispose();
  await context.close();
});
