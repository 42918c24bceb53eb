import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { userOrLogIn } from '@/features/accounts/server/page-access';
import { categoryName } from '@/features/forum/components/category-name';
import { getPostEditorTexts } from '@/features/forum/components/editor-texts';
import styles from '@/features/forum/components/forum.module.css';
import { PostEditor } from '@/features/forum/components/post-editor';
import { findForumCategories } from '@/features/forum/server/queries';
import { getPathname, localizedHref } from '@/i18n/navigation';

import { localeOf } from '../../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('forum');
  return { title: t('newThreadTitle'), robots: { index: false } };
}

/** A signed-in user opens a thread (a guest logs in first and comes back). */
export default async function NewForumThreadPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  await userOrLogIn(locale, '/forum/new');
  const [t, categories, texts, search] = await Promise.all([
    getTranslations('forum'),
    findForumCategories(),
    getPostEditorTexts('createThread'),
    searchParams,
  ]);
  const chosen = categories.find((c) => c.slug === search.category);
  return (
    <div className={`container ${styles.layout}`}>
      <div>
        <a href={localizedHref(locale, '/forum')}>← {t('title')}</a>
        <h1 className="page-title">{t('newThreadTitle')}</h1>
        <p className="page-lead">{t('newThreadLead')}</p>
      </div>
      <PostEditor
        locale={locale}
        texts={texts}
        mode={{
          kind: 'thread',
          categories: categories.map((c) => ({ id: c.id, name: categoryName(t, c.slug) })),
          categoryId: chosen?.id,
          threadHref: getPathname({ locale, href: { pathname: '/forum/threads/[id]', params: { id: '0' } } }),
        }}
      />
    </div>
  );
}
