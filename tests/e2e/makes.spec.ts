import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Issue 25 "Galleries and makes": a member posts a make (a real picture through the form) that shows on
 * the model page and in the galleries; another member likes it (in German); a guest is led to log in;
 * the writes are the poster's own (another's make is a 404), CSRF-checked and rate-limited; a file
 * that is not a picture is refused with the clear message; the galleries answer in all 8 locales.
 */
const shots = process.env.E2E_SCREENSHOTS;
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
    expect(overflowing).toEqual([]);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

async function signUp(page: Page, prefix: string, locale: '' | '/de') {
  const username = `${prefix}${Date.now().toString(36)}`;
  await page.goto(`${locale}/signup`);
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill('a long enough password');
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(locale || '/');
  return username;
}

async function modelUrl(page: Page, title: string, locale = 'en') {
  const response = await page.request.get(
    `/api/internal/items?locale=${locale}&keywords=${encodeURIComponent(`"${title}"`)}`,
  );
  const { data } = (await response.json()) as {
    data: { items: { id: number; url: string; title: string }[] };
  };
  const card = data.items.find((item) => item.title === title);
  expect(card, title).toBeTruthy();
  return card!;
}

/** A POST from the page (as the site's own scripts send it), with or without the CSRF header. */
async function postFromPage(
  page: Page,
  url: string,
  options: { csrf?: boolean; form?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  return page.evaluate(
    async ({ url, csrf, form }) => {
      const headers: Record<string, string> = {};
      if (csrf) {
        const token = await fetch('/api/internal/csrf').then(
          async (r) => ((await r.json()) as { data: { token: string } }).data.token,
        );
        headers['x-csrf-token'] = token;
      }
      let body: BodyInit | undefined;
      if (form) {
        const data = new FormData();
        for (const [name, value] of Object.entries(form)) data.set(name, value);
        body = data;
      }
      const response = await fetch(url, { method: 'POST', headers, body, credentials: 'same-origin' });
      let json: unknown = null;
      try {
        json = await response.json();
      } catch {
        // not JSON
      }
      return { status: response.status, body: json, retryAfter: response.headers.get('retry-after') };
    },
    { url, csrf: options.csrf ?? true, form: options.form },
  );
}

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#d4a437' } })
    .jpeg()
    .toBuffer();

test('a make posted through the form shows on the model page and in the galleries, and is liked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const maker = await signUp(page, 'maker', '');
  const model = await modelUrl(page, torus);
  await page.goto(model.url);
  const section = page.getByTestId('model-makes');
  const heading = section.getByRole('heading', { level: 2, name: /^Makes \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const before = Number((await heading.textContent())!.match(/\d+/)![0]);

  // A file that is not a picture: the clear message, nothing posted.
  const form = page.getByTestId('make-form');
  await form.getByLabel('Pictures').setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('just some text, not a picture'),
  });
  await form.getByLabel('Printer (optional)').fill('Prusa MK4');
  await form.getByRole('button', { name: 'Post make' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'This file is not a JPG, PNG or WebP picture. Nothing else you entered has been lost.',
  );
  await expect(form.getByLabel('Printer (optional)')).toHaveValue('Prusa MK4');

  // A real photo: the make's page opens.
  await form
    .getByLabel('Pictures')
    .setInputFiles({ name: 'ring.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await form.getByLabel('Material (optional)').fill('Silk PLA, gold');
  await form.getByLabel('Description (optional)').fill('Printed flat, sanded lightly.');
  await form.getByRole('button', { name: 'Post make' }).click();
  await page.waitForURL(/\/galleries\/makes\/\d+$/);
  const makePath = new URL(page.url()).pathname;
  const makeId = makePath.split('/').at(-1)!;
  await expect(page.locator('h1')).toHaveText(`Make of ${torus}`);
  await expect(page.getByText('Prusa MK4')).toBeVisible();
  const picture = page.getByTestId('make-pictures').locator('img').first();
  await expect(picture).toHaveAttribute('src', /\.webp$/);
  expect((await page.request.get((await picture.getAttribute('src'))!)).headers()['content-type']).toContain(
    'image/webp',
  );
  await expectNoAxeViolations(page, 'make');

  // On the model page: one more, the newest first.
  await page.goto(model.url);
  await expect(heading).toHaveText(`Makes (${before + 1})`);
  await expect(section.getByTestId('make-card').first()).toContainText(`by ${maker}`);
  await expectNoAxeViolations(page, 'model-makes');

  // In the galleries, newest first; the JSON API lists it for the model.
  await page.goto('/galleries');
  await expect(page.getByTestId('make-card').first()).toContainText(`by ${maker}`);
  await expectNoAxeViolations(page, 'galleries');
  const api = await page.request.get(`/api/internal/makes?model=${model.id}`);
  const listed = (await api.json()) as { data: { items: { id: number; maker: { username: string } }[] } };
  expect(listed.data.items[0]).toMatchObject({ id: Number(makeId), maker: { username: maker } });

  // Another member, in German, likes it once (a second like changes nothing).
  const fan = await browser.newContext();
  const fanPage = await fan.newPage();
  await signUp(fanPage, 'fan', '/de');
  await fanPage.goto(`/de/galerien/makes/${makeId}`);
  await expect(fanPage.getByTestId('make-like-count')).toHaveText('0 Likes');
  await fanPage.getByRole('button', { name: 'Gefällt mir' }).click();
  await expect(fanPage.getByTestId('make-like-count')).toHaveText('1 Like');
  const again = await postFromPage(fanPage, `/api/internal/makes/${makeId}/likes`);
  expect(again).toMatchObject({ status: 200, body: { data: { liked: true, likes: 1 } } });
  await fanPage.goto('/de/galerien?sort=most_liked');
  await expect(fanPage.locator('h1')).toHaveText('Galerien');
  await expectNoAxeViolations(fanPage, 'galleries-de');

  // Not theirs: deleting another's make is a 404; without the CSRF header a 403.
  expect((await postFromPage(fanPage, `/api/internal/makes/${makeId}/delete`)).status).toBe(404);
  expect((await postFromPage(page, `/api/internal/makes/${makeId}/delete`, { csrf: false })).status).toBe(
    403,
  );
  await fanPage.goto(`/de/galerien/makes/${makeId}`);
  await expect(fanPage.getByRole('button', { name: 'Diesen Druck löschen' })).toHaveCount(0);

  // A guest is led to log in.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(makePath);
  await expect(guestPage.getByRole('link', { name: 'Log in to like this make' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(makePath)}`,
  );
  expect((await postFromPage(guestPage, `/api/internal/makes/${makeId}/likes`)).status).toBe(401);
  await guest.close();

  // Past 10 makes an hour, a 429 that says when to try again.
  let limited: Awaited<ReturnType<typeof postFromPage>> | null = null;
  for (let i = 0; i < 12 && !limited; i++) {
    const answer = await postFromPage(fanPage, '/api/internal/makes', {
      form: { modelId: String(model.id) },
    });
    if (answer.status === 429) limited = answer;
    else
      expect(answer).toMatchObject({
        status: 400,
        body: { error: { fieldErrors: { pictures: 'pictures_missing' } } },
      });
  }
  expect(limited?.retryAfter).toMatch(/^\d+$/);
  await fan.close();

  // The poster deletes it: gone from the model page.
  await page.goto(makePath);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete this make' }).click();
  await page.waitForURL(model.url);
  await expect(heading).toHaveText(`Makes (${before})`);
  expect((await page.request.get(makePath)).status()).toBe(404);
});

test('the galleries answer in all 8 locales and show designers’ renders; the menu leads there', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const paths = [
    '/galleries',
    '/de/galerien',
    '/es/galerias',
    '/fr/galeries',
    '/jp/galleries',
    '/pt/galerias',
    '/ru/galerei',
    '/zh-CN/galleries',
  ];
  for (const path of paths) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
  }
  await page.goto('/galleries?view=renders');
  await expect(page.getByTestId('render-grid').locator('img').first()).toBeVisible();
  await expectNoAxeViolations(page, 'renders');
  await page.goto('/');
  await page.locator('header summary', { hasText: 'Community' }).click();
  await page.locator('header').getByRole('link', { name: 'Galleries' }).click();
  await page.waitForURL('/galleries');
  await expect(page.getByTestId('make-card').first()).toBeVisible();
});
