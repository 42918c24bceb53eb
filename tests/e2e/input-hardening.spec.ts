/**
 * Issue 24 "Input" in a real browser (decision 0040): text pasted with invisible control characters
 * (NUL, form feed) goes through a form instead of failing, and a page served from the page cache runs its
 * scripts under its own nonce (no CSP violation, the page hydrates) while another visitor's copy carries
 * a different one.
 */
import fs from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

test.describe.configure({ timeout: 120_000 });

const messages = (locale: string) =>
  JSON.parse(fs.readFileSync(`messages/${locale}.json`, 'utf8')) as {
    pages: { BusinessAccount: { success: string } };
  };

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

/** Notes every Content Security Policy violation of the page in `window.__cspViolations`. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

for (const locale of ['en', 'de']) {
  const prefix = locale === 'en' ? '' : `/${locale}`;

  test(`${locale}: a business application with pasted control characters is received`, async ({ page }) => {
    const id = Date.now().toString(36);
    await page.goto(`${prefix}/business-account`);
    const submit = page.locator('main button[type=submit]');
    await expect(submit).toBeEnabled();
    await page.locator('#business-companyName').fill(`Acme\u0000 Studio\u000c ${id}`);
    await page.locator('#business-contactName').fill('Olga\u0007 Owner');
    await page.locator('#business-email').fill(`olga${id}@example.com`);
    await submit.click();
    await expect(page.locator('main').getByRole('status')).toHaveText(
      messages(locale).pages.BusinessAccount.success,
    );
    await expectNoAxeViolations(page, `input-business-${locale}`);
  });

  test(`${locale}: cached pages run their scripts under their own nonce`, async ({ browser }) => {
    const nonces: string[] = [];
    for (let visitor = 0; visitor < 3; visitor++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await watchCsp(page);
      const response = await page.goto(`${prefix}/about-us`);
      const policy = response!.headers()['content-security-policy'] ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
      if (visitor > 0) expect(response!.headers()['x-page-cache']).toBe('HIT');
      // The newsletter button is enabled once the page's scripts have run (hydrated).
      await expect(page.locator('footer button[type=submit]')).toBeEnabled();
      expect(await cspViolations(page)).toEqual([]);
      // Browsers hide nonce attributes from the DOM; the page's own scripts carry the one of its policy.
      const html = await response!.text();
      expect(html).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
      if (visitor === 2) await expectNoAxeViolations(page, `input-cached-${locale}`);
      await context.close();
    }
    expect(new Set(nonces).size).toBe(3);
  });
}
