import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * The jobs board's applications and work (issue 7 "Done means"): a buyer posts a project, two
 * designers apply, the buyer compares and accepts one paying by card, the other sees "Declined", a
 * delivery with a file, a revision request, a second delivery, the approval, the designer's earnings
 * (price − fee) and both reviews on the designer's profile. Then who may see and do what, and CSRF.
 */

const password = 'a long enough password';
const feePercent = 15;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

async function signUp(browser: Browser, username: string, { seller = false } = {}): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/signup');
  await page.locator('main input[name=username]').fill(username);
  await page.locator('main input[name=email]').fill(`${username}@example.com`);
  await page.locator('main input[name=password]').fill(password);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL('/');
  if (seller) {
    await page.goto('/studio/new');
    await page.getByRole('button', { name: 'Start selling' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Upload a model' })).toBeVisible();
  }
  return page;
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

/** With E2E_SCREENSHOTS=<folder>: the page at 375 and 1440 px wide, for looking at the layout. */
async function screenshots(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  const before = page.viewportSize();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

function isoDate(daysFromNow: number): string {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

/** Posts and publishes a project through the board's UI; answers its page's path and id. */
async function postProject(page: Page, title: string): Promise<{ path: string; id: string }> {
  await page.goto('/3d-modeling-jobs/new');
  await page.locator('main input[name=title]').fill(title);
  await page
    .locator('main textarea[name=description]')
    .fill('Six stylised animals, rigged, under 1,500 triangles each.');
  await page.locator('main input[name=budget]').fill('400');
  await page.locator('main input[name=deadline]').fill(isoDate(30));
  await page.locator('main input[name=software]').fill('Blender');
  await page.locator('main input[name=skills]').first().check();
  await page.locator('main input[name=fileFormats]').first().check();
  await page.getByRole('button', { name: 'Save and review' }).click();
  await page.waitForURL(/\/3d-modeling-jobs\/\d+\/review$/);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.waitForURL(/\/3d-modeling-jobs\/\d+$/);
  const path = new URL(page.url()).pathname;
  return { path, id: path.split('/').pop()! };
}

async function apply(page: Page, projectPath: string, price: string, days: string, proposal: string) {
  await page.goto(projectPath);
  await page.getByRole('link', { name: 'Apply for this project' }).click();
  await page.waitForURL(/\/apply$/);
  await page.locator('main textarea[name=proposal]').fill(proposal);
  await page.locator('main input[name=price]').fill(price);
  await page.locator('main input[name=deliveryDays]').fill(days);
  await page.getByRole('button', { name: 'Send application' }).click();
  await page.waitForURL(/\/applications\/\d+$/);
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
  return new URL(page.url()).pathname;
}

function stlFile(name: string) {
  const buffer = Buffer.alloc(84 + 50);
  buffer.writeUInt32LE(1, 80);
  return { name, mimeType: 'model/stl', buffer };
}

async function deliver(page: Page, projectPath: string, note: string, fileName: string) {
  await page.goto(projectPath);
  const panel = page.locator('section[aria-labelledby=project-work-title]');
  await panel.getByLabel('Note for the client').fill(note);
  await panel.getByLabel('Files (1 to 10 models or pictures)').setInputFiles([stlFile(fileName)]);
  await panel.getByRole('button', { name: 'Send delivery' }).click();
  await expect(panel.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(panel.getByRole('link', { name: fileName })).toBeVisible();
}

test('post, two applications, compare and accept with a card, deliver, revise, approve, earnings and reviews', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const buyer = await signUp(browser, `owner${suffix}`);
  const chosen = await signUp(browser, `chosen${suffix}`, { seller: true });
  const other = await signUp(browser, `other${suffix}`, { seller: true });
  const title = `Forest creatures ${suffix}`;
  const project = await postProject(buyer, title);

  // Two designers apply; the form's own limits first.
  await chosen.goto(`${project.path}/apply`);
  await chosen.locator('main textarea[name=proposal]').fill('Too short');
  await chosen.locator('main input[name=price]').fill('5');
  await chosen.locator('main input[name=deliveryDays]').fill('400');
  await chosen.getByRole('button', { name: 'Send application' }).click();
  await expect(chosen.getByText('Write at least 20 characters.')).toBeVisible();
  await expect(chosen.getByText('The price must be between $10 and $100,000.')).toBeVisible();
  await expect(chosen.getByText('The delivery time must be between 1 and 365 days.')).toBeVisible();
  await expectNoAxeViolations(chosen);
  await apply(chosen, project.path, '300', '5', 'I model stylised animals for mobile games every week.');
  await apply(other, project.path, '250', '9', 'Low-poly creatures are my speciality, see my profile.');

  // The owner compares both, sorted by price, and accepts the chosen one; a declined card first.
  await buyer.goto(project.path);
  await buyer.getByRole('link', { name: 'Compare applications (2)' }).click();
  await expect(buyer.locator('main article')).toHaveCount(2);
  await expect(buyer.locator('main article').first()).toContainText(`other${suffix}`);
  await expect(buyer.locator('main article').first()).toContainText('$250');
  await expectNoAxeViolations(buyer);
  await screenshots(buyer, 'compare-applications');
  await buyer.getByRole('link', { name: 'Fastest delivery' }).click();
  await expect(buyer.locator('main article').first()).toContainText(`chosen${suffix}`);
  await buyer.locator('main article').first().getByRole('link', { name: 'Review and accept' }).click();
  await buyer.waitForURL(/\/applications\/\d+$/);
  const pay = async (card: string) => {
    await buyer.locator('main input[name=number]').fill(card);
    await buyer.locator('main input[name=expiry]').fill('12/34');
    await buyer.locator('main input[name=cvc]').fill('123');
    await buyer.getByRole('button', { name: 'Accept and pay $300' }).click();
  };
  await expectNoAxeViolations(buyer);
  await screenshots(buyer, 'application-accept');
  await pay('4000000000000002');
  await expect(buyer.locator('main [role=alert]')).toContainText('Your card was declined.');
  await pay('4242424242424242');
  await buyer.waitForURL(project.path);
  const panel = buyer.locator('section[aria-labelledby=project-work-title]');
  await expect(panel.getByText('In progress', { exact: true })).toBeVisible();
  await expect(panel).toContainText('$300');
  await expect(panel.getByRole('link', { name: 'Open the conversation' })).toBeVisible();

  // The other designer sees "Declined" on their dashboard.
  await other.goto('/3d-modeling-jobs/dashboard');
  await expect(other.locator('main tr', { hasText: title })).toContainText('Declined');
  await expectNoAxeViolations(other);

  // Delivery, revision request, second delivery, approval.
  await deliver(chosen, project.path, 'First version of the fox.', 'fox-v1.stl');
  await buyer.reload();
  await panel.getByLabel('What should change?').fill('Please make the tail bushier.');
  await panel.getByRole('button', { name: 'Request a revision' }).click();
  await expect(panel.getByText('In progress', { exact: true })).toBeVisible();
  await expect(panel).toContainText('Please make the tail bushier.');
  await deliver(chosen, project.path, 'Bushier tail.', 'fox-v2.stl');
  await expectNoAxeViolations(chosen);
  await buyer.reload();
  await screenshots(buyer, 'project-work-delivered');
  await buyer.reload();
  await panel.getByRole('button', { name: 'Approve and pay the designer' }).click();
  await expect(panel.getByText('Completed', { exact: true })).toBeVisible();

  // Both review. The star widget starts at "No stars", which a review may not keep; the keyboard moves
  // along the radio group (→ one star more), as a screen reader user would.
  await panel.getByLabel('Your review').fill('Lovely creatures, quick revision.');
  await panel.getByRole('button', { name: 'Publish review' }).click();
  await expect(panel.getByText('Choose from 1 to 5 stars.')).toBeVisible();
  const stars = panel.getByRole('group', { name: 'Your rating' });
  await expect(stars.getByRole('radio', { name: 'No stars' })).toBeChecked();
  await stars.getByRole('radio', { name: 'No stars' }).focus();
  for (let i = 0; i < 4; i++) await buyer.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await stars.getByRole('radio', { name: '5 stars' }).click();
  await expect(stars.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await screenshots(buyer, 'review-stars');
  await panel.getByRole('button', { name: 'Publish review' }).click();
  await expect(panel.getByText('Thank you: your review is published.')).toBeVisible();
  await chosen.goto(project.path);
  const designerPanel = chosen.locator('section[aria-labelledby=project-work-title]');
  await designerPanel.getByLabel('Your review').fill('Clear brief and fast feedback.');
  await designerPanel.getByRole('radio', { name: '4 stars' }).check();
  await designerPanel.getByRole('button', { name: 'Publish review' }).click();
  await expect(designerPanel.getByText('Thank you: your review is published.')).toBeVisible();

  // Earnings: the price less the platform's fee.
  const net = 300 - (300 * feePercent) / 100;
  await chosen.goto('/3d-modeling-jobs/dashboard');
  await expect(chosen.getByTestId('earnings-balance')).toContainText(`$${net}`);
  await expect(chosen.locator('main tr', { hasText: title }).last()).toContainText(`$${net}`);
  await expectNoAxeViolations(chosen);
  await screenshots(chosen, 'dashboard-designer');

  // The reviews on the designer's profile: received and given.
  await chosen.goto(`/designers/chosen${suffix}?tab=reviews`);
  await expect(chosen.getByText('Lovely creatures, quick revision.')).toBeVisible();
  await chosen.goto(`/designers/chosen${suffix}?tab=reviews&reviews=given`);
  await expect(chosen.getByText('Clear brief and fast feedback.')).toBeVisible();

  // The delivered file is the participants' to download.
  // (Served by the conversations' attachment route: last, as it comes from the conversations branch.)
  await buyer.goto(project.path);
  const fileLink = panel.getByRole('link', { name: 'fox-v2.stl' });
  const fileHref = (await fileLink.getAttribute('href'))!;
  expect((await buyer.request.get(fileHref)).status()).toBe(200);
  expect((await other.request.get(fileHref)).status()).toBe(404);
});

/** A POST from inside the page (same origin, as our forms send it) with the given or the right token. */
async function postFromPage(page: Page, url: string, data: unknown = {}, token?: string): Promise<number> {
  return page.evaluate(
    async ({ url, data, token }) => {
      const csrf =
        token ??
        ((await (await fetch('/api/internal/csrf')).json()) as { data: { token: string } }).data.token;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify(data),
      });
      return response.status;
    },
    { url, data, token },
  );
}

test('who may see and do what: guest, owner, applicant, another designer, admin; CSRF', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const owner = await signUp(browser, `aowner${suffix}`);
  const applicant = await signUp(browser, `aapplicant${suffix}`, { seller: true });
  const otherDesigner = await signUp(browser, `aother${suffix}`, { seller: true });
  const admin = await logIn(browser, 'demo-admin');
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const project = await postProject(owner, `Authorization matrix ${suffix}`);
  const applicationPath = await apply(
    applicant,
    project.path,
    '120',
    '4',
    'I can do this quickly and well, promise.',
  );
  const applicationId = applicationPath.split('/').pop()!;

  const pages = {
    apply: `${project.path}/apply`,
    applications: `${project.path}/applications`,
    application: applicationPath,
    dashboard: '/3d-modeling-jobs/dashboard',
  };
  const status = async (page: Page, path: string) => (await page.goto(path))!.status();

  // Guests are sent to log in.
  for (const path of Object.values(pages)) {
    await guest.goto(path);
    await expect(guest).toHaveURL(/\/login\?next=/);
  }
  // The owner: compares and reviews; cannot apply to their own project.
  expect(await status(owner, pages.applications)).toBe(200);
  expect(await status(owner, pages.application)).toBe(200);
  expect(await status(owner, pages.apply)).toBe(404);
  // The applicant: their application; not the comparison.
  expect(await status(applicant, pages.application)).toBe(200);
  expect(await status(applicant, pages.applications)).toBe(404);
  // Another designer and an admin: neither the comparison nor the application.
  for (const page of [otherDesigner, admin]) {
    expect(await status(page, pages.applications)).toBe(404);
    expect(await status(page, pages.application)).toBe(404);
  }
  expect(await status(otherDesigner, pages.apply)).toBe(200);
  expect(await status(admin, pages.apply)).toBe(200);
  await expect(admin.getByText('Only designers can apply for projects')).toBeVisible();
  await expectNoAxeViolations(admin);

  // The endpoints answer the same way (with a valid CSRF token: the page's cookie).
  const post = (page: Page, url: string, data: unknown = {}) => postFromPage(page, url, data);
  const card = {
    idempotencyKey: `attempt-${suffix}`,
    card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
  };
  for (const page of [applicant, otherDesigner, admin]) {
    expect(await post(page, `/api/internal/applications/${applicationId}/accept`, card)).toBe(404);
    expect(await post(page, `/api/internal/projects/${project.id}/approve`)).toBe(404);
    expect(await post(page, `/api/internal/projects/${project.id}/revision_request`, { note: 'x' })).toBe(
      404,
    );
  }
  for (const page of [owner, otherDesigner, admin]) {
    expect(await post(page, `/api/internal/applications/${applicationId}/withdraw`)).toBe(404);
    expect(
      await post(page, `/api/internal/applications/${applicationId}`, {
        proposal: 'x'.repeat(30),
        price: '10',
        deliveryDays: '1',
      }),
    ).toBe(404);
  }
  expect(
    await post(admin, `/api/internal/projects/${project.id}/applications`, {
      proposal: 'x'.repeat(30),
      price: '10',
      deliveryDays: '1',
    }),
  ).toBe(403);
  expect(
    await post(owner, `/api/internal/projects/${project.id}/applications`, {
      proposal: 'x'.repeat(30),
      price: '10',
      deliveryDays: '1',
    }),
  ).toBe(403);
  expect(await post(owner, '/api/internal/freelance/custom_requests', { accepts: false })).toBe(403);
  expect(await post(applicant, '/api/internal/freelance/custom_requests', { accepts: 'no' })).toBe(400);

  // Without the right CSRF token nothing happens, whoever asks.
  for (const url of [
    `/api/internal/projects/${project.id}/applications`,
    `/api/internal/applications/${applicationId}`,
    `/api/internal/applications/${applicationId}/withdraw`,
    `/api/internal/applications/${applicationId}/accept`,
    `/api/internal/projects/${project.id}/deliveries`,
    `/api/internal/projects/${project.id}/deliveries/files?name=a.stl`,
    `/api/internal/projects/${project.id}/revision_request`,
    `/api/internal/projects/${project.id}/approve`,
    `/api/internal/projects/${project.id}/dispute`,
    `/api/internal/projects/${project.id}/reviews`,
    '/api/internal/freelance/custom_requests',
  ]) {
    for (const page of [applicant, owner, guest])
      expect(await postFromPage(page, url, {}, 'wrong'), url).toBe(403);
    // A request from elsewhere (no Origin of ours) is refused before the token is even looked at.
    expect((await owner.request.post(url, { data: {} })).status(), url).toBe(403);
  }
  // The application is untouched.
  await applicant.goto(pages.application);
  await expect(applicant.getByText('Submitted', { exact: true })).toBeVisible();

  // The designer's switch for custom requests, and the board's refusal when it is off.
  await applicant.goto(pages.dashboard);
  await applicant.getByRole('button', { name: 'Turn off' }).click();
  await expect(applicant.getByText('You do not accept custom 3D project requests.')).toBeVisible();
  await owner.goto(`/3d-modeling-jobs/new?designer=aapplicant${suffix}`);
  await expect(owner.getByText('This designer does not accept custom 3D Project requests')).toBeVisible();
});
