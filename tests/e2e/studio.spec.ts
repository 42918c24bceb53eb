import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { testMeshPath } from '../fixtures/test-meshes';

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

async function searchTitles(page: Page, keywords: string): Promise<string[]> {
  // The first call's keep-alive connection sits idle through the admin's review, and the server closes
  // idle connections after 5 s: a reuse at that instant is reset. A browser retries such a GET; so do we.
  const response = await page.request.get(
    `/api/internal/items?keywords=${encodeURIComponent(`"${keywords}"`)}`,
    { maxRetries: 2 },
  );
  const { data } = (await response.json()) as { data: { items: { title: string }[] } };
  return data.items.map((item) => item.title);
}

test('a seller uploads an STL, watches the analysis, submits it; an admin reviews it; it is in search', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const username = `seller${suffix}`;
  const title = `Calibration cube ${suffix}`;

  // A new user opens the studio and starts selling.
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  await page.goto('/studio/new');
  await page.getByRole('button', { name: 'Start selling' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload a model' })).toBeVisible();

  // The details, with the form's own messages first.
  await page.locator('main input[name=title]').fill('ab');
  await page.locator('main input[name=price]').fill('12.345');
  await page.locator('main button[type=submit]').click();
  await expect(page.getByText('The title must be 3 to 100 characters long.')).toBeVisible();
  await expect(page.getByText('Enter a price such as 12 or 12.50.')).toBeVisible();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.locator('main input[name=title]').fill(title);
  await page.locator('main textarea[name=description]').fill('A 20 mm calibration cube with XYZ letters.');
  await page.locator('main select[name=categoryId]').selectOption({ index: 1 });
  await page.locator('main input[name=tags]').fill('calibration, cube, test print');
  await page.locator('main input[name=price]').fill('4.50');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(/\/studio\/models\/\d+$/);
  await expect(page.locator('h1')).toHaveText(title);
  await expect(page.getByText('This model is a draft')).toBeVisible();

  // Refused before anything is stored: a wrong type (checked in the browser and by the server) and a
  // file whose content is not what its name says (checked by the server).
  const fileInput = page.getByLabel('Add model files');
  await fileInput.setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(page.getByText('This file type is not accepted.')).toBeVisible();
  await fileInput.setInputFiles({
    name: 'fake.glb',
    mimeType: 'model/gltf-binary',
    buffer: Buffer.from('not a glb'),
  });
  await expect(page.getByText("The file's content does not match its type.")).toBeVisible();
  await expect(page.getByTestId('model-file')).toHaveCount(0);

  // The STL: upload progress, then the analysis runs in the background with its progress and results.
  await fileInput.setInputFiles(testMeshPath('20mm-xyz-cube.stl'));
  await expect(page.getByTestId('upload').filter({ hasText: '20mm-xyz-cube.stl' })).toContainText('Uploaded');
  const file = page.getByTestId('model-file').filter({ hasText: '20mm-xyz-cube.stl' });
  await expect(file).toBeVisible();
  await expect(file).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(file).toContainText('Analysed');
  await expect(file.locator('dd').first()).toHaveText('260');
  await expect(file).toContainText('Watertight');
  // The rendered picture of the mesh became the card picture.
  await expect(page.getByRole('img', { name: 'Card picture' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Not public yet.
  expect(await searchTitles(page, title)).toEqual([]);

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Submitted: an admin will review your model shortly.')).toBeVisible();
  await expect(page.locator('[data-status=in_review]')).toBeVisible();
  const studioUrl = page.url();

  // The admin finds it in the review queue and approves it with a score.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, 'demo-admin', 'demo-password-2026');
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Review queue' }).click();
  await expectNoAxeViolations(admin);
  await admin.getByRole('link', { name: `Review ${title}` }).click();
  await expect(admin.getByText('You are viewing this model as an admin.')).toBeVisible();
  await admin.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(admin.getByText('Enter a score from 0 to 100.')).toBeVisible();
  await admin.getByLabel('Score (0–100)').fill('88');
  await admin.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(admin.getByText('Approved: the model is reviewed and public.')).toBeVisible();
  await adminContext.close();

  // Public: found by search, its page shows the review with the score.
  await expect.poll(() => searchTitles(page, title)).toEqual([title]);
  await page.goto(studioUrl);
  await expect(page.getByTestId('review-status')).toHaveText('Reviewed · 88/100');
  await page.getByRole('link', { name: 'View on the marketplace' }).click();
  await expect(page.locator('h1')).toHaveText(title);
});

test('a buyer, another seller and a guest cannot open a seller’s studio model; the admin pages are for admins', async ({
  page,
  browser,
}) => {
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto('/studio');
  await expect(guestPage).toHaveURL(/\/login\?next=%2Fstudio/);
  const response = await guestPage.goto('/admin');
  expect(response?.url()).toMatch(/\/login\?next=%2Fadmin/);
  await guest.close();

  await logIn(page, 'demo-buyer', 'demo-password-2026');
  for (const path of ['/admin', '/admin/reviews', '/studio/models/1']) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
  }
  await page.goto('/studio');
  await expect(page.getByRole('button', { name: 'Start selling' })).toBeVisible();
});
