import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Issue 23 §1: `/3d-models` is the whole catalogue, and every count shown beside a link equals the
 * total of the page the link opens (home page, listing facets and categories, print landing), in
 * English and German.
 */
const locales = [
  { locale: 'en', tag: 'en', prefix: '', models: '/3d-models', print: '/3d-print-models' },
  { locale: 'de', tag: 'de', prefix: '/de', models: '/de/3d-modelle', print: '/de/3d-druck-modelle' },
] as const;

/** A counted link: where it goes and the count beside it, as shown. */
interface CountedLink {
  what: string;
  href: string;
  shown: string;
  /** `compact`: shown as "1.2K" (the home page's type and format lists). */
  notation: 'exact' | 'compact';
}

/** The first number in a text ("1,234 models · Page 1 of 52" → 1234); none ("No models") is 0. */
function firstNumber(text: string): number {
  const match = /\d[\d\s.,\u00a0\u202f']*/.exec(text);
  return match ? Number(match[0].replace(/\D/g, '')) : 0;
}

/** The total a listing page shows in its header, read from its HTML as the server sent it. */
async function totalOf(request: APIRequestContext, href: string): Promise<number> {
  const response = await request.get(href);
  expect(response.status(), href).toBe(200);
  const html = await response.text();
  const count = /data-result-count="">([\s\S]*?)<\/p>/.exec(html);
  expect(count, `${href} shows a total`).not.toBeNull();
  return firstNumber(count![1]!.replace(/<[^>]*>/g, ''));
}

/** The count as the link shows it, and the total in the same notation. */
function comparable(link: CountedLink, total: number, tag: string): [string | number, string | number] {
  if (link.notation === 'exact') return [firstNumber(link.shown), total];
  const compact = new Intl.NumberFormat(tag, { notation: 'compact', compactDisplay: 'short' }).format(total);
  return [link.shown.replace(/\s/g, ' '), compact.replace(/\s/g, ' ')];
}

/**
 * Opens every link and compares its count with the page's total. Other specs publish, unpublish and
 * delete models while this one runs: a link whose count disagrees is read again from a fresh source
 * page (`collect`), twice at most, before it counts as a failure.
 */
async function checkLinks(page: Page, collect: () => Promise<CountedLink[]>, tag: string) {
  let links = await collect();
  expect(links.length).toBeGreaterThan(0);
  for (let attempt = 1; ; attempt++) {
    const wrong: { link: CountedLink; shown: string | number; total: string | number }[] = [];
    for (const link of links) {
      const [shown, total] = comparable(link, await totalOf(page.request, link.href), tag);
      if (shown !== total) wrong.push({ link, shown, total });
    }
    if (wrong.length === 0) return;
    if (attempt === 3) {
      for (const { link, shown, total } of wrong) expect(shown, `${link.what} → ${link.href}`).toBe(total);
      return;
    }
    const again = new Set(wrong.map(({ link }) => link.href));
    links = (await collect()).filter((link) => again.has(link.href));
  }
}

/** Scrolls down in steps so that every lazy section mounts. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(30);
  }
  await page.waitForLoadState('networkidle');
}

/** The model links of the cards in `scope`, in order. */
const cardLinks = (page: Page, scope: string) =>
  page
    .locator(`${scope} article a[href]:not([href*="designers"])`)
    .evaluateAll((links) => [...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))]);

