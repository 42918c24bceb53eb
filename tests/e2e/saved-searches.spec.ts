import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { startSmtpCatcher } from '../fixtures/smtp-catcher';
import { testMeshPath } from '../fixtures/test-meshes';

/**
 * Saved searches (decision 0033): a buyer subscribes to a search in English, another to a category
 * search in German; a seller publishes a matching model (studio, admin review); an admin sends the
 * digests; each buyer's digest arrives by email with a working unsubscribe link.
 */
const smtpPortOf = (baseURL: string) =>
  Number(process.env.E2E_SMTP_PORT ?? Number(new URL(baseURL).port) + 1000);

/**
 * axe at 375 and 1440 px, and the page's content no wider than the screen (the shared header is
 * checked by its own spec); the page is left at 1440.
 */
async function expectNoAxeViolations(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect
      .soft(await page.locator('main').evaluate((main) => main.scrollWidth), `${name} ${width}px width`)
      .toBeLessThanOrEqual(width);
    expect
      .soft(
        results.violations.map(
          (v) => `${name} ${width}px ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`,
        ),
      )
      .toEqual([]);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
  }
}

async function signUp(page: Page, locale: '' | '/de', username: string) {
  await page.goto(`${locale}/signup`);
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(locale === '' ? '/' : '/de');
}

async function logIn(page: Page, login: string) {
  await page.goto('/login');
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill('demo-password-2026');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
}

/** A same-origin POST from the page's session, with its CSRF token (what postToApi does). */
async function post(context: BrowserContext, page: Page, path: string, data: unknown) {
  let csrf = (await context.cookies()).find((c) => c.name === '__Host-csrf')?.value;
  if (!csrf) {
    const answer = await page.request.get('/api/internal/csrf');
    csrf = ((await answer.json()) as { data: { token: string } }).data.token;
  }
  return page.request.post(path, {
    data,
    headers: { 'x-csrf-token': csrf, origin: new URL(page.url()).origin },
  });
}

/** A seller lists a print model titled `title` in the Art category; an admin approves it. */
async function publishModel(browser: Browser, seller: string, title: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, '', seller);
  await page.goto('/studio/new');
  await page.getByRole('button', { name: 'Start selling' }).click();
  await page.locator('main input[name=title]').fill(title);
  await page.locator('main textarea[name=description]').fill('A small vase for the shelf.');
  await page.locator('main select[name=categoryId]').selectOption({ label: 'Art' });
  await page.locator('main input[name=tags]').fill('vase, decor');
  await page.locator('main input[name=price]').fill('3');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(/\/studio\/models\/\d+$/);
  await page.getByLabel('Add model files').setInputFiles(testMeshPath('20mm-xyz-cube.stl'));
  const file = page.getByTestId('model-file').filter({ hasText: '20mm-xyz-cube.stl' });
  await expect(file).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.locator('[data-status=in_review]')).toBeVisible();
  await context.close();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, 'demo-admin');
  await admin.goto('/admin/reviews');
  await admin.getByRole('link', { name: `Review ${title}` }).click();
  await admin.getByLabel('Score (0–100)').fill('90');
  await admin.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(admin.getByText('Approved: the model is reviewed and public.')).toBeVisible();
  return { adminContext, admin };
}

const unsubscribeLink = (text: string) =>
  /https?:\/\/\S+\/saved-searches\/unsubscribe\?token=s\d+\.[\w-]{43}/.exec(text)![0];

