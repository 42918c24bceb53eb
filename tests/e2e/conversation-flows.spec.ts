import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * The conversation types made by their flows (decision 0037), as people use them: a buyer writes to
 * `demo-seller`, who makes a price offer from that conversation; the buyer accepts it, the cart shows
 * the offered price and checkout charges it (in English and in German); the buyer then asks for another
 * file format and sends feedback on the bought model. The support form reaches `demo-admin`, whose
 * reply reaches the user; an admin's promotion reaches the chosen group with its counts, read-only.
 */
test.describe.configure({ mode: 'serial' });

const password = 'a long enough password';
const demoPassword = 'demo-password-2026';
const suffix = Date.now().toString(36);

async function signUp(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill(password);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return page;
}

async function logIn(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.locator('main input[name=login]').fill(login);
  await page.locator('main input[name=password]').fill(demoPassword);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  return page;
}

/** Axe at a phone's and a desktop's width, with a screenshot of each to look at. */
async function checkPage(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`), `${name} at ${width}`).toEqual([]);
    await page.screenshot({ path: `test-results/convos-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const texts = {
  en: {
    prefix: '',
    sendMessage: 'Send a message',
    messageTo: 'Message to demo-seller',
    yourMessage: 'Your message',
    send: 'Send',
    makeOffer: 'Make an offer',
    offerForm: (buyer: string) => `Price offer to ${buyer}`,
    model: 'Model',
    price: 'Offered price (USD)',
    note: 'Note to the buyer (optional)',
    sendOffer: 'Send offer',
    tooHigh: /An offer cannot be higher than the model's price/,
    offerType: 'Offer',
    accept: 'Accept and add to cart',
    accepted: 'Accepted: the model is in your cart at this price',
    goToCart: 'Go to cart',
    offerNote: /^Offered price, valid until /,
    pay: /^Pay /,
  },
  de: {
    prefix: '/de',
    sendMessage: 'Nachricht senden',
    messageTo: 'Nachricht an demo-seller',
    yourMessage: 'Ihre Nachricht',
    send: 'Senden',
    makeOffer: 'Angebot machen',
    offerForm: (buyer: string) => `Preisangebot an ${buyer}`,
    model: 'Modell',
    price: 'Angebotspreis (USD)',
    note: 'Nachricht an den Käufer (optional)',
    sendOffer: 'Angebot senden',
    tooHigh: /Ein Angebot darf nicht über dem Preis des Modells/,
    offerType: 'Angebot',
    accept: 'Annehmen und in den Warenkorb legen',
    accepted: 'Angenommen: Das Modell liegt zu diesem Preis in Ihrem Warenkorb',
    goToCart: 'Zum Warenkorb',
    offerNote: /^Angebotspreis, gültig bis /,
    pay: / bezahlen$/,
  },
} as const;

const formatPrice = (cents: number) =>
  cents % 100 === 0 ? `$${cents / 100}` : `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

let boughtModel = '';
let buyerPage: Page | null = null;

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: the designer offers a price, the buyer accepts it, the cart and checkout charge it`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const l = texts[locale];
    const buyerName = `offerbuyer${locale}${suffix}`;
    const buyer = await signUp(browser, buyerName);
    await buyer.goto(`${l.prefix}/designers/demo-seller`);
    await buyer.getByRole('button', { name: l.sendMessage }).click();
    const form = buyer.getByRole('form', { name: l.messageTo });
    await form.getByLabel(l.yourMessage).fill('Would you make me a better price?');
    await form.getByRole('button', { name: l.send, exact: true }).click();
    await buyer.waitForURL(/\/conversations\/\d+$/);
    const personal = new URL(buyer.url()).pathname.replace(/^\/de/, '');

    // The designer, in that conversation: one of their models and a price.
    const designer = await logIn(browser, 'demo-seller');
    await designer.goto(`${l.prefix}${personal}`);
    await designer.getByRole('button', { name: l.makeOffer }).click();
    const offerForm = designer.getByRole('form', { name: l.offerForm(buyerName) });
    const select = offerForm.getByLabel(l.model);
    const option = select.locator('option').nth(1);
    const value = (await option.getAttribute('value'))!;
    const optionText = (await option.textContent())!;
    const title = optionText.replace(/ \(\$[\d,.]+\)$/, '');
    const listCents = Math.round(Number(/\(\$([\d,.]+)\)$/.exec(optionText)![1]!.replace(/,/g, '')) * 100);
    await select.selectOption(value);
    await expect(offerForm.getByLabel(l.price)).toHaveValue((listCents / 100).toFixed(2));
    await offerForm.getByLabel(l.price).fill(((listCents + 100) / 100).toFixed(2));
    await offerForm.getByRole('button', { name: l.sendOffer }).click();
    await expect(offerForm.getByText(l.tooHigh)).toBeVisible();
    const offerCents = Math.max(50, Math.floor(listCents / 2));
    await offerForm.getByLabel(l.price).fill((offerCents / 100).toFixed(2));
    await offerForm.getByLabel(l.note).fill('Half price, for you.');
    await checkPage(designer, `offer-form-${locale}`);
    await offerForm.getByRole('button', { name: l.sendOffer }).click();
    await designer.waitForURL((url) => /\/conversations\/\d+$/.test(url.pathname) && !url.pathname.endsWith(personal));
    const offerPath = new URL(designer.url()).pathname.replace(/^\/de/, '');
    await expect(designer.getByTestId('offer-price')).toHaveText(formatPrice(offerCents));

    // The buyer: the offer conversation, the offer, accept.
    await buyer.goto(`${l.prefix}${offerPath}`);
    await expect(buyer.locator('h1')).toHaveText(title);
    await expect(buyer.getByText(l.offerType, { exact: true }).first()).toBeVisible();
    const offer = buyer.getByTestId('offer').first();
    await expect(offer.getByTestId('offer-price')).toHaveText(formatPrice(offerCents));
    await expect(buyer.getByText('Half price, for you.')).toBeVisible();
    await checkPage(buyer, `offer-${locale}`);
    await offer.getByRole('button', { name: l.accept }).click();
    await expect(offer.getByTestId('offer-status')).toHaveText(l.accepted);
    await offer.getByRole('link', { name: l.goToCart }).click();
    await buyer.waitForURL(/\/cart$/);

    // The cart charges the offer, and so does checkout.
    const line = buyer.getByTestId('cart-line').filter({ hasText: title });
    await expect(line.getByTestId('offer-note')).toHaveText(l.offerNote);
    await expect(line).toContainText(formatPrice(offerCents));
    await expect(buyer.getByTestId('cart-total')).toHaveText(formatPrice(offerCents));
    await checkPage(buyer, `cart-offer-${locale}`);
    await buyer.locator('main input[name=number]').fill('4242 4242 4242 4242');
    await buyer.locator('main input[name=expiry]').fill('12/34');
    await buyer.locator('main input[name=cvc]').fill('123');
    await buyer.locator('main form button', { hasText: l.pay }).click();
    await buyer.waitForURL(/\/orders\/\d+$/);
    await expect(buyer.getByTestId('order-total')).toHaveText(formatPrice(offerCents));
    if (locale === 'en') {
      boughtModel = title;
      buyerPage = buyer;
    }
    await designer.context().close();
  });
}

