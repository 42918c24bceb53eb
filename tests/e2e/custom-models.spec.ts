import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

import { testMeshPath } from '../fixtures/test-meshes';

/** axe at both widths the house checks (375 and 1440 px); the page is left at 1440. */
async function expectNoAxeViolations(page: Page) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    // Mobile first: nothing wider than the screen.
    expect
      .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px page width`)
      .toBeLessThanOrEqual(width);
    expect
      .soft(results.violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`))
      .toEqual([]);
  }
}

/** Screenshots at 375 and 1440 px when SCREENSHOT_DIR is set (looked at by hand, not compared). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
}

async function logIn(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill('demo-password-2026');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return page;
}

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(256, 7),
]);

async function designerUploadsAndSends(designer: Page, url: string) {
  await designer.goto(url);
  await designer.getByLabel('Upload the result').setInputFiles(testMeshPath('20mm-xyz-cube.stl'));
  await expect(designer.getByRole('button', { name: 'Send to QA' })).toBeVisible({ timeout: 20_000 });
  await designer.getByRole('button', { name: 'Send to QA' }).click();
  await expect(designer.getByText('The result is in quality check.')).toBeVisible();
}

test('custom-model service: request, pay, designer, QA sent back once, changes once, approval', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const username = `cmbuyer${suffix}`;
  const title = `Brass desk lamp ${suffix}`;

  // A guest sees the pitch, the prices and a log-in button that comes back.
  await page.goto('/custom-3d-models');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom 3D models, made for you');
  const table = page.getByTestId('price-table');
  await expect(table.locator('tr[data-complexity=simple]')).toContainText('$149');
  await expect(table.locator('tr[data-complexity=standard]')).toContainText('$399');
  await expect(table.locator('tr[data-complexity=complex]')).toContainText('$899');
  await expect(page.getByRole('link', { name: 'Log in to order' })).toHaveAttribute(
    'href',
    '/login?next=%2Fcustom-3d-models',
  );
  await expectNoAxeViolations(page);

  // The home page's creation-service button leads here.
  await page.goto('/');
  await page.locator('#custom-solutions').scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: 'Order a custom model' })).toHaveAttribute(
    'href',
    '/custom-3d-models',
  );

  // The buyer signs up and fills the form: its messages first.
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  await page.goto('/custom-3d-models');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(3);
  await page.getByLabel('Title').fill('Lamp');
  await page.getByLabel('Describe the model').fill('Too short');
  await page.getByLabel('Product links (one per line)').fill('not a link');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('The title must be 5 to 100 characters long')).toBeVisible();
  await expect(page.getByText('The description must be 20 to 5,000 characters long')).toBeVisible();
  await expect(
    page.getByText('Each link must be a web address starting with http:// or https://'),
  ).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Describe the model')
    .fill('A 1950s brass desk lamp with a working hinge, as in the photo.');
  await expect(page.getByText(/characters left/)).toBeVisible();
  await page.getByLabel('Product links (one per line)').fill('');
  await page.getByRole('radio', { name: /Standard/ }).check();
  await expect(page.getByText('Fixed price: $399 · first result in 10 working days')).toBeVisible();
  await page.getByRole('checkbox', { name: 'STL' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(
    page.getByText('Add at least one reference picture or one product link', { exact: true }),
  ).toBeVisible();
  await page
    .getByLabel('Reference pictures')
    .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Your request is saved. It starts as soon as it is paid.')).toBeVisible();
  await expect(page.locator('li').filter({ hasText: 'lamp.png' })).toContainText('Uploaded');

  // A declined card first, then the test card that pays.
  await page.getByLabel('Card number').fill('4000000000000002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $399' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('button', { name: 'Pay $399' }).click();
  await page.waitForURL(/\/custom-3d-models\/requests\/\d+$/);
  const url = new URL(page.url()).pathname;
  const id = url.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('request-status')).toHaveText('Submitted');
  await expect(page.locator('[aria-current=step]')).toContainText('Upload');
  await expectNoAxeViolations(page);

  await shoot(page, 'tracking-submitted');

  // "My custom models" lists it.
  await page.goto('/custom-3d-models');
  await expect(page.locator(`tr[data-request="${id}"]`)).toContainText('Submitted');
  await shoot(page, 'service-page');

  // A stranger gets the 404 of a request that does not exist.
  const stranger = await logIn(browser, 'demo-buyer');
  expect((await stranger.goto(url))?.status()).toBe(404);
  expect((await stranger.request.get(`/api/internal/custom-models/files/1`)).status()).toBe(404);

  // The admin selects the designer.
  const admin = await logIn(browser, 'demo-admin');
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Custom models' }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Custom models');
  const card = admin.locator(`li[data-request="${id}"]`);
  await shoot(admin, 'admin-queue');
  await card.getByRole('button', { name: 'Assign' }).click();
  await expect(card.locator('p', { hasText: 'Choose a designer' })).toBeVisible();
  const option = card.locator('option', { hasText: 'demo-seller' });
  await card.getByLabel('Select a designer').selectOption((await option.getAttribute('value'))!);
  await card.getByRole('button', { name: 'Assign' }).click();
  await expect(admin.locator(`li[data-request="${id}"]`)).toHaveCount(0);
  await expectNoAxeViolations(admin);

  // The designer uploads a result and sends it to QA.
  const designer = await logIn(browser, 'demo-seller');
  await designer.goto(url);
  await expect(designer.locator('[aria-current=step]')).toContainText('Creation');
  await designer
    .getByLabel('Upload the result')
    .setInputFiles({ name: 'fake.stl', mimeType: 'model/stl', buffer: Buffer.from([0, 1, 2, 3]) });
  await expect(designer.getByText("The file's content does not match its type")).toBeVisible();
  await designerUploadsAndSends(designer, url);
  await shoot(designer, 'tracking-designer');

  // QA sends it back once, with a note.
  await admin.goto('/admin/custom-models');
  const qa = admin.locator(`li[data-request="${id}"]`);
  await qa.getByRole('button', { name: 'Send back' }).click();
  await expect(qa.getByText('This field is required')).toBeVisible();
  await qa.getByLabel('What must the designer fix?').fill('The hinge is missing its two screws.');
  await qa.getByRole('button', { name: 'Send back' }).click();
  await expect(admin.locator(`li[data-request="${id}"]`)).toHaveCount(0);

  // The designer sees the note, uploads again; QA passes.
  await designer.goto(url);
  await expect(designer.getByText('The hinge is missing its two screws.').first()).toBeVisible();
  await designerUploadsAndSends(designer, url);
  await admin.goto('/admin/custom-models');
  await admin.locator(`li[data-request="${id}"]`).getByRole('button', { name: 'Pass QA' }).click();
  await expect(admin.locator(`li[data-request="${id}"]`)).toHaveCount(0);

  // The buyer downloads the result and asks for changes once.
  await page.goto(url);
  await expect(page.getByTestId('request-status')).toHaveText('Awaiting your approval');
  await expect(page.locator('[aria-current=step]')).toContainText('Approve');
  const download = page.getByRole('link', { name: 'Download 20mm-xyz-cube.stl' });
  await expect(download).toBeVisible();
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain('attachment');
  expect((await stranger.request.get((await download.getAttribute('href'))!)).status()).toBe(404);
  await expectNoAxeViolations(page);
  await shoot(page, 'tracking-approval');
  await page.getByRole('button', { name: 'Request changes' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('What should change?').fill('short');
  await page.getByRole('button', { name: 'Request changes' }).click();
  await expect(page.getByText('The note must be 10 to 2,000 characters long')).toBeVisible();
  await page.getByLabel('What should change?').fill('Please make the shade 10 mm wider.');
  await page.getByRole('button', { name: 'Request changes' }).click();
  await expect(page.getByTestId('request-status')).toHaveText('In creation');

  // Another round, QA passes, the buyer approves.
  await designerUploadsAndSends(designer, url);
  await admin.goto(url);
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: 'Pass QA' }).click();
  await expect(admin.getByTestId('request-status')).toHaveText('Awaiting your approval');
  await page.goto(url);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('request-status')).toHaveText('Approved');
  await expect(page.getByText('You approved this model. Thank you!')).toBeVisible();
  await shoot(page, 'tracking-approved');
  const history = page.locator('ol li time').locator('..');
  await expect(history).toHaveCount(11);
  await expect(page.getByText('Sent to quality check')).toHaveCount(3);
  await expect(page.getByText('Quality check passed')).toHaveCount(2);
});
