import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';

import { ContentBody } from '@/features/content/components/content-article';
import { getBlogPost } from '@/features/content/server/queries';
import { localizedHref } from '@/i18n/navigation';

import { languageAlternates } from '@/i18n/language-alternates';
import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string; slug: string }> };

async function load(params: Props['params']) {
  const locale = await localeOf(params);
  const post = await getBlogPost((await params).slug, locale);
  if (!post) notFound();
  return { locale, post };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, post } = await load(params);
  return {
    title: post.title,
    description: post.description,
    alternates: languageAlternates(locale, () => ({ pathname: '/blog/[slug]', params: { slug: post.slug } })),
    openGraph: {
      type: 'article',
      title: post.title,
      description: post.description,
      publishedTime: post.date,
    },
  };
}

export default async function BlogPostPage({ params }: Props) {
  const { locale, post } = await load(params);
  const [t, format] = await Promise.all([getTranslations('pages.Blog'), getFormatter()]);
  return (
    <article className="container">
      <p className="post-back">
        <a href={localizedHref(locale, '/blog')}>{t('back')}</a>
      </p>
      <h1 className="page-title">{post.title}</h1>
      <p className="post-meta">
        {post.date && (
          <time dateTime={post.date}>{format.dateTime(new Date(post.date), { dateStyle: 'long' })}</time>
        )}
        {post.author && <> · {post.author}</>}
        {post.readingMinutes && <> · {t('readingMinutes', { minutes: post.readingMinutes })}</>}
      </p>
      <ContentBody html={post.html} />
    </article>
  );
}
