/** The Markdown content pages (about us, press, careers, sell 3D models, datasets), one route each. */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';

import { ContentPageArticle } from '@/features/content/components/content-article';
import type { ContentPageSlug } from '@/features/content/schemas';
import { getContentPage } from '@/features/content/server/queries';
import type { Locale } from '@/i18n/routing';

import { languageAlternates } from '@/i18n/language-alternates';
import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };
type Pathname = '/about-us' | '/pages/press' | '/pages/careers' | '/pages/sell-3d-models' | '/datasets';

export function contentPageRoute(
  slug: ContentPageSlug,
  pathname: Pathname,
  options: { availableIn?: readonly Locale[]; after?: (locale: Locale) => Promise<ReactNode> } = {},
) {
  async function load(params: Props['params']) {
    const locale = await localeOf(params);
    if (options.availableIn && !options.availableIn.includes(locale)) notFound();
    const page = await getContentPage(slug, locale);
    if (!page) notFound();
    return { locale, page };
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, page } = await load(params);
    return {
      title: page.title,
      description: page.description,
      alternates: languageAlternates(locale, () => pathname, options.availableIn),
    };
  }

  async function Page({ params }: Props) {
    const { locale, page } = await load(params);
    return (
      <ContentPageArticle page={page}>{options.after && (await options.after(locale))}</ContentPageArticle>
    );
  }
  return { generateMetadata, Page };
}