test('subscribe in two locales → a matching model is published → the digest arrives → unsubscribe', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const smtp = await startSmtpCatcher(smtpPortOf(baseURL!));
  try {
    const id = Date.now().toString(36);
    const word = `zorblax${id}`;
    const title = `Zorblax${id} vase`;

    // An English buyer subscribes to a keyword search.
    const enContext = await browser.newContext();
    const en = await enContext.newPage();
    await signUp(en, '', `subscriber${id}`);
    await en.goto(`/search?keywords=${word}`);
    const enButton = en.getByTestId('subscribe-search');
    await expect(enButton).toHaveText('Subscribe');
    await expect(enButton).toBeEnabled();
    await enButton.click();
    await expect(enButton).toHaveText('Subscribed');
    await expect(enButton).toBeDisabled();
    await en.reload();
    await expect(en.getByTestId('subscribe-search')).toHaveText('Subscribed');
    await expect(en.getByTestId('subscribe-search')).toBeDisabled();
    await expectNoAxeViolations(en, 'listing-subscribed');
    await en.getByRole('link', { name: 'Your saved searches' }).click();
    await expect(en.getByTestId('saved-search')).toHaveCount(1);
    await expect(en.getByTestId('saved-search').getByRole('heading')).toHaveText(`“${word}” in All models`);
    await expectNoAxeViolations(en, 'saved-searches');

    // A German buyer subscribes to the same words in the print "Kunst" category, with a filter.
    const deContext = await browser.newContext();
    const de = await deContext.newPage();
    await signUp(de, '/de', `abonnent${id}`);
    await de.goto(`/de/3d-druck-modelle/kunst?keywords=${word}&price_max=10`);
    const deButton = de.getByTestId('subscribe-search');
    await expect(deButton).toHaveText('Abonnieren');
    await deButton.click();
    await expect(deButton).toHaveText('Abonniert');
    await expect(deButton).toBeDisabled();
    await de.goto('/de/account/saved-searches');
    const deSaved = de.getByTestId('saved-search');
    await expect(deSaved.getByRole('heading')).toHaveText(`„${word}“ in Kunst`);
    await expect(deSaved).toContainText('Preis bis 10,00 $');
    await expectNoAxeViolations(de, 'saved-searches-de');

    // A seller publishes a matching model; an admin sends the digests now.
    const { adminContext, admin } = await publishModel(browser, `zorbseller${id}`, title);
    await admin.goto('/admin');
    await admin.getByRole('button', { name: 'Send search digests now' }).click();
    await expect(
      admin
        .locator('#content')
        .getByRole('status')
        .filter({ hasText: /Queued|already queued/ }),
    ).toBeVisible();
    await expectNoAxeViolations(admin, 'admin-dashboard');
    await adminContext.close();

    // The English digest: the model with its link, the search's link, a signed unsubscribe link.
    const enMail = await smtp.emailTo(`subscriber${id}@example.com`, 30_000);
    expect(enMail.text).toMatch(/Subject: 1 new model for your saved searches/);
    expect(enMail.text).toContain(title);
    // (The catcher folds and decodes the header: only its start is checked here.)
    expect(enMail.text).toMatch(/List-Unsubscribe:\s+<http\S+\/api\/saved-searches\/unsubscribe\?token/);
    expect(enMail.text).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const modelUrl = new URL(/https?:\/\/\S+\/3d-print-models\/art\/\S+/.exec(enMail.text)![0]);
    await en.goto(modelUrl.pathname);
    await expect(en.locator('h1')).toHaveText(title);

    // Following the unsubscribe link: it names the search and removes it with one press.
    const enLink = new URL(unsubscribeLink(enMail.text));
    await en.goto(`${enLink.pathname}${enLink.search}`);
    await expect(en.getByText(`“${word}” in All models`)).toBeVisible();
    await expectNoAxeViolations(en, 'unsubscribe');
    await en.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(en.locator('#content').getByRole('status')).toHaveText(
      'Done: you will get no more emails about it.',
    );
    await en.goto('/account/saved-searches');
    await expect(en.getByTestId('saved-search')).toHaveCount(0);
    await en.goto(`${enLink.pathname}${enLink.search}`);
    await expect(en.getByText('This has already been removed')).toBeVisible();

    // The German digest is German, and its link works without a session (opened in a new browser).
    const deMail = await smtp.emailTo(`abonnent${id}@example.com`, 30_000);
    expect(deMail.text).toMatch(/Subject: 1 neues Modell zu Ihren gespeicherten Suchen/);
    expect(deMail.text).toContain(title);
    expect(deMail.text).toContain('/de/3d-druck-modelle/kunst?');
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    const deLink = new URL(unsubscribeLink(deMail.text));
    await guestPage.goto(`${deLink.pathname}${deLink.search}`);
    await guestPage.getByRole('button', { name: 'Abbestellen' }).click();
    await expect(guestPage.locator('#content').getByRole('status')).toHaveText(
      'Erledigt: Sie erhalten dazu keine E-Mails mehr.',
    );
    await guest.close();
    await de.goto('/de/account/saved-searches');
    await expect(de.getByTestId('saved-search')).toHaveCount(0);
    await enContext.close();
    await deContext.close();
  } finally {
    await smtp.close();
  }
});