async function cardLinksOf(request: APIRequestContext, href: string, count: number): Promise<string[]> {
  const html = await (await request.get(href)).text();
  const grid = html.slice(html.indexOf('data-result-count'));
  const paths = [...grid.matchAll(/<article[\s\S]*?<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set(paths)].slice(0, count);
}

for (const { locale, tag, prefix, models, print } of locales) {
  test(`home page (${locale}): every count beside a link is the total of the page it opens`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const collect = async (): Promise<CountedLink[]> => {
      await page.goto(prefix || '/');
      await scrollThrough(page);
      return page.evaluate(() => {
        const out: CountedLink[] = [];
        const add = (
          what: string,
          a: Element | null,
          shown: Element | null | undefined,
          notation: string,
        ) => {
          if (a && shown)
            out.push({
              what,
              href: (a as HTMLAnchorElement).href,
              shown: shown.textContent!,
              notation,
            } as CountedLink);
        };
        for (const a of document.querySelectorAll('[data-collection] li[data-size] > a'))
          add('collection card', a, a.querySelector('span > span:last-child'), 'exact');
        add(
          'free card',
          document.querySelector('[data-promo="free"]'),
          document.querySelector('[data-promo="free"] > span:last-child'),
          'exact',
        );
        for (const a of document.querySelectorAll('[data-list-type] a'))
          add('browse by', a, a.querySelector(':scope > span:last-child'), 'compact');
        const designer = document.querySelector('[data-featured-designer]');
        const browse = designer?.querySelector('a[href*="author="]:not([href*="keywords="])');
        add('featured designer', browse ?? null, designer?.querySelector('[data-total-models]'), 'exact');
        return out;
      });
    };
    // 10 asset and 10 print categories, free, 6 types, 8 formats, the featured designer.
    expect(await collect()).toHaveLength(36);
    await checkLinks(page, collect, tag);

    // Trending: the browse-all page opens with the carousel's models, in its order.
    const trending = page.locator('section[aria-labelledby="trending-title"]');
    const carousel = await cardLinks(page, 'section[aria-labelledby="trending-title"]');
    expect(carousel).toHaveLength(8);
    const browseAll = (await trending.locator('h2 + a').getAttribute('href'))!;
    expect(await cardLinksOf(page.request, browseAll, 8)).toEqual(carousel);

    // The sale card has no count of its own: it lists as many as the listing's "on sale" filter counts.
    const sale = (await page.locator('[data-promo="sale"]').getAttribute('href'))!;
    // Its text, not its rendered text: innerText is empty while the filter panel is folded away (it
    // read 0 in about one run of four).
    const saleFacet = page.locator('aside input[name="sale_off"]').locator('xpath=..').locator('span').last();
    await page.goto(models);
    const saleCount = firstNumber((await saleFacet.textContent()) ?? '');
    expect(saleCount).toBeGreaterThan(0);
    expect(await totalOf(page.request, sale)).toBe(saleCount);
  });

  test(`listing (${locale}): the whole catalogue, and every facet and category count is its page's total`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    // Print models are in it: it lists as many as the asset models and the print models together.
    // Other specs publish models meanwhile: the three totals are read until a whole read agrees,
    // five times at most, a second apart.
    const readTotals = () =>
      Promise.all([
        totalOf(page.request, models),
        totalOf(page.request, `${models}?licenses%5B%5D=exclude_3d_print`),
        totalOf(page.request, print),
      ]);
    let [all, assetsOnly, printOnly] = await readTotals();
    for (let attempt = 1; attempt < 5 && all !== assetsOnly + printOnly; attempt++) {
      await page.waitForTimeout(1_000);
      [all, assetsOnly, printOnly] = await readTotals();
    }
    expect(printOnly).toBeGreaterThan(0);
    expect(assetsOnly + printOnly).toBe(all);

    for (const base of [models, `${models}?free=1`]) {
      const collect = async () => {
        await page.goto(base);
        const options = await page
          .locator('aside input[type="checkbox"]:not(:checked)')
          .evaluateAll((inputs) =>
            inputs.map((input) => {
              const box = input as HTMLInputElement;
              return {
                name: box.name,
                value: box.value,
                shown: box.parentElement!.lastElementChild!.textContent!,
              };
            }),
          );
        expect(options.length).toBeGreaterThan(5);
        return options.map(({ name, value, shown }) => {
          const url = new URL(base, 'http://host');
          url.searchParams.append(name, value);
          return {
            what: `facet ${name}=${value} on ${base}`,
            href: url.pathname + url.search,
            shown,
            notation: 'exact',
          } as const;
        });
      };
      await checkLinks(page, collect, tag);
    }

    const collectChips = async () => {
      await page.goto(models);
      return page
        .getByRole('navigation', { name: locale === 'en' ? 'Categories' : 'Kategorien', exact: true })
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => ({
            what: `category chip ${a.firstChild?.textContent?.trim()}`,
            href: (a as HTMLAnchorElement).href,
            shown: a.querySelector('span')!.textContent!,
            notation: 'exact' as const,
          })),
        );
    };
    const chips = await collectChips();
    // Every asset category, and the print models, which the whole catalogue holds too.
    expect(chips.at(-1)!.href).toMatch(new RegExp(`${print}$`));
    await checkLinks(page, collectChips, tag);
    // In the locale's alphabetical order, as on the home page; the print models last.
    const titles = chips.slice(0, -1).map((chip) => chip.what.replace('category chip ', ''));
    expect(titles).toEqual(
      [...titles].sort(new Intl.Collator(tag, { sensitivity: 'base', numeric: true }).compare),
    );
  });

  test(`print landing (${locale}): categories, trending and formats whose counts hold, then the listing`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const main = page.getByRole('main');
    const collectFormats = async () => {
      await page.goto(print);
      await expect(main.locator('[data-collection="print-models-3d"] li[data-size]')).toHaveCount(10);
      return main.locator('[data-list-type="print-formats"] a').evaluateAll((links) =>
        links.map((a) => ({
          what: `print format ${a.textContent}`,
          href: (a as HTMLAnchorElement).href,
          shown: a.querySelector('[data-count]')!.textContent!,
          notation: 'exact' as const,
        })),
      );
    };
    const collectCards = () =>
      main.locator('[data-collection] li[data-size] > a').evaluateAll((links) =>
        links.map((a) => ({
          what: `print category ${a.textContent}`,
          href: (a as HTMLAnchorElement).href,
          shown: a.querySelector('span > span:last-child')!.textContent!,
          notation: 'exact' as const,
        })),
      );
    const formats = await collectFormats();
    expect(formats.map((f) => new URL(f.href).searchParams.get('file_types[]'))).toEqual([
      'stl',
      '3mf',
      'obj',
    ]);
    await checkLinks(page, async () => [...(await collectFormats()), ...(await collectCards())], tag);

    // Trending print models: its browse-all opens with the same models in the same order.
    const strip = await cardLinks(page, 'section[aria-labelledby="print-trending-title"]');
    expect(strip).toHaveLength(8);
    const browseAll = (await main
      .locator('section[aria-labelledby="print-trending-title"] h2 + a')
      .getAttribute('href'))!;
    expect(await cardLinksOf(page.request, browseAll, 8)).toEqual(strip);
    // Every model of the landing is a print model.
    for (const href of strip) expect(href.startsWith(`${print}/`)).toBe(true);

    // The listing follows the sections, newest first; the categories' browse-all jumps to it.
    await expect(main.locator('h2#all-models')).toHaveText(
      locale === 'en' ? 'Newest 3D print models' : '3D-Druckmodelle: Neuheiten',
    );
    await main.locator('[data-collection] a[href="#all-models"]').click();
    await expect(main.locator('h2#all-models')).toBeInViewport();
    await expect(main.locator('aside input[name="file_types[]"]').first()).toBeAttached();
  });
}

