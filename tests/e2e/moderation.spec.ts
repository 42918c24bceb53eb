import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Issue 25, the moderation queue (decisions 0043, 0044): a member reports another's make (in German),
 * the queue shows it with its picture, caption, poster and model, an admin hides it (gone from the
 * gallery, the model page and its page for all but its poster) and bans its poster from posting; a
 * member reports again once their report was dismissed; a new member's first post with a link waits
 * in the queue as held by the site, not reported by its author. The queue is axe clean and fits at
 * 375 and 1440 px with several kinds of content.
 */
const torus = 'Torus ring, 30 mm';

async function expectNoAxeViolations(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
        .slice(0, 5),
    );
    expect(overflowing, `${name} ${width}px`).toEqual([]);
    // Text wider than its box (a long word in a heading) widens the page without any box overflowing.
    expect(
      await page.locator('main').evaluate((main) => main.scrollWidth),
      `${name} ${width}px width`,
    ).toBeLessThanOrEqual(width);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
  }
}

async function signedUpPage(browser: Browser, locale: '' | '/de', username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${locale}/signup`);
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(locale === '' ? '/' : '/de');
  return page;
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.locator('main input[name=login]').fill('demo-admin');
  await page.locator('main input[name=password]').fill('demo-password-2026');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return page;
}

async function modelOf(page: Page, title: string): Promise<{ id: number; url: string }> {
  const response = await page.request.get(
    `/api/internal/items?locale=en&keywords=${encodeURIComponent(`"${title}"`)}`,
  );
  const { data } = (await response.json()) as {
    data: { items: { id: number; url: string; title: string }[] };
  };
  const card = data.items.find((item) => item.title === title);
  expect(card, title).toBeTruthy();
  return card!;
}

const photo = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Posts a make through the model page's form; the make's page path. */
async function postMake(page: Page, modelUrl: string, description: string, color: string): Promise<string> {
  await page.goto(modelUrl);
  const form = page.getByTestId('make-form');
  await form.getByLabel('Pictures').setInputFiles({
    name: 'print.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(color),
  });
  await form.getByLabel('Description (optional)').fill(description);
  await form.getByRole('button', { name: 'Post make' }).click();
  await page.waitForURL(/\/galleries\/makes\/\d+$/);
  return new URL(page.url()).pathname;
}

test('a reported make is hidden from the queue, its poster banned; a dismissed report can be filed again', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const makerName = `maker${stamp}`;
  const maker = await signedUpPage(browser, '', makerName);
  const model = await modelOf(maker, torus);
  const makePath = await postMake(maker, model.url, `Glossy advert ${stamp}`, '#2266aa');
  const makeId = makePath.split('/').at(-1)!;

  // A member, in German, reports it from the make's page.
  const reporter = await signedUpPage(browser, '/de', `melder${stamp}`);
  await reporter.goto(`/de/galerien/makes/${makeId}`);
  await reporter.getByRole('button', { name: `Den Druck von ${makerName} melden` }).click();
  await expect(reporter.getByText('Diesen Druck melden')).toBeVisible();
  await reporter.getByLabel('Grund').selectOption('spam');
  await reporter.getByLabel('Hinweis für die Moderation (optional)').fill('Werbung');
  await reporter.getByRole('button', { name: 'Meldung senden' }).click();
  await expect(reporter.getByRole('status').filter({ hasText: /\S/ })).toHaveText(
    'Danke. Die Moderation sieht es sich an.',
  );
  // Its poster has no report control on their own make.
  await maker.goto(makePath);
  await expect(maker.getByRole('button', { name: /^Report/ })).toHaveCount(0);

  // A guest's cached gallery shows it before it is hidden.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/galleries');
  await expect(guest.getByTestId('make-card').filter({ hasText: makerName })).toHaveCount(1);

  // The queue: picture, caption, poster, model link; hide.
  const admin = await adminPage(browser);
  await admin.goto('/admin/moderation');
  const entry = admin.getByTestId('moderation-report').filter({ hasText: `Glossy advert ${stamp}` });
  await expect(entry).toContainText(`Make of ${torus}`);
  await expect(entry).toContainText(`By ${makerName}`);
  await expect(entry).toContainText('1 report: Spam');
  await expect(entry).toContainText('Werbung');
  await expect(entry.getByRole('link', { name: `Model: ${torus}` })).toHaveAttribute('href', model.url);
  await expect(entry.locator('img')).toHaveAttribute('src', /-360\.webp$/);
  await entry.getByRole('button', { name: 'Hide make' }).click();
  await expect(
    admin.getByTestId('moderation-report').filter({ hasText: `Glossy advert ${stamp}` }),
  ).toHaveCount(0);

  // Gone for everyone but its poster and admins.
  await guest.goto('/galleries');
  await expect(guest.getByTestId('make-card').filter({ hasText: makerName })).toHaveCount(0);
  expect((await guest.request.get(makePath)).status()).toBe(404);
  expect((await reporter.request.get(`/de/galerien/makes/${makeId}`)).status()).toBe(404);
  await reporter.goto(model.url);
  await expect(
    reporter.getByTestId('model-makes').getByTestId('make-card').filter({ hasText: makerName }),
  ).toHaveCount(0);
  await maker.goto(makePath);
  await expect(maker.getByRole('note')).toHaveText(
    'A moderator has hidden this make. Only you and the moderators can see it.',
  );

  // The admin bans its poster for a day from the make's page: the form says why nothing is posted.
  await admin.goto(makePath);
  await expect(admin.getByRole('button', { name: 'Show make' })).toBeVisible();
  await expectNoAxeViolations(admin, 'make-hidden-admin');
  await admin.getByLabel('Ban for').selectOption('1');
  const banned = admin.waitForResponse((response) => response.url().endsWith(`/makes/${makeId}/moderate`));
  await admin.getByRole('button', { name: `Ban ${makerName} from posting (forum and makes)` }).click();
  expect((await banned).status()).toBe(200);
  await maker.goto(model.url);
  const form = maker.getByTestId('make-form');
  await form
    .getByLabel('Pictures')
    .setInputFiles({ name: 'again.jpg', mimeType: 'image/jpeg', buffer: await photo('#aa2266') });
  await form.getByRole('button', { name: 'Post make' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'A moderator has stopped you from posting for a while, so you cannot post makes now.',
  );

  // Re-reporting: a second make, reported, dismissed, then reported again.
  const other = await signedUpPage(browser, '', `second${stamp}`);
  const secondPath = await postMake(other, model.url, `Second print ${stamp}`, '#22aa66');
  await reporter.goto(`/de${secondPath.replace('/galleries/', '/galerien/')}`);
  const report = async (expected: string) => {
    await reporter.getByRole('button', { name: `Den Druck von second${stamp} melden` }).click();
    await reporter.getByRole('button', { name: 'Meldung senden' }).click();
    await expect(reporter.getByRole('status').filter({ hasText: /\S/ })).toHaveText(expected);
  };
  await report('Danke. Die Moderation sieht es sich an.');
  await reporter.reload();
  await report('Sie haben dies bereits gemeldet. Die Moderation sieht es sich an.');
  await admin.goto('/admin/moderation');
  const second = admin.getByTestId('moderation-report').filter({ hasText: `Second print ${stamp}` });
  await second.getByRole('button', { name: 'Dismiss' }).click();
  await expect(second).toHaveCount(0);
  await reporter.reload();
  await report('Danke. Die Moderation sieht es sich an.');
  await admin.reload();
  await expect(second).toContainText('1 report: Spam');
});

test('a held first post shows as held by the site; the queue fits at 375 and 1440 px', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const newcomer = await signedUpPage(browser, '', `newbie${stamp}`);
  await newcomer.goto('/forum/new');
  const title = `Cheap filament deals ${stamp}`;
  await newcomer.getByLabel('Category').selectOption({ label: '3D printing' });
  await newcomer.getByLabel('Title').fill(title);
  await newcomer
    .getByRole('textbox', { name: 'Message' })
    .fill('Best prices at https://filament.example/deals');
  await newcomer.getByRole('button', { name: 'Start thread' }).click();
  await newcomer.waitForURL(/\/forum\/threads\/\d+$/);

  // Another kind of content in the queue beside it: a reported make.
  const maker = await signedUpPage(browser, '', `layout${stamp}`);
  const model = await modelOf(maker, torus);
  const makePath = await postMake(
    maker,
    model.url,
    `A long caption without spaces ${'x'.repeat(120)} and more words after it, ${stamp}`,
    '#aa8822',
  );
  const reporter = await signedUpPage(browser, '', `spotter${stamp}`);
  await reporter.goto(makePath);
  await reporter.getByRole('button', { name: `Report the make by layout${stamp}` }).click();
  await reporter.getByLabel('Reason').selectOption('other');
  await reporter.getByRole('button', { name: 'Send report' }).click();
  await expect(reporter.getByRole('status').filter({ hasText: /\S/ })).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto('/admin/moderation');
  const held = admin.getByTestId('moderation-report').filter({ hasText: title });
  await expect(held.getByTestId('moderation-held')).toHaveText(
    'Held automatically: Links in a first post: held for review',
  );
  await expect(held).not.toContainText('report:');
  await expect(held).toContainText(`By newbie${stamp}`);
  await expect(held.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expectNoAxeViolations(admin, 'moderation-queue');
  await admin.goto('/de/admin/moderation');
  await expect(held.getByTestId('moderation-held')).toHaveText(
    'Automatisch zurückgehalten: Links im ersten Beitrag: zur Prüfung zurückgehalten',
  );
  await expectNoAxeViolations(admin, 'moderation-queue-de');
});
