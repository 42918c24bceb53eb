import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Browser } from '@playwright/test';

/**
 * "View in your room" (issue 27, decision 0060): AR on phones, through Android's Scene Viewer (a GLB)
 * or iOS AR Quick Look (a USDZ), and nothing on a desktop. Chromium has no AR viewer: the test reads
 * the link each phone would follow and fetches the file it names, as the phone's viewer would.
 */

async function aModelPath(browser: Browser, locale: string): Promise<string> {
  const context = await browser.newContext();
  const response = await context.request.get(`/api/internal/items?locale=${locale}&per_page=1`);
  const { data } = (await response.json()) as { data: { items: { url: string }[] } };
  await context.close();
  return new URL(data.items[0]!.url, 'http://localhost').pathname;
}

test('on an Android phone the model opens in Scene Viewer with its GLB; a desktop shows nothing', async ({
  browser,
}) => {
  const path = await aModelPath(browser, 'en');
  const desktop = await browser.newContext();
  const desktopPage = await desktop.newPage();
  await desktopPage.goto(path);
  // The viewer's button is drawn once its part of the page has hydrated, as the AR control would be.
  await expect(desktopPage.getByRole('button', { name: 'View in 3D' })).toBeVisible();
  await expect(desktopPage.getByTestId('view-in-room')).toHaveCount(0);
  await desktop.close();

  const phone = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await phone.newPage();
  await page.goto(path);
  const link = page.getByRole('link', { name: 'View in your room' });
  await expect(link).toBeVisible();
  const intent = (await link.getAttribute('href'))!;
  expect(intent).toMatch(/^intent:\/\/arvr\.google\.com\/scene-viewer\/1\.0\?file=/);
  expect(intent).toMatch(/#Intent;scheme=https;package=com\.google\.android\.googlequicksearchbox;/);
  const glbUrl = new URL(intent.replace(/^intent:/, 'https:')).searchParams.get('file')!;
  const glb = await phone.request.get(glbUrl);
  expect(glb.status()).toBe(200);
  expect(glb.headers()['content-type']).toBe('model/gltf-binary');
  const bytes = await glb.body();
  expect(bytes.readUInt32LE(0)).toBe(0x46546c67); // "glTF"
  expect(bytes.readUInt32LE(8)).toBe(bytes.length);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/view-in-room-android.png' });
  await phone.close();
});

test('in German, on an iPhone: AR Quick Look gets the USDZ through a rel="ar" picture link', async ({
  browser,
}) => {
  const path = await aModelPath(browser, 'de');
  const phone = await browser.newContext({ ...devices['iPhone 13'] });
  // Safari reports AR Quick Look through relList.supports('ar'); Chromium has none, so it is told so.
  await phone.addInitScript(() => {
    const supports = DOMTokenList.prototype.supports;
    DOMTokenList.prototype.supports = function (token: string) {
      return token === 'ar' || supports.call(this, token);
    };
  });
  const page = await phone.newPage();
  await page.goto(path);
  const link = page.getByTestId('view-in-room');
  await expect(link).toHaveAttribute('rel', 'ar');
  // Quick Look wants the link's only child to be an image.
  expect(await link.evaluate((a) => [...a.children].map((child) => child.tagName))).toEqual(['IMG']);
  await expect(link.getByRole('img', { name: 'In Ihrem Raum ansehen' })).toBeVisible();
  const usdz = await phone.request.get((await link.getAttribute('href'))!);
  expect(usdz.status()).toBe(200);
  expect(usdz.headers()['content-type']).toBe('model/vnd.usdz+zip');
  const bytes = await usdz.body();
  expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
  expect(bytes.subarray(30, 30 + 'model.usda'.length).toString()).toBe('model.usda');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/view-in-room-iphone-de.png' });
  await phone.close();
});
