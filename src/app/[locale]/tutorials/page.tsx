import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Pagination } from '@/features/catalog/components/pagination';
import { TutorialCards } from '@/features/tutorials/components/tutorial-cards';
import { TutorialFilterPanel } from '@/features/tutorials/components/tutorial-filters';
import styles from '@/features/tutorials/components/tutorials.module.css';
import { parseTutorialQuery, tutorialFiltersToQuery, tutorialSorts } from '@/features/tutorials/tutorial-listing';
import { getTutorialIndex } from '@/features/tutorials/server/queries';
import { languageAlternates } from '@/i18n/language-alternates';
import { localizedHref } from '@/i18n/navigation';

import { localeOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const [t, filters] = await Promise.all([getTranslations('tutorials.Index'), searchParams.then(parseTutorialQuery)]);
  const narrowed = filters.software.length > 0 || filters.skills.length > 0 || filters.sort !== 'newest';
  return {
    title: filters.page > 1 ? t('metaTitlePage', { page: filters.page }) : t('metaTitle'),
    description: t('metaDescription'),
    alternates: filters.page > 1 || narrowed ? undefined : languageAlternates(locale, () => '/tutorials'),
    robots: narrowed ? { index: false, follow: true } : undefined,
  };
}

/**
 * The tutorials' index (issue 25): published tutorials, newest or most liked first, filtered by software
 * and skill level, 20 a page. All in the URL, server-rendered: it works without scripts.
 */
export default async function TutorialsPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const filters = parseTutorialQuery(await searchParams);
  const [t, index] = await Promise.all([getTranslations('tutorials.Index'), getTutorialIndex(filters)]);
  if (filters.page > index.pageCount) notFound();
  const query = tutorialFiltersToQuery({ ...filters, page: 1 });
  return (
    <div className="container">
      <div className={styles.header}>
        <h1 className="page-title">{t('title')}</h1>
        <a className="button" href={localizedHref(locale, '/tutorials/new')}>
          {t('write')}
        </a>
      </div>
      <p className="page-lead">{t('lead')}</p>
      <div className={styles.layout}>
        <TutorialFilterPanel filters={filters} locale={locale} softwareCounts={index.softwareCounts} />
        <section className={styles.results} aria-labelledby="tutorial-results">
          <div className={styles.resultsBar}>
            <h2 id="tutorial-results" className={styles.count}>
              {t('results', { count: index.total })}
            </h2>
            <nav aria-label={t('sort')}>
              <ul className={styles.sorts}>
                <li aria-hidden="true">
                  <span>{t('sort')}:</span>
                </li>
                {tutorialSorts.map((sort) => (
                  <li key={sort}>
                    {sort === filters.sort ? (
                      <span aria-current="true">{t(`sorts.${sort}`)}</span>
                    ) : (
                      <a href={localizedHref(locale, '/tutorials', tutorialFiltersToQuery({ ...filters, sort, page: 1 }))}>
                        {t(`sorts.${sort}`)}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          {index.items.length === 0 ? (
            <p className={styles.empty} data-testid="tutorials-empty">
              {t('empty')}
            </p>
          ) : (
            <TutorialCards tutorials={index.items} locale={locale} headingLevel={3} />
          )}
          <Pagination href="/tutorials" query={query} page={filters.page} pageCount={index.pageCount} />
        </section>
      </div>
    </div>
  );
}
