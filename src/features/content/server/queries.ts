import { cache } from 'react';

import { getPathname } from '@/i18n/navigation';
import { routing, type Locale } from '@/i18n/routing';

import type { BlogPostSummary, ContentDocument, ContentPageSlug } from '../schemas';
import { renderMarkdown } from './markdown';
import { listBlogSlugs, readBlogPost, readPage, type RawDocument } from './repository';

type StaticPathname = Exclude<keyof typeof routing.pathnames, `${string}[${string}`>;
const staticPathnames = new Set<string>(Object.keys(routing.pathnames).filter((p) => !p.includes('[')));

/** `/3d-models#x` in the content becomes the page's localized URL. */
function localizeLink(locale: Locale) {
  return (href: string) => {
    const [pathname = '/', hash] = href.split('#');
    if (!staticPathnames.has(pathname)) return href;
    const localized = getPathname({ locale, href: pathname as StaticPathname });
    return hash ? `${localized}#${hash}` : localized;
  };
}

function toDocument(raw: RawDocument, locale: Locale): ContentDocument {
  return { slug: raw.slug, ...raw.data, html: renderMarkdown(raw.body, localizeLink(locale)) };
}

/** A content page in a locale (English when the locale has none). */
export const getContentPage = cache(async (slug: ContentPageSlug, locale: Locale) => {
  const raw = (await readPage(slug, locale)) ?? (await readPage(slug, routing.defaultLocale));
  return raw ? toDocument(raw, locale) : null;
});

const slugPattern = /^[a-z0-9-]{1,100}$/;

export const getBlogPost = cache(async (slug: string, locale: Locale) => {
  if (!slugPattern.test(slug)) return null;
  const raw = (await readBlogPost(slug, locale)) ?? (await readBlogPost(slug, routing.defaultLocale));
  return raw ? toDocument(raw, locale) : null;
});

/** Blog posts, newest first. */
export const getBlogPosts = cache(async (locale: Locale): Promise<BlogPostSummary[]> => {
  const posts = await Promise.all((await listBlogSlugs()).map((slug) => getBlogPost(slug, locale)));
  return posts
    .filter((p): p is ContentDocument & { date: string } => p !== null && p.date !== undefined)
    .map((p) => ({
      slug: p.slug,
      title: p.title,
      description: p.description,
      date: p.date,
      author: p.author,
      readingMinutes: p.readingMinutes,
    }))
    .sort((a, b) => b.date.localeCompare(a.date));
});