/** A keyword the search box suggests within a category, found by asking for a few first letters. */
async function keywordInCategory(request: APIRequestContext) {
  for (const letter of 'cabdefghlmoprstvw') {
    const answer = (await (
      await request.get(`/api/internal/items/live_search.json?query=${letter}`)
    ).json()) as { keywordsInCategory: Array<{ keyword: string; categoryTitle: string; url: string }> };
    const entry = answer.keywordsInCategory[0];
    if (entry) return entry;
  }
  throw new Error('no keyword is suggested within a category');
}

test('choosing “keyword in category” searches within that category', async ({ page }) => {
  const { keyword, categoryTitle, url } = await keywordInCategory(page.request);
  await page.goto('/3d-models');
  const input = page.getByRole('banner').getByRole('combobox', { name: 'Search 3D models' });
  await input.pressSequentially(keyword.slice(0, 4), { delay: 20 });
  const option = page
    .getByRole('banner')
    .getByRole('option', { name: `${keyword} in ${categoryTitle}`, exact: true });
  const tracked = page.waitForRequest((r) => r.url().endsWith('/api/internal/search_events'));
  await option.click();
  await page.waitForURL((u) => u.pathname + u.search === url);
  expect(new URL(page.url()).searchParams.get('keywords')).toBe(keyword);
  expect((await tracked).postDataJSON()).toEqual({ searchTerm: keyword, type: 'model' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`“${keyword}” in ${categoryTitle}`);
  expect(firstNumber(await page.locator('[data-result-count]').innerText())).toBeGreaterThan(0);
});

for (const { locale, models, print } of locales) {
  test(`search box (${locale}): print-ready mode on the print landing, print categories and print search results`, async ({
    page,
  }) => {
    const label = locale === 'en' ? 'Search 3D print models' : '3D-Druckmodelle durchsuchen';
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(models);
    const header = page.getByRole('banner').getByRole('search');
    await expect(header.locator('input[name="print_ready"]')).toHaveCount(0);

    await page.goto(print);
    const landingBox = page.getByRole('main').getByRole('search', {
      name: locale === 'en' ? 'Search the 3D print catalogue' : 'Den 3D-Druck-Katalog durchsuchen',
    });
    await expect(landingBox.locator('input[name="print_ready"]')).toHaveValue('1');
    // The header's box is in print-ready mode too, with its own label.
    await expect(page.getByRole('banner').getByRole('search', { name: label })).toBeVisible();
    const word = (
      await page.locator('[aria-labelledby="print-trending-title"] article h3').first().innerText()
    )
      .split(/\s+/)[0]!
      .toLowerCase();
    await landingBox.getByRole('combobox').fill(word);
    await landingBox.getByRole('combobox').press('Enter');
    await page.waitForURL(
      (u) => u.searchParams.get('print_ready') === '1' && u.searchParams.get('keywords') === word,
    );
    const notice = page.locator('[data-print-ready-notice]');
    await expect(notice).toBeVisible();
    const cards = await cardLinks(page, 'main');
    expect(cards.length).toBeGreaterThan(0);
    for (const href of cards) expect(href.startsWith(`${print}/`), href).toBe(true);
    // The results page keeps the mode in the header; its notice leads to every kind of model.
    await expect(page.getByRole('banner').getByRole('search', { name: label })).toBeVisible();
    await notice.getByRole('link').click();
    await page.waitForURL(
      (u) => u.searchParams.get('keywords') === word && !u.searchParams.has('print_ready'),
    );

    // A print category page: the header's box searches print models.
    await page.goto(print);
    await page.locator('[data-collection] li[data-size] > a').first().click();
    await page.waitForURL((u) => u.pathname.startsWith(`${print}/`));
    const box = page.getByRole('banner').getByRole('search', { name: label });
    await box.getByRole('combobox').fill(word);
    await box.getByRole('combobox').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('print_ready') === '1');
  });
}

