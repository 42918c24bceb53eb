import { env } from '@/env';
import { getCategoryTree, getModelSitemapChunk } from '@/features/catalog/server/queries';
import { contentPages } from '@/features/content/schemas';
import { getBlogPosts } from '@/features/content/server/queries';
import { getSitemapDesigners } from '@/features/designers/server/queries';
import { getPathname } from '@/i18n/navigation';
import { datasetsLocales, languageTags, locales, routing, type Locale } from '@/i18n/routing';

import { urlSetXml, xmlResponse, type SitemapEntry } from '../sitemap-xml';

export const dynamic = 'force-dynamic';

type Href = Parameters<typeof getPathname>[0]['href'];
const absolute = (path: string) => new URL(path, env.publicUrl).toString();

/** One entry per locale, each listing the page in every locale (hreflang) and x-default. */
function inEveryLocale(hrefFor: (locale: Locale) => Href, only: readonly Locale[] = locales): SitemapEntry[] {
  const alternates: Record<string, string> = {};
  for (const locale of only)
    alternates[languageTags[locale]] = absolute(getPathname({ locale, href: hrefFor(locale) }));
  if (only.includes(routing.defaultLocale))
    alternates['x-default'] = alternates[languageTags[routing.defaultLocale]]!;
  return only.map((locale) => ({ url: alternates[languageTags[locale]]!, alternates }));
}

async function pages(): Promise<SitemapEntry[]> {
  const staticPages: Href[] = [
    '/',
    '/3d-models',
    '/3d-print-models',
    '/free-3d-models',
    '/designers',
    '/community-ratings',
    '/blog',
    '/business-account',
    ...contentPages
      .filter((slug) => slug !== 'datasets')
      .map((slug) => (slug === 'about-us' ? '/about-us' : (`/pages/${slug}` as const))),
  ];
  const posts = await getBlogPosts(routing.defaultLocale);
  return [
    ...staticPages.flatMap((href) => inEveryLocale(() => href)),
    ...inEveryLocale(() => '/datasets', datasetsLocales),
    ...posts.flatMap((post) =>
      inEveryLocale(() => ({ pathname: '/blog/[slug]', params: { slug: post.slug } })),
    ),
  ];
}

async function categories(): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for (const locale of locales) {
    for (const productType of ['models', 'print'] as const) {
      const pathname = productType === 'print' ? '/3d-print-models/[...path]' : '/3d-models/[...path]';
      for (const top of await getCategoryTree(locale, productType)) {
        for (const { path } of [top, ...top.subcategories]) {
          entries.push({
            url: absolute(getPathname({ locale, href: { pathname, params: { path: path.split('/') } } })),
          });
        }
      }
    }
  }
  return entries;
}

async function designers(): Promise<SitemapEntry[]> {
  const usernames = await getSitemapDesigners();
  return usernames
    .flatMap((username) =>
      locales.map((locale) => ({
        url: absolute(
          getPathname({ locale, href: { pathname: '/designers/[username]', params: { username } } }),
        ),
      })),
    )
    .slice(0, 50_000);
}

async function models(locale: Locale, chunk: number): Promise<SitemapEntry[]> {
  const rows = await getModelSitemapChunk(locale, chunk);
  return rows.map((row) => {
    const pathname = row.productType === 'print' ? '/3d-print-models/[...path]' : '/3d-models/[...path]';
    return {
      url: absolute(getPathname({ locale, href: { pathname, params: { path: row.path.split('/') } } })),
      lastModified: row.updatedAt,
    };
  });
}

/** `/sitemaps/{pages|categories|designers|models-{locale}-{n}}.xml`, listed by `/sitemap.xml`. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (file === 'pages.xml') return xmlResponse(urlSetXml(await pages()));
  if (file === 'categories.xml') return xmlResponse(urlSetXml(await categories()));
  if (file === 'designers.xml') return xmlResponse(urlSetXml(await designers()));
  const match = /^models-([A-Za-z-]+)-(\d{1,4})\.xml$/.exec(file);
  const locale = locales.find((l) => l === match?.[1]);
  if (match && locale) return xmlResponse(urlSetXml(await models(locale, Number(match[2]))));
  return new Response('Not found', { status: 404 });
}
