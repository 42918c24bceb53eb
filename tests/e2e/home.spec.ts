import { csrfHeaders } from '../fixtures/csrf';
import { expect, test, type Page, type Request } from '@playwright/test';

/** Scrolls down in steps (lazy sections mount within 200–300 px of the viewport) and back up. */
async function scrollThrough(page: Page, to = 14_000) {
  for (let y = 0; y <= to; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(40);
  }
  await page.waitForLoadState('networkidle');
}

function countRequests(page: Page, test: (request: Request) => boolean) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (test(request)) seen.push(request);
  });
  return seen;
}

const isTrendingCall = (r: Request) => r.url().includes('/api/internal/items/trending');
const isFeaturedCall = (r: Request) => r.url().endsWith('/api/internal/featured_designers?locale=en');
const isTrackCall = (r: Request) => /\/api\/internal\/featured_designers\/\d+\/track$/.test(r.url());

test('every home section is present with real content (1440 px, en)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const hero = page.getByRole('region', { name: '3D models for every project' });
  await expect(hero.getByRole('search')).toHaveAttribute('action', '/search');
  await expect(hero.getByRole('navigation', { name: 'Trending searches' }).getByRole('link')).toHaveCount(5);
  await expect(hero.getByRole('link', { name: 'BrianEnigma' })).toHaveAttribute(
    'href',
    '/designers/BrianEnigma',
  );
  await expect(hero.locator('picture source')).toHaveCount(3);
  await expect(hero.locator('picture img')).toHaveAttribute('loading', 'eager');

  const assets = page.locator('[data-collection="asset-category"]');
  await expect(assets.locator('ul > li[data-size]')).toHaveCount(10);
  await expect(assets.locator('li[data-size]').nth(0)).toHaveAttribute('data-size', 'wide');
  await expect(assets.locator('li[data-size]').nth(3)).toHaveAttribute('data-size', 'tall');
  await expect(assets.getByRole('link', { name: 'Browse all models' })).toHaveAttribute(
    'href',
    '/3d-models?page=1&licenses%5B%5D=exclude_3d_print',
  );
  // 12 asset categories: the toggle shows them all with their subcategories.
  await assets.getByText('All categories').click();
  await expect(assets.locator('details ul ul a').first()).toBeVisible();

  await scrollThrough(page);
  const print = page.locator('[data-collection="print-models-3d"]');
  await expect(print.locator('li[data-size]').nth(1)).toHaveAttribute('data-size', 'tall');
  await expect(print.locator('li[data-size]').nth(5)).toHaveAttribute('data-size', 'wide');
  await expect(print.locator('details')).toHaveCount(0); // exactly 10 print categories: no toggle
  const titles = await assets.locator('li[data-size] a span span:first-child').allTextContents();
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

  await expect(page.getByRole('region', { name: 'Trending models' }).getByRole('article')).toHaveCount(8);
  const filters = page.getByRole('region', { name: 'Find models your way' });
  await expect(filters.locator('[data-promo="sale"]')).toHaveAttribute(
    'href',
    '/3d-models?page=1&sale_off=1',
  );
  await expect(filters.locator('[data-promo="free"]')).toHaveAttribute('href', '/3d-models?page=1&free=1');
  await expect(filters.locator('[data-promo="free"]')).toContainText(/\d+ free/);
  await expect(filters.locator('[data-list-type="types"] a')).toHaveCount(6);
  await expect(filters.locator('[data-list-type="formats"] a')).toHaveCount(8);
  await expect(page.getByRole('link', { name: 'Apply for a business account' })).toHaveAttribute(
    'href',
    '/business-account',
  );
  const custom = page.getByRole('region', { name: "Can't find the model you need?" });
  await expect(custom.locator('[data-service]')).toHaveCount(2);
  await expect(custom.locator('[data-service] ol > li')).toHaveCount(6);
  // Spec §2: one button to the custom-model ordering page, the other to /3d-modeling-jobs/new.
  await expect(custom.locator('[data-service=creation] a.button')).toHaveAttribute(
    'href',
    '/custom-3d-models',
  );
  await expect(custom.locator('[data-service=jobs] a.button')).toHaveAttribute(
    'href',
    '/3d-modeling-jobs/new',
  );
  const designer = page.getByRole('region', { name: 'Featured designer' });
  await expect(designer.getByRole('article')).toHaveCount(3);
  await expect(designer.getByText(/^\d\.\d$/)).toBeVisible();
  const tag = designer.getByRole('list', { name: 'Popular with this designer' }).getByRole('link').first();
  await expect(tag).toHaveAttribute('href', /^\/search\?keywords=[^&]+&author=[\w.-]+$/);
  await expect(page.getByRole('region', { name: 'Why buy your 3D models here' }).locator('li')).toHaveCount(
    3,
  );
  await expect(page.getByRole('region', { name: 'The autumn sale is on' }).getByRole('link')).toHaveAttribute(
    'href',
    '/3d-models?sale_off=1',
  );
  await expect(page.locator('[data-testimonial]')).toHaveCount(4);
  const logos = page.getByRole('region', { name: 'Trusted by teams at' }).getByRole('img');
  await expect(logos).toHaveCount(11);
  for (const size of await logos.evaluateAll((imgs) => imgs.map((i) => `${i.clientWidth}x${i.clientHeight}`)))
    expect(size).toBe('100x48');
});

