/**
 * Issue 23 §4, the audit's findings, as a visitor meets them: the header cart after "Add to cart", the
 * credits box, system lines in a project's history, number fields and the wheel, localized countdown,
 * sizes and volumes, the spec's accented slugs, the datasets page's language links, the "Sell" page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

const demoPassword = 'demo-password-2026';

// Axe at two widths on a busy machine takes a while.
test.describe.configure({ timeout: 120_000 });

/** Axe at 375 and 1440 px; with E2E_SCREENSHOTS set, a full-page screenshot at each. */
async function expectNoAxeViolations(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const folder = process.env.E2E_SCREENSHOTS;
    if (folder) await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${width}px ${v.id}: ${v.nodes.length}`)).toEqual([]);
  }
}

async function logIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill(password);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
}

async function signUp(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return page;
}

type Item = { url: string; title: string; price: number; percentage: number };

async function findItems(page: Page, query: string): Promise<Item[]> {
  const response = await page.request.get(`/api/internal/items?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { items: Item[] } }).data.items;
}

async function openItem(page: Page, title: string) {
  const items = await findItems(page, `keywords=${encodeURIComponent(`"${title}"`)}`);
  const item = items.find((i) => i.title === title);
  expect(item, title).toBeTruthy();
  await page.goto(item!.url);
  await expect(page.locator('h1')).toHaveText(title);
}

/** The same page in another language, as its hreflang alternate says. */
async function alternateOf(page: Page, languageTag: string): Promise<string> {
  const href = await page.locator(`link[rel=alternate][hreflang="${languageTag}"]`).getAttribute('href');
  expect(href, languageTag).toBeTruthy();
  return new URL(href!, page.url()).pathname;
}

const headerCart = (page: Page) => page.locator('header details', { has: page.getByTestId('cart-count') });

test('the header cart shows an added model at once, label and panel too, in English and German', async ({
  browser,
}) => {
  // English: a guest adds the sphere.
  const en = await (await browser.newContext()).newPage();
  await openItem(en, 'Sphere, 20 mm');
  await expect(en.locator('header summary', { hasText: 'Cart (empty)' })).toHaveCount(1);
  await en.getByRole('button', { name: 'Add to cart' }).click();
  await expect(en.getByTestId('cart-count')).toHaveText('1');
  const enCart = headerCart(en);
  await expect(enCart.locator('summary')).toContainText('Cart (1 item)');
  await enCart.locator('summary').click();
  await expect(enCart).toContainText('Sphere, 20 mm');
  await expect(enCart).not.toContainText('Your cart is empty.');
  await expect(enCart.getByRole('link', { name: 'View cart' })).toBeVisible();

  // German: a model on sale; the widget and the cart say how long it lasts, in German.
  const de = await (await browser.newContext()).newPage();
  const onSale = (await findItems(de, 'sale_off=1&per_page=48')).find((item) => item.percentage > 0);
  expect(onSale, 'a model on sale').toBeTruthy();
  await de.goto(onSale!.url);
  await de.goto(await alternateOf(de, 'de'));
  await expect(de.locator('html')).toHaveAttribute('lang', 'de');
  await de.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(de.getByTestId('cart-count')).toHaveText('1');
  const deCart = headerCart(de);
  await expect(deCart.locator('summary')).toContainText('Warenkorb (1 Artikel)');
  await deCart.locator('summary').click();
  await expect(deCart).toContainText(onSale!.title);
  const countdown = /^(\d+ Tage? )?\d\d:\d\d:\d\d$/;
  await expect(deCart.getByTestId('sale-countdown')).toHaveText(countdown);
  await de.goto('/de/cart');
  await expect(de.locator('main').getByTestId('sale-countdown')).toHaveText(countdown);
  await expectNoAxeViolations(de, 'cart-de');
});

test('"Use my credits" reprices the cart as soon as it is ticked; without scripts "Apply" does it', async ({
  browser,
}) => {
  const page = await signUp(browser, `credits${Date.now().toString(36)}`);
  // A first purchase earns the $5 gift and 2 %: $5.48 of credits.
  await openItem(page, 'Sphere, 20 mm');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/cart');
  await page.locator('main input[name=number]').fill('4242424242424242');
  await page.locator('main input[name=expiry]').fill('12/34');
  await page.locator('main input[name=cvc]').fill('123');
  await page.locator('main form button', { hasText: /^Pay / }).click();
  await page.waitForURL(/\/orders\/\d+$/);

  await openItem(page, 'Torus ring, 30 mm');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$21');
  const box = page.getByLabel(/Use my credits \(\$5\.48 available\)/);
  await box.check();
  await expect(page.getByTestId('cart-credits')).toHaveText('-$5.48');
  await expect(page.getByTestId('cart-total')).toHaveText('$15.52');
  await expect(page).toHaveURL(/[?&]credits=1/);
  await expect(page.getByRole('button', { name: /^Pay \$15\.52/ })).toBeVisible();
  await expectNoAxeViolations(page, 'cart-credits');
  await box.uncheck();
  await expect(page.getByTestId('cart-total')).toHaveText('$21');
  await expect(page.getByTestId('cart-credits')).toHaveCount(0);

  // In German, the same at once.
  await page.goto('/de/cart');
  await page.getByLabel(/Mein Guthaben einsetzen/).check();
  await expect(page.getByTestId('cart-credits')).toHaveText('-$5.48');
  await expect(page.getByTestId('cart-total')).toHaveText('$15.52');

  // Without scripts: tick, then the form's own button.
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScripts.newPage();
  await plain.goto('/cart');
  await expect(plain.getByTestId('cart-total')).toHaveText('$21');
  await plain.getByLabel(/Use my credits/).check();
  await plain.getByRole('button', { name: 'Apply' }).click();
  await expect(plain.getByTestId('cart-total')).toHaveText('$15.52');
  await noScripts.close();
});