test('guests log in to subscribe and come back; others’ subscriptions, CSRF and forged links are refused', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // A guest's link logs in and returns to the same listing.
  await page.goto('/de/search?keywords=drache');
  const logInLink = page.getByRole('link', { name: 'Zum Abonnieren anmelden' });
  await expect(logInLink).toHaveAttribute('href', '/de/login?next=%2Fde%2Fsearch%3Fkeywords%3Ddrache');
  await logInLink.click();
  await page.locator('main input[name=login]').fill('demo-buyer');
  await page.locator('main input[name=password]').fill('demo-password-2026');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/de/search?keywords=drache');
  await expect(page.getByTestId('subscribe-search')).toBeVisible();

  // The hire banner goes to the jobs board.
  await page.getByRole('link', { name: 'Freelancer beauftragen' }).click();
  await page.waitForURL('/de/3d-modellierung-jobs');

  const listing = {
    pathname: '/search',
    productType: null,
    categoryId: null,
    query: 'keywords=drache',
    locale: 'de',
  };
  // Without the CSRF token: refused.
  const noToken = await page.request.post('/api/internal/saved-searches', {
    data: listing,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(noToken.status()).toBe(403);
  const saved = await post(context, page, '/api/internal/saved-searches', listing);
  expect(saved.status()).toBe(200);
  const { data } = (await saved.json()) as { data: { id: number } };

  // Another user cannot remove it: 404, and it is still there.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUp(other, '', `intruder${Date.now().toString(36)}`);
  expect(
    (await post(otherContext, other, '/api/internal/saved-searches/remove', { id: data.id })).status(),
  ).toBe(404);
  await otherContext.close();
  await page.goto('/account/saved-searches');
  await expect(page.getByTestId('saved-search').filter({ hasText: 'drache' })).toHaveCount(1);

  // A guest's subscribe is a 401; bad input a 400.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto('/search?keywords=drache');
  expect((await post(guest, guestPage, '/api/internal/saved-searches', listing)).status()).toBe(401);
  expect(
    (await post(context, page, '/api/internal/saved-searches', { ...listing, query: '' })).status(),
  ).toBe(400);

  // Forged unsubscribe links change nothing.
  await guestPage.goto(`/saved-searches/unsubscribe?token=s${data.id}.${'A'.repeat(43)}`);
  await expect(guestPage.getByText('This unsubscribe link is not valid.')).toBeVisible();
  const forged = await guestPage.request.post(
    `/api/saved-searches/unsubscribe?token=s${data.id}.${'A'.repeat(43)}`,
    {
      form: { 'List-Unsubscribe': 'One-Click' },
    },
  );
  expect(forged.status()).toBe(400);
  await guest.close();

  // The owner removes it from the page.
  await page.reload();
  const item = page.getByTestId('saved-search').filter({ hasText: 'drache' });
  await item.getByRole('button', { name: /Remove the saved search/ }).click();
  await expect(item).toHaveCount(0);
});