test('en: after buying, feedback to the designer from the purchases page', async () => {
  test.setTimeout(90_000);
  const buyer = buyerPage!;
  await buyer.goto('/purchases');
  const purchase = buyer.getByTestId('purchase').filter({ hasText: boughtModel });
  await purchase.getByRole('button', { name: 'Send feedback' }).click();
  const form = purchase.getByTestId('feedback');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByText('This field is required')).toBeVisible();
  await form.getByLabel('Your feedback to the designer').fill('Printed perfectly at 0.2 mm layers.');
  await checkPage(buyer, 'feedback');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await buyer.waitForURL(/\/conversations\/\d+$/);
  await expect(buyer.locator('h1')).toHaveText(boughtModel);
  await expect(buyer.getByText('Model feedback', { exact: true })).toBeVisible();
  await expect(buyer.getByTestId('message')).toHaveText(/Printed perfectly/);
});

test('en: a buyer asks for another file format from the model page', async () => {
  test.setTimeout(90_000);
  const buyer = buyerPage!;
  const response = await buyer.request.get(`/api/internal/items?keywords=${encodeURIComponent(`"${boughtModel}"`)}`);
  const { data } = (await response.json()) as { data: { items: { url: string; title: string }[] } };
  const card = data.items.find((item) => item.title === boughtModel)!;
  await buyer.goto(card.url);
  const form = buyer.getByTestId('conversion-request');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Choose a format.')).toBeVisible();
  const format = (await form.getByLabel('Format').locator('option').nth(1).textContent())!;
  await form.getByLabel('Format').selectOption({ label: format });
  await form.getByLabel('Your note to the designer').fill('A .blend with the modifiers, please.');
  await form.getByRole('button', { name: 'Send request' }).click();
  await buyer.waitForURL(/\/conversations\/\d+$/);
  await expect(buyer.locator('h1')).toHaveText(`${boughtModel} → ${format}`);
  await expect(buyer.getByText('File conversion request', { exact: true })).toBeVisible();
});

