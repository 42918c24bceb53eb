/**
 * Compares the layout of pages between two running builds (decision 0028): every element's box size,
 * margins, paddings and display, after scrolling the page so that lazy sections render.
 *
 *   npx tsx scripts/compare-layout.ts http://localhost:3100 http://localhost:3101 [--login demo-seller] / /de …
 *
 * Prints the first differing elements per page and width, or "same". Both servers need the same data.
 */
import { chromium, type BrowserContext } from '@playwright/test';

type Box = { tag: string; h: number; w: number; margin: string; padding: string; display: string };

const args = process.argv.slice(2);
const loginAt = args.indexOf('--login');
const login = loginAt >= 0 ? args.splice(loginAt, 2)[1] : undefined;
const [baseA, baseB, ...paths] = args;
if (!baseA || !baseB || paths.length === 0) {
  console.error('usage: compare-layout.ts BASE_A BASE_B [--login USER] PATH…');
  process.exit(2);
}

async function context(base: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: base });
  if (login) {
    const page = await ctx.newPage();
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.locator('main input[name=login]').fill(login);
    await page.locator('main input[name=password]').fill('demo-password-2026');
    await page.locator('main button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.close();
  }
  return ctx;
}

async function boxes(ctx: BrowserContext, path: string, width: number): Promise<Box[]> {
  const page = await ctx.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path, { waitUntil: 'networkidle' });
  for (let y = 0; y < 12_000; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  const result = await page.evaluate(() =>
    [...document.querySelectorAll('body *')].map((el) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const className = el.getAttribute('class') ?? '';
      return {
        tag: `${el.tagName}.${className}`,
        h: Math.round(rect.height),
        w: Math.round(rect.width),
        margin: style.margin,
        padding: style.padding,
        display: style.display,
      };
    }),
  );
  await page.close();
  return result;
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const [ctxA, ctxB] = [await context(baseA), await context(baseB)];
for (const width of [1440, 375]) {
  for (const path of paths) {
    const [a, b] = [await boxes(ctxA, path, width), await boxes(ctxB, path, width)];
    const diffs: string[] = [];
    for (let i = 0; i < Math.min(a.length, b.length) && diffs.length < 4; i++) {
      const [x, y] = [a[i]!, b[i]!];
      if (x.tag !== y.tag) {
        diffs.push(`#${i} element ${x.tag} vs ${y.tag}`);
        continue;
      }
      const keys = (['h', 'w', 'margin', 'padding', 'display'] as const).filter((k) => x[k] !== y[k]);
      if (keys.length > 0)
        diffs.push(`#${i} ${x.tag.slice(0, 60)} ${keys.map((k) => `${k}: ${x[k]} vs ${y[k]}`).join('; ')}`);
    }
    if (a.length !== b.length) diffs.push(`${a.length} vs ${b.length} elements`);
    console.log(`${width} ${path}: ${diffs.length === 0 ? 'same' : `\n  ${diffs.join('\n  ')}`}`);
  }
}
await browser.close();