test("a project's history shows system lines in the reader's language, never their code", async ({
  page,
}) => {
  await logIn(page, 'demo-seller', demoPassword);
  await page.goto('/3d-modeling-jobs/dashboard');
  const projectLink = page.locator('main a[href*="/3d-modeling-jobs/"]').filter({ hasNotText: /apply/i });
  const hrefs = await projectLink.evaluateAll((links) =>
    links.map((a) => (a as HTMLAnchorElement).pathname).filter((p) => /^\/3d-modeling-jobs\/\d+$/.test(p)),
  );
  expect(hrefs.length).toBeGreaterThan(0);
  await page.goto(hrefs[0]!);
  const panel = page.locator('section[aria-labelledby=project-work-title]');
  await expect(panel).toContainText('The application was accepted and the agreed price paid');
  await expect(panel).not.toContainText('application_accepted');
  await expectNoAxeViolations(page, 'project-history');

  await page.goto(`/de${hrefs[0]!.replace('/3d-modeling-jobs/', '/3d-modellierung-jobs/')}`);
  await expect(panel).toContainText('Die Bewerbung wurde angenommen und der vereinbarte Preis bezahlt');
  await expect(panel).not.toContainText('application_accepted');
});

test('a focused number field keeps its value under the mouse wheel, and the page scrolls', async ({
  page,
}) => {
  for (const path of ['/3d-models', '/de/3d-modelle']) {
    await page.goto(path);
    const field = page.locator('main input[type=number]').first();
    await field.fill('80');
    await field.focus();
    await field.hover();
    await page.mouse.wheel(0, 120);
    await expect(field).not.toBeFocused();
    await expect(field).toHaveValue('80');
  }
});

test("sizes and volumes follow the reader's language on the model page", async ({ page }) => {
  await openItem(page, '20 mm XYZ calibration cube');
  const volume = page.getByTestId('geometry-volume');
  await expect(page.getByText('STL (13 kB)')).toBeVisible();
  await expect(volume).toHaveText('7,938.7 mm³');
  await page.goto(await alternateOf(page, 'de'));
  await expect(volume).toHaveText('7.938,7 mm³');
  await page.goto(await alternateOf(page, 'fr'));
  await expect(page.getByText('STL (13 ko)')).toBeVisible();
  await expect(volume).toHaveText(/^7\s938,7\smm³$/);
});

test("the spec's accented listing slugs lead to the served ones, with the rest of the address", async ({
  request,
}) => {
  const cases = [
    ['/fr/3d-modèles', '/fr/3d-modeles'],
    ['/fr/3d-imprimer-modèles', '/fr/3d-imprimer-modeles'],
    ['/pt/3d-impressão-modelos', '/pt/3d-impressao-modelos'],
    ['/fr/3d-modèles/art?sort=newest&page=2', '/fr/3d-modeles/art?sort=newest&page=2'],
  ];
  for (const [from, to] of cases) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    const location = new URL(response.headers().location!, 'http://localhost');
    expect(decodeURI(location.pathname) + location.search, from).toBe(to);
  }
  expect((await request.get('/fr/3d-modèles')).status()).toBe(200);
  expect((await request.get('/pt/3d-impressão-modelos')).status()).toBe(200);
});

test("the datasets page's language switcher leads only to pages that exist", async ({ page }) => {
  await page.goto('/jp/datasets');
  const switcher = page.locator('header details', { has: page.locator('a[hreflang]') });
  await switcher.locator('summary').click();
  const links = switcher.locator('a[hreflang]');
  await expect(links.filter({ hasText: '简体中文' })).toHaveAttribute('href', /\/zh-CN\/datasets$/);
  const hrefs = await links.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href));
  expect(hrefs).toHaveLength(8);
  for (const href of hrefs) expect((await page.request.get(href)).status(), href).toBe(200);
  await expect(links.filter({ hasText: 'Deutsch' })).toHaveAttribute('href', /\/de$/);
  await expectNoAxeViolations(page, 'datasets-jp');
});

test('the "Sell" page leads on to the studio: guests through sign-up, members straight there', async ({
  browser,
}) => {
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/pages/sell-3d-models');
  const cta = guest.getByTestId('sell-call-to-action');
  await expect(cta.getByRole('link', { name: 'Sign up and start selling' })).toHaveAttribute(
    'href',
    '/signup?next=%2Fstudio',
  );
  await expectNoAxeViolations(guest, 'sell-guest');
  await guest.goto('/fr/pages/sell-3d-models');
  await expect(cta.getByRole('link', { name: 'S’inscrire et commencer à vendre' })).toHaveAttribute(
    'href',
    '/fr/signup?next=%2Ffr%2Fstudio',
  );
  await cta.getByRole('link', { name: 'Se connecter' }).click();
  await expect(guest).toHaveURL(/\/fr\/login\?next=%2Ffr%2Fstudio$/);

  const buyer = await (await browser.newContext()).newPage();
  await logIn(buyer, 'demo-buyer', demoPassword);
  await buyer.goto('/pages/sell-3d-models');
  await buyer.getByTestId('sell-call-to-action').getByRole('link', { name: 'Start selling' }).click();
  await expect(buyer).toHaveURL(/\/studio$/);
  await expect(buyer.getByRole('button', { name: 'Start selling' })).toBeVisible();

  const seller = await (await browser.newContext()).newPage();
  await logIn(seller, 'demo-seller', demoPassword);
  await seller.goto('/de/pages/sell-3d-models');
  await seller.getByTestId('sell-call-to-action').getByRole('link', { name: 'Zum Studio' }).click();
  await expect(seller).toHaveURL(/\/de\/studio$/);
});
