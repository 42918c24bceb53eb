import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** A rendering the demo-model job made (issue 28), at any of the three sizes. */
const rendering = /\/files\/previews\/rendered\/demo-[0-9a-f]+-\d-\d+\.webp$/;

async function cardPictures(page: Page) {
  return page
    .locator('main article img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src') ?? ''));
}

/** A downloaded file's figures, by the marketplace's own command-line analysis (`npm run mesh:analyze`). */
function analyseFile(bytes: Buffer, fileName: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-download-'));
  try {
    const file = path.join(dir, fileName);
    fs.writeFileSync(file, bytes);
    // glTF is in metres; the other formats the marketplace writes are in millimetres.
    const unit = fileName.endsWith('.glb') ? 'm' : 'mm';
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/features/geometry/analyze-cli.ts', file, '--unit', unit, '--json'],
      { encoding: 'utf8' },
    );
    return JSON.parse(out) as { triangles: number; watertight: boolean; boundingBox: { size: number[] } };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

test('every card of the listing shows its own model, in English and German', async ({ page }) => {
  for (const [path, width] of [
    ['/3d-models', 1440],
    ['/de/3d-modelle', 375],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    const pictures = await cardPictures(page);
    expect(pictures.length, path).toBeGreaterThanOrEqual(12);
    // No category pictogram is left, and no two cards show the same picture.
    expect(
      pictures.filter((src) => src.includes('/previews/category/')),
      path,
    ).toEqual([]);
    expect(pictures.filter((src) => rendering.test(src)).length, path).toBeGreaterThanOrEqual(
      pictures.length - 2,
    );
    expect(new Set(pictures).size, path).toBe(pictures.length);
  }
});

test('a demo model: its 3D view opens, its bought files are the mesh the page describes, its picture finds it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const username = `mesh${Date.now().toString(36)}`;
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');

  // A priced model whose card shows its rendering.
  await page.goto('/3d-models');
  const cards = await page.locator('main article').evaluateAll((articles) =>
    articles.map((article) => ({
      href: article.querySelector('a')?.getAttribute('href') ?? '',
      title: article.querySelector('h2, h3')?.textContent ?? '',
      src: article.querySelector('img')?.getAttribute('src') ?? '',
      text: article.textContent ?? '',
    })),
  );
  const model = cards.find((card) => rendering.test(card.src) && /\$\d/.test(card.text));
  expect(model, 'a priced model with a rendering').toBeTruthy();
  await page.goto(model!.href);
  await expect(page.locator('h1')).toHaveText(model!.title);
  const polygons = Number(
    (await page
      .locator('dt', { hasText: /^Polygons$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent())!.replace(/,/g, ''),
  );
  expect(polygons).toBeGreaterThanOrEqual(1000);
  const sizeText = (await page.getByTestId('geometry-size').textContent())!;
  const size = sizeText.match(/[\d.,]+/g)!.map((n) => Number(n.replace(/,/g, '')));
  expect(sizeText).toContain('mm');
  await expect(page.getByText('Watertight')).toBeVisible();
  await expectNoAxeViolations(page);

  // The 3D view of the model's own mesh.
  await page.getByRole('button', { name: 'View in 3D' }).click();
  await expect(page.getByTestId('model-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('model-viewer-canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Back to the picture' }).click();

  // Bought, every listed format downloads a file whose own analysis gives the page's figures.
  const formats =
    (await page
      .locator('dt', { hasText: /^(File )?formats?$/i })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) ?? '';
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/cart');
  await page.locator('main input[name=number]').fill('4242 4242 4242 4242');
  await page.locator('main input[name=expiry]').fill('12/34');
  await page.locator('main input[name=cvc]').fill('123');
  await page.locator('main form button', { hasText: /^Pay / }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  await page.goto('/purchases');
  const links = page
    .getByTestId('purchase')
    .filter({ hasText: model!.title })
    .getByRole('link', { name: /^Download / });
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThanOrEqual(1);
  const downloaded: string[] = [];
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    const fileName = decodeURIComponent(
      /filename\*=UTF-8''([^;]+)/.exec(response.headers()['content-disposition']!)![1]!,
    );
    const figures = analyseFile(await response.body(), fileName);
    expect(figures.triangles, fileName).toBe(polygons);
    expect(figures.watertight, fileName).toBe(true);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    sorted(figures.boundingBox.size).forEach((value, i) =>
      expect(Math.abs(value - sorted(size)[i]!), `${fileName} size`).toBeLessThan(0.06),
    );
    downloaded.push(fileName.split('.').pop()!.toUpperCase());
  }
  expect(downloaded).toContain('STL');
  for (const format of downloaded) expect(formats.toUpperCase()).toContain(format);

  // Its rendering, dropped on the image search, finds it first.
  await page.goto('/3d-models');
  const copy = await page.evaluate(
    async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 720;
      canvas.height = 540;
      canvas.getContext('2d')!.drawImage(image, 0, 0);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.85),
      );
      return [...new Uint8Array(await blob.arrayBuffer())];
    },
    model!.src.replace(/-\d+\.webp$/, '-720.webp'),
  );
  await page
    .getByRole('search', { name: 'Search 3D models' })
    .getByRole('button', { name: 'Search by image' })
    .click();
  const zone = page.getByRole('group', { name: 'Search by image' }).locator('[aria-busy]');
  const transfer = await page.evaluateHandle((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'picture.jpg', { type: 'image/jpeg' }));
    return data;
  }, copy);
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await page.waitForURL(/\/3d-models\?image_id=[0-9a-f-]{36}$/);
  await expect(page.locator('main article').first().locator('h2, h3')).toHaveText(model!.title);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(model!.href);
  await expectNoAxeViolations(page);
});
