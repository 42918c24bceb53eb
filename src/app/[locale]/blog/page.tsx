import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';

import { getBlogPosts } from '@/features/content/server/queries';
import { localizedHref } from '@/i18n/navigation';

import { languageAlternates } from '@/i18n/language-alternates';
import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('pages.Blog');
  return {
    title: t('title'),
    description: t('description'),
    alternates: languageAlternates(locale, () => '/blog'),
  };
}

/** The blog: articles are Markdown files in `content/blog/{slug}/{locale}.md`, newest first. */
export default async function BlogPage({ params }: Props) {
  const locale = await localeOf(params);
  const [t, format, posts] = await Promise.all([
    getTranslations('pages.Blog'),
    getFormatter(),
    getBlogPosts(locale),
  ]);
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('description')}</p>
      <ul className="post-list">
        {posts.map((post) => (
          <li key={post.slug}>
            <article>
              <h2>
                <a href={localizedHref(locale, { pathname: '/blog/[slug]', params: { slug: post.slug } })}>
                  {post.title}
                </a>
              </h2>
              <p className="post-meta">
                <time dateTime={post.date}>
                  {format.dateTime(new Date(post.date), { dateStyle: 'long' })}
                </time>
                {post.author && <> · {post.author}</>}
                {post.readingMinutes && <> · {t('readingMinutes', { minutes: post.readingMinutes })}</>}
              </p>
              <p>{post.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