test('lazy loading: trending requested once, featured designer fetched and tracked once', async ({
  page,
}) => {
  const trending = countRequests(page, isTrendingCall);
  const featured = countRequests(page, isFeaturedCall);
  const tracks = countRequests(page, isTrackCall);
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(trending).toHaveLength(0);
  expect(featured).toHaveLength(0);
  await scrollThrough(page);
  await scrollThrough(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await scrollThrough(page);
  expect(trending).toHaveLength(1);
  expect(trending[0]!.url()).toContain('per_page=8');
  expect(featured).toHaveLength(1);
  expect(tracks).toHaveLength(1);
  expect((await tracks[0]!.response())?.status()).toBe(204);
});

test('the carousel shows one model at a time on phones, with working controls and progress', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await scrollThrough(page, 3500);
  const carousel = page
    .getByRole('region', { name: 'Trending models' })
    .locator('[aria-roledescription="carousel"]');
  const previous = carousel.getByRole('button', { name: 'Previous models' });
  const next = carousel.getByRole('button', { name: 'Next models' });
  await expect(previous).toBeDisabled();
  await expect(carousel.locator('[aria-current="true"]')).toHaveAttribute('aria-label', 'Go to model 1');
  await next.click();
  await expect(carousel.locator('[aria-current="true"]')).toHaveAttribute('aria-label', 'Go to model 2');
  await expect(previous).toBeEnabled();
  await carousel.getByRole('button', { name: 'Go to model 8' }).click();
  await expect(next).toBeDisabled();
  await expect(carousel.getByRole('button', { name: 'Go to model 8' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('tooltips open on hover on desktop and on click on phones', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await scrollThrough(page);
  const trigger = page.getByRole('button', { name: 'What the quality standard means' });
  await trigger.scrollIntoViewIfNeeded();
  await trigger.hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(page.getByRole('tooltip')).toContainText('PBR');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();

  await page.setViewportSize({ width: 375, height: 800 });
  await trigger.scrollIntoViewIfNeeded();
  await trigger.tap().catch(() => trigger.click());
  await expect(page.getByRole('tooltip')).toBeVisible();
});

test('trending buttons are English only; the German page is German', async ({ page }) => {
  await page.goto('/de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('3D models for every project');
  await expect(page.locator('[data-collection] ul[aria-label] a')).toHaveCount(0);
  await expect(page.getByRole('search').first()).toHaveAttribute('action', '/de/search');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /Datens|Datasets/ })).toHaveCount(0);
  await page.goto('/zh-CN');
  await expect(page.getByRole('contentinfo').locator('a[href="/zh-CN/datasets"]')).toHaveCount(1);
});

test('without scripts every section is still rendered', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  for (const name of [
    'Explore 3D asset categories',
    '3D print models, ready to print',
    'Trending models',
    'Find models your way',
    'A business account for your whole team',
    "Can't find the model you need?",
    'Featured designer',
    'Why buy your 3D models here',
    'The autumn sale is on',
    'Trusted by studios and brands',
    'Trusted by teams at',
  ]) {
    await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(1);
  }
  await expect(page.locator('[data-featured-designer] article')).toHaveCount(3);
  await context.close();
});

for (const locale of ['en', 'de']) {
  test(`no link on the home page answers 404 (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(locale === 'en' ? '/' : `/${locale}`);
    await scrollThrough(page);
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) =>
        links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!.split('#')[0]!),
      );
    const unique = [...new Set(hrefs)];
    expect(unique.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const href of unique) {
      const response = await page.request.get(href);
      if (response.status() >= 400) failures.push(`${response.status()} ${href}`);
    }
    expect(failures).toEqual([]);
  });
}

test('the newsletter validates the email, then subscribes once', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Email address' });
  const button = footer.getByRole('button', { name: 'Subscribe' });
  await email.fill('not-an-email');
  await button.click();
  await expect(footer.getByText('Invalid email')).toBeVisible();
  await email.fill(`e2e-${Date.now()}@example.com`);
  await button.click();
  await expect(footer.getByRole('button', { name: 'Subscribed' })).toBeDisabled();
});

test('the JSON calls answer as the spec says, and state changes need CSRF protection', async ({
  request,
}) => {
  const trending = await request.get('/api/internal/items/trending');
  expect(trending.status()).toBe(200);
  const items = ((await trending.json()) as { data: { items: { url: string }[] } }).data.items;
  expect(items).toHaveLength(10);
  expect(
    (await (await request.get('/api/internal/items/trending?per_page=8')).json()).data.items,
  ).toHaveLength(8);
  for (const bad of ['0', '51', 'abc', '1.5']) {
    const response = await request.get(`/api/internal/items/trending?per_page=${bad}`);
    expect(response.status()).toBe(400);
    expect((await response.json()).error.message).toMatch(/per_page/);
  }
  const featured = (await (await request.get('/api/internal/featured_designers')).json()) as {
    data: { id: number; user: { id: number; username: string }; keywords: string[]; products: unknown[] };
  };
  expect(featured.data).toMatchObject({ id: expect.any(Number), user: { username: expect.any(String) } });
  expect(featured.data.products.length).toBeLessThanOrEqual(3);
  const track = `/api/internal/featured_designers/${featured.data.id}/track`;
  const origin = new URL(trending.url()).origin;
  expect((await request.post(track)).status()).toBe(403);
  expect(
    (await request.post(track, { headers: { ...csrfHeaders(origin), 'x-csrf-token': 'wrong' } })).status(),
  ).toBe(403);
  expect(
    (
      await request.post(track, { headers: { ...csrfHeaders(origin), origin: 'https://evil.example' } })
    ).status(),
  ).toBe(403);
  expect((await request.post(track, { headers: csrfHeaders(origin) })).status()).toBe(204);
  expect(
    (
      await request.post('/api/internal/featured_designers/999999/track', {
        headers: csrfHeaders(origin),
      })
    ).status(),
  ).toBe(404);
});

test('SEO: language alternates, canonical, Open Graph, JSON-LD, robots and sitemap', async ({
  page,
  request,
}) => {
  await page.goto('/fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(9);
  await expect(page.locator('link[rel="alternate"][hreflang="ja"]')).toHaveAttribute('href', /\/jp$/);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    /localhost:\d+\/?$/,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/fr$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /hero-desktop\.webp$/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
    '@type': string;
    itemListElement?: unknown[];
  }[];
  expect(jsonLd.map((d) => d['@type'])).toEqual(['Organization', 'ItemList']);
  expect(jsonLd[1]!.itemListElement).toHaveLength(8);
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('/sitemaps/pages.xml');
  expect(index).toContain('/sitemaps/models-de-0.xml');
  const models = await (await request.get('/sitemaps/models-de-0.xml')).text();
  expect(models).toMatch(/<loc>[^<]*\/de\/3d-(modelle|druck-modelle)\//);
});

test('experiment events reach the analytics data layer', async ({ page }) => {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []))
    .toContainEqual({
      event: 'experiment_viewed',
      experiment_id: 'home_trending_carousel',
      variation_id: '1',
    });
});

test('the scripts the home page runs at start carry the compile hint (decision 0011)', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const sources = await page
    .locator('script[src]:not([nomodule])')
    .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src));
  expect(sources.length).toBeGreaterThan(2);
  for (const source of sources) {
    const body = await (await request.get(source)).text();
    expect(body.startsWith('//# allFunctionsCalledOnLoad\n'), source).toBe(true);
  }
});

test('the script chunks start after the first frame; the RSC payload comes in pieces (decision 0029)', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" (async|nonce)/);
  expect(html).not.toContain('<link rel="preload" as="script"');
  const payloadScripts = html.match(/self\.__next_f\.push\(\[1,"[^<]*"\]\)/g) ?? [];
  expect(payloadScripts.length).toBeGreaterThan(2);
  for (const script of payloadScripts) expect(script.length).toBeLessThan(2 * 16_384);

  await page.addInitScript(() => {
    requestAnimationFrame(() => ((window as { firstFrameAt?: number }).firstFrameAt = performance.now()));
  });
  await page.goto('/');
  // The load event waited for the chunks: Next.js' runtime has run.
  expect(await page.evaluate(() => 'next' in window)).toBe(true);
  const { firstFrame, parsed, chunkStarts } = await page.evaluate(() => ({
    firstFrame: (window as { firstFrameAt?: number }).firstFrameAt ?? Number.NaN,
    parsed: performance.getEntriesByType('navigation')[0]!.toJSON().domContentLoadedEventStart as number,
    chunkStarts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/_next\/static\/chunks\/.+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(chunkStarts.length).toBeGreaterThan(2);
  // Asked for after the first frame, or when the document had been parsed if no frame came first.
  for (const start of chunkStarts) expect(start).toBeGreaterThanOrEqual(Math.min(firstFrame, parsed));
  // Hydrated: the lazy sections (scripts only) render as the page is scrolled.
  await scrollThrough(page);
  await expect(page.locator('[data-lazy-section]')).toHaveCount(0);
});

test('the hero picture is preloaded from the <head> of the served HTML, one file per width', async ({
  request,
}) => {
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preloads = [...head.matchAll(/<link rel="preload" as="image" href="([^"]+)" media="([^"]+)"/g)];
  expect(preloads.map(([, href]) => href)).toEqual([
    '/images/home/hero-desktop.webp',
    '/images/home/hero-desktop-small.webp',
    '/images/home/hero-tablet.webp',
    '/images/home/hero-mobile.webp',
  ]);
  expect(preloads.at(-1)?.[2]).toBe('(max-width: 639.98px)');
});
