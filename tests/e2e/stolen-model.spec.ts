/**
 * Stolen-model detection (issue 27, decision 0057): a new seller uploads the demo catalogue's torus,
 * moved, turned, scaled ×2.54, re-meshed and mirrored; the seller sees only the usual review states,
 * and the admin finds the upload flagged in the review queue with both models side by side and the
 * score — in English and in German, axe clean at 375 and 1440 px.
 */
import fs from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { parseStl } from '../../src/features/geometry/stl';
import { binaryStl, disguised } from '../fixtures/mesh-transforms';
import { readTestMesh } from '../fixtures/test-meshes';

const originalTitle = 'Torus ring, 30 mm';

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

async function logIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill(password);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
}

const screenshotDir = process.env.E2E_SCREENSHOTS;

async function atWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    await expectNoAxeViolations(page);
    if (screenshotDir) {
      fs.mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: `${screenshotDir}/${name}-${width}.png`, fullPage: true });
    }
  }
}

test('another seller’s disguised copy waits in the review queue beside the original, with the score', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const username = `copier${suffix}`;
  const title = `Fidget ring ${suffix}`;

  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  await page.goto('/studio/new');
  await page.getByRole('button', { name: 'Start selling' }).click();
  await page.locator('main input[name=title]').fill(title);
  await page.locator('main textarea[name=description]').fill('A ring to fidget with.');
  await page.locator('main select[name=categoryId]').selectOption({ index: 1 });
  await page.locator('main input[name=tags]').fill('ring, fidget');
  await page.locator('main input[name=price]').fill('3.00');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(/\/studio\/models\/\d+$/);
  const studioPath = new URL(page.url()).pathname;

  const copy = binaryStl(disguised(parseStl(readTestMesh('torus.STL')), 27));
  await page.getByLabel('Add model files').setInputFiles({
    name: 'fidget-ring.stl',
    mimeType: 'model/stl',
    buffer: Buffer.from(copy),
  });
  const file = page.getByTestId('model-file').filter({ hasText: 'fidget-ring.stl' });
  await expect(file).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.locator('[data-status=in_review]')).toBeVisible();
  // The seller sees the usual review state and nothing of the match.
  await expect(page.getByTestId('stolen-model-match')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(originalTitle);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, 'demo-admin', 'demo-password-2026');

  // English: the queue names the possible copy; its page shows both models and the similarity.
  await admin.goto('/admin/reviews');
  const flagged = admin.getByTestId('possible-copies').getByRole('link', { name: new RegExp(title) });
  await atWidths(admin, 'stolen-queue-en', async () => {
    await expect(flagged).toContainText(`like “${originalTitle}”`);
  });
  await flagged.click();
  await expect(admin).toHaveURL(new RegExp(`${studioPath}$`));
  const match = admin.getByTestId('stolen-model-match');
  await atWidths(admin, 'stolen-match-en', async () => {
    await expect(
      match.getByRole('heading', { name: 'Possible copy of another seller’s model' }),
    ).toBeVisible();
    await expect(match).toContainText(title);
    await expect(match).toContainText(originalTitle);
    await expect(match).toContainText(`by ${username}`);
    await expect(match.getByRole('img', { name: originalTitle })).toBeVisible();
  });
  const similarity = await match.getByTestId('stolen-model-similarity').innerText();
  expect(Number(similarity.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(96);
  await expect(match.getByRole('link', { name: originalTitle })).toHaveAttribute('href', /torus-ring-30-mm/);
  // The verdict stays the admin's.
  await expect(admin.getByRole('button', { name: 'Approve and publish' })).toBeVisible();

  // German.
  await admin.goto('/de/admin/reviews');
  await atWidths(admin, 'stolen-queue-de', async () => {
    await expect(admin.getByRole('heading', { name: 'Mögliche Kopien' })).toBeVisible();
  });
  await admin.goto(`/de${studioPath}`);
  await atWidths(admin, 'stolen-match-de', async () => {
    await expect(
      admin.getByRole('heading', { name: 'Mögliche Kopie des Modells eines anderen Verkäufers' }),
    ).toBeVisible();
    await expect(admin.getByTestId('stolen-model-similarity')).toHaveText(/\d+,\d\s%|\d+\s%/);
  });
  await adminContext.close();
});

test('the review queue with its possible copies is for admins only', async ({ page }) => {
  await logIn(page, 'demo-buyer', 'demo-password-2026');
  const answer = await page.goto('/admin/reviews');
  expect(answer?.status()).toBe(404);
  await expect(page.getByTestId('possible-copies')).toHaveCount(0);
});
