import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Pagination } from '@/features/catalog/components/pagination';
import { forumSorts, threadsPerPage, type ForumSort } from '@/features/forum/api';
import styles from '@/features/forum/components/forum.module.css';
import { categoryName } from '@/features/forum/components/category-name';
import {
  findForumCategories,
  findThreadPage,
  forumQueryOf,
  forumSortOf,
} from '@/features/forum/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';
import { localizedHref } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';

import { localeOf, pageOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const [t, search] = await Promise.all([getTranslations('forum'), searchParams]);
  const narrowed = Object.keys(search).length > 0;
  return {
    title: t('metaTitle'),
    description: t('metaDescription'),
    alternates: narrowed ? undefined : languageAlternates(locale, () => '/forum'),
    robots: narrowed ? { index: false, follow: true } : undefined,
  };
}

/** The forum (issue 25, decision 0043): categories, the threads (sorted, searched, 20 a page). */
export default async function ForumPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const search = await searchParams;
  const page = pageOf(search);
  const sort = forumSortOf(first(search.sort));
  const query = forumQueryOf(first(search.q));
  const [t, categories] = await Promise.all([getTranslations('forum'), findForumCategories()]);
  const category = categories.find((c) => c.slug === first(search.category)) ?? null;
  const { items, total } = await findThreadPage({ categoryId: category?.id ?? null, sort, page, query });
  const pageCount = Math.max(1, Math.ceil(total / threadsPerPage));
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium', timeStyle: 'short' });
  const listQuery = (over: { category?: string | null; sort?: ForumSort }) => {
    const slug = over.category === undefined ? category?.slug : over.category;
    const chosen = over.sort ?? sort;
    return {
      ...(slug ? { category: slug } : {}),
      ...(chosen !== 'active' ? { sort: chosen } : {}),
      ...(query ? { q: query } : {}),
    };
  };
  return (
    <div className={`container ${styles.layout}`}>
      <div>
        <h1 className="page-title">
          {category ? t('categoryTitle', { name: categoryName(t, category.slug) }) : t('title')}
        </h1>
        <p className="page-lead">{category ? categoryName(t, category.slug, 'lead') : t('lead')}</p>
      </div>
      <div className={styles.toolbar}>
        <form className={styles.search} action={localizedHref(locale, '/forum')} method="get" role="search">
          {category && <input type="hidden" name="category" value={category.slug} />}
          {sort !== 'active' && <input type="hidden" name="sort" value={sort} />}
          <label className="visually-hidden" htmlFor="forum-q">
            {t('searchLabel')}
          </label>
          <input
            id="forum-q"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={100}
            placeholder={t('searchPlaceholder')}
          />
          <button type="submit" className="button button-secondary">
            {t('search')}
          </button>
        </form>
        <a
          className="button"
          href={localizedHref(locale, '/forum/new', category ? { category: category.slug } : {})}
        >
          {t('newThread')}
        </a>
      </div>
      <nav aria-label={t('categoriesLabel')}>
        <ul className={styles.chips}>
          <li>
            <a
              href={localizedHref(locale, '/forum', listQuery({ category: null }))}
              aria-current={category ? undefined : 'page'}
            >
              {t('allCategories')}
            </a>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <a
                href={localizedHref(locale, '/forum', listQuery({ category: c.slug }))}
                aria-current={c.id === category?.id ? 'page' : undefined}
              >
                {categoryName(t, c.slug)} <span aria-hidden="true">({c.threadCount})</span>
                <span className="visually-hidden">{t('threadCount', { count: c.threadCount })}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t('sortLabel')}>
        <ul className={styles.chips}>
          {forumSorts.map((s) => (
            <li key={s}>
              <a
                href={localizedHref(locale, '/forum', listQuery({ sort: s }))}
                aria-current={s === sort ? 'page' : undefined}
              >
                {t(`sorts.${s}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="forum-threads">
        <h2 id="forum-threads" className="visually-hidden">
          {t('threadsHeading')}
        </h2>
        {query && <p className={styles.meta}>{t('searchResults', { count: total, query })}</p>}
        {items.length === 0 ? (
          <p>{query ? t('noResults') : t('empty')}</p>
        ) : (
          <ul className={styles.threads} data-testid="forum-threads">
            {items.map((thread) => (
              <li key={thread.id} className={styles.thread}>
                <div>
                  <h3 className={styles.threadTitle}>
                    {thread.pinned && <span className={styles.badge}>{t('pinned')}</span>}
                    {thread.locked && <span className={styles.badge}>{t('locked')}</span>}
                    <a
                      href={localizedHref(locale, {
                        pathname: '/forum/threads/[id]',
                        params: { id: String(thread.id) },
                      })}
                    >
                      {thread.title}
                    </a>
                  </h3>
                  <span className={styles.meta}>
                    {categoryName(t, thread.categorySlug)} ·{' '}
                    {t('startedBy', { name: thread.author, date: date.format(thread.createdAt) })}
                  </span>
                </div>
                <span className={styles.meta}>
                  {t('replies', { count: thread.replyCount })} ·{' '}
                  {t('lastActivity', { date: date.format(thread.lastPostAt) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Pagination
        href="/forum"
        query={listQuery({})}
        page={Math.min(page, pageCount)}
        pageCount={pageCount}
      />
    </div>
  );
}