test('filter URLs carry no blank parameters, with scripts and without', async ({ browser, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/3d-models');
  await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Max. price ($)').fill('5');
  await page
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('button', { name: 'Apply filters' })
    .click();
  await page.waitForURL(/price_max=5/);
  expect(new URL(page.url()).search).toBe('?price_max=5');

  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1440, height: 900 },
  });
  const noScript = await context.newPage();
  await noScript.goto('/de/3d-modelle');
  const panel = noScript.getByRole('complementary', { name: 'Filter' });
  await noScript.getByText('Filter', { exact: true }).click(); // closed until opened without scripts
  await panel.getByRole('checkbox', { name: /^OBJ/ }).check();
  await panel.getByRole('button', { name: 'Filter anwenden' }).click();
  await noScript.waitForURL(/file_types%5B%5D=obj/);
  expect(new URL(noScript.url()).search).toBe('?file_types%5B%5D=obj');
  await expect(panel.getByRole('checkbox', { name: /^OBJ/ })).toBeChecked();
  await context.close();
});

test('a picture of a print model, searched by image, finds it on the 3D models listing', async ({ page }) => {
  await page.goto('/3d-print-models?sort=trending');
  const card = page.getByRole('main').locator('article').first();
  const picture = (await card.locator('img').getAttribute('src'))!.replace(/-\d+\.webp$/, '');
  const bytes = await page.evaluate(async (src) => {
    const blob = await (await fetch(src)).blob();
    const image = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(image.width, image.height);
    canvas.getContext('2d')!.drawImage(image, 0, 0);
    return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())];
  }, `${picture}-720.webp`);
  await page.goto('/3d-models');
  await page.getByRole('banner').getByRole('button', { name: 'Search by image' }).click();
  const panel = page.getByRole('group', { name: 'Search by image' });
  await panel
    .locator('input[type="file"]')
    .setInputFiles({ name: 'print.png', mimeType: 'image/png', buffer: Buffer.from(bytes) });
  await page.waitForURL(/\/3d-models\?image_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('main').locator(`article img[src^="${picture}"]`).first()).toBeVisible();
});

for (const { locale, models, print } of locales)
  for (const width of [375, 1440])
    test(`listing and print landing pass axe at ${width} px (${locale})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ['listing', models],
        ['print-landing', print],
      ] as const) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        if (process.env.SCREENSHOTS_DIR)
          await page.screenshot({
            path: `${process.env.SCREENSHOTS_DIR}/${name}-${locale}-${width}.png`,
            fullPage: true,
          });
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
          `${path} at ${width}`,
        ).toEqual([]);
      }
    });
