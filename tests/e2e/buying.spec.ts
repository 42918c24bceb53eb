import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The demo seed's real-mesh models: fixed prices, credits accepted, each with a file to download. */
const sphere = { title: 'Sphere, 20 mm', priceCents: 2400 };
const torus = { title: 'Torus ring, 30 mm', priceCents: 2100 };

async function openModel(page: Page, title: string) {
  const response = await page.request.get(`/api/internal/items?keywords=${encodeURIComponent(`"${title}"`)}`);
  const { data } = (await response.json()) as { data: { items: { url: string; title: string }[] } };
  const card = data.items.find((item) => item.title === title);
  expect(card, title).toBeTruthy();
  await page.goto(`/search?keywords=${encodeURIComponent(title)}`);
  await page.locator(`a[href="${card!.url}"]`).first().click();
  await expect(page.locator('h1')).toHaveText(title);
}

async function pay(page: Page, card: string) {
  await page.locator('main input[name=number]').fill(card);
  await page.locator('main input[name=expiry]').fill('12/34');
  await page.locator('main input[name=cvc]').fill('123');
  await page.locator('main form button', { hasText: /^Pay / }).click();
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

test('sign up → search → cart messages → declined card → paid → download → certificate → credits', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const username = `buyer${Date.now().toString(36)}`;
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('short');
  await page.locator('main button[type=submit]').click();
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  await page.locator('header summary').last().click();
  await expect(page.getByText(`Signed in as ${username}`)).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'My purchases' })).toBeVisible();

  // Search, then the spec's add-to-cart messages.
  await openModel(page, sphere.title);
  const modelUrl = page.url();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-message')).toHaveText(
    `${sphere.title} has successfully been added to the cart`,
  );
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-message')).toHaveText(
    `${sphere.title} has already been added to the cart`,
  );

  // A second tab keeps the model page as it was before the purchase.
  const staleTab = await page.context().newPage();
  await staleTab.goto(modelUrl);

  // A declined card: the order fails, the cart keeps the model.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$24');
  await expectNoAxeViolations(page);
  await pay(page, '4000 0000 0000 0002');
  await expect(page.locator('main').getByRole('alert')).toHaveText('Your card was declined.');
  await page.reload();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // A test card that succeeds.
  await pay(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Paid – ready to download');
  await expect(page.getByTestId('order-total')).toHaveText('$24');
  await expect(page.getByText('You earned $5.48 in credits with this order.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The download: the buyer gets the file; without the session, or with another account, nothing.
  await page.goto('/purchases');
  const link = page.getByTestId('purchase').getByRole('link', { name: /^Download / });
  const href = (await link.getAttribute('href'))!;
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain('attachment');
  expect((await file.body()).length).toBeGreaterThan(1000);
  const stranger = await browser.newContext();
  expect((await stranger.request.get(href)).status()).toBe(401);
  await stranger.close();
  // Change the signature's first character to another one (replacing it by a fixed 'A' left a
  // signature that began with 'A' untouched).
  const tampered = href.replace(/signature=(.)/, (_, first) => `signature=${first === 'A' ? 'B' : 'A'}`);
  expect(tampered).not.toBe(href);
  expect((await page.request.get(tampered)).status()).toBe(404);

  // The licence certificate.
  await page.getByRole('link', { name: 'Licence certificate' }).first().click();
  const certificate = page.getByTestId('certificate');
  await expect(certificate).toContainText(sphere.title);
  await expect(certificate).toContainText(username);
  await expect(page.getByTestId('certificate-licence')).not.toBeEmpty();
  await expectNoAxeViolations(page);

  // Bought: it cannot go in the cart again (from a tab opened before), and the page now leads to the download.
  await staleTab.getByRole('button', { name: 'Add to cart' }).click();
  await expect(staleTab.getByTestId('cart-message')).toHaveText('You have already purchased this item.');
  await page.goto(modelUrl);
  await expect(page.getByRole('link', { name: 'Go to your download' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);

  // Credits: the $5 first-purchase gift and 2 % of $24 pay part of the next model (up to 30 %).
  await openModel(page, torus.title);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-message')).toContainText('successfully');
  await page.goto('/cart');
  await page.getByLabel(/Use my credits \(\$5\.48 available\)/).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('cart-credits')).toHaveText('-$5.48');
  await expect(page.getByTestId('cart-total')).toHaveText('$15.52');
  await pay(page, '4242424242424242');
  await page.waitForURL(/\/orders\/\d+$/);
  await expect(page.getByTestId('order-total')).toHaveText('$15.52');
  await page.goto('/points');
  await expect(page.getByRole('main')).toContainText('Spent');
});