test('the support form: guests are asked to log in; a user’s message reaches the admins, the reply reaches them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/de/support');
  await expect(guest.locator('h1')).toHaveText('Support kontaktieren');
  await expect(guest.locator('main').getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'support@meshbay.example' })).toBeVisible();
  await checkPage(guest, 'support-guest-de');
  // The footer leads there.
  await guest.goto('/');
  await guest.locator('footer').getByRole('link', { name: 'Contact support' }).click();
  await guest.waitForURL('/support');

  const user = await signUp(browser, `helpme${suffix}`);
  await user.goto('/support');
  const form = user.getByTestId('support-form');
  await form.getByRole('button', { name: 'Send to support' }).click();
  await expect(form.getByText('Enter a subject.')).toBeVisible();
  await form.getByLabel('Subject').fill(`Download ${suffix}`);
  await form.getByLabel('Your message').fill('My download link says it expired.');
  await checkPage(user, 'support-form');
  await form.getByRole('button', { name: 'Send to support' }).click();
  await user.waitForURL(/\/conversations\/\d+$/);
  const path = new URL(user.url()).pathname;
  await expect(user.locator('h1')).toHaveText(`Download ${suffix}`);

  const admin = await logIn(browser, 'demo-admin');
  await admin.goto('/conversations');
  const item = admin.getByTestId('conversation').filter({ hasText: `Download ${suffix}` });
  await expect(item).toContainText('Meshbay support');
  await item.getByRole('link').click();
  await admin.waitForURL(path);
  await admin.getByLabel('Your reply').fill('Here is a fresh link: open My purchases again.');
  await admin.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(admin.getByTestId('message')).toHaveCount(2);

  // The user sees the reply without reloading (the conversation polls).
  await expect(user.getByTestId('message')).toHaveCount(2, { timeout: 15_000 });
  await expect(user.getByTestId('message').last()).toContainText('fresh link');
  await admin.context().close();
});

test('promotions: admins only; the recipients count, the count sent, read-only for the recipient', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stranger = await signUp(browser, `notadmin${suffix}`);
  const refused = await stranger.goto('/admin/promotions');
  expect(refused?.status()).toBe(404);

  const admin = await logIn(browser, 'demo-admin');
  await admin.goto('/de/admin/promotions');
  await expect(admin.locator('h1')).toHaveText('Aktion versenden');
  const form = admin.getByTestId('promotion-form');
  const option = form.getByLabel('Empfänger').locator('option', { hasText: /^Verkäufer \(/ });
  const sellers = Number(/\(([\d.]+)\)/.exec((await option.textContent())!)![1]!.replace(/\./g, ''));
  expect(sellers).toBeGreaterThan(0);
  await form.getByLabel('Empfänger').selectOption('seller');
  await expect(form.getByTestId('promotion-reach')).toContainText(`${sellers.toLocaleString('de-DE')} Nutzer`);
  await form.getByLabel('Betreff').fill(`Aktionswoche ${suffix}`);
  await form.getByLabel('Nachricht').fill('Stellen Sie Ihre Modelle diese Woche in den Sale.');
  await checkPage(admin, 'promotions-de');
  await form.getByRole('button', { name: 'Aktion versenden' }).click();
  await expect(form.getByTestId('promotion-sent')).toHaveText(
    new RegExp(`^An ${sellers.toLocaleString('de-DE').replace('.', '\\.')} Nutzer gesendet\\.$`),
  );

  const seller = await logIn(browser, 'demo-seller');
  await seller.goto('/conversations');
  const item = seller.getByTestId('conversation').filter({ hasText: `Aktionswoche ${suffix}` });
  await expect(item).toContainText('Promotions');
  await item.getByRole('link').click();
  await expect(seller.getByTestId('message')).toContainText('Stellen Sie Ihre Modelle');
  await expect(seller.getByText('This is an announcement from Meshbay and takes no replies.')).toBeVisible();
  await expect(seller.getByLabel('Your reply')).toHaveCount(0);
  await checkPage(seller, 'promotion-received');
  await admin.context().close();
  await seller.context().close();
});
