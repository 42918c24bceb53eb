import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Pagination } from '@/features/catalog/components/pagination';
import { BoardCard } from '@/features/freelance/components/board-card';
import { BoardFilterPanel } from '@/features/freelance/components/board-filters';
import styles from '@/features/freelance/components/board.module.css';
import {
  boardFiltersToQuery,
  boardSorts,
  defaultBoardFilters,
  parseBoardQuery,
} from '@/features/freelance/project-schemas';
import { listBoard } from '@/features/freelance/server/project-repository';
import { localizedHref } from '@/i18n/navigation';

import { languageAlternates } from '@/i18n/language-alternates';
import { localeOf } from '../route-params';
import { skillLabels } from '@/features/freelance/components/project-texts';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const [t, filters] = await Promise.all([
    getTranslations('freelance.Board'),
    searchParams.then(parseBoardQuery),
  ]);
  const { page } = filters;
  const narrowed = JSON.stringify({ ...filters, page: 1 }) !== JSON.stringify(defaultBoardFilters);
  return {
    title: page > 1 ? t('metaTitlePage', { page }) : t('metaTitle'),
    description: t('metaDescription'),
    alternates: page > 1 ? undefined : languageAlternates(locale, () => '/3d-modeling-jobs'),
    robots: narrowed ? { index: false, follow: true } : undefined,
  };
}

/**
 * The jobs board (spec §1, §2, §9): published projects by default, filtered by skills, software,
 * budget and public status, sorted newest first / highest budget / fewest applicants, 20 a page.
 * All in the URL, server-rendered: it works without scripts; a page past the end is a 404.
 */
export default async function JobsBoardPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const filters = parseBoardQuery(await searchParams);
  const [t, labels, board] = await Promise.all([
    getTranslations('freelance.Board'),
    skillLabels(),
    listBoard(filters),
  ]);
  if (filters.page > board.pageCount) notFound();
  const query = boardFiltersToQuery({ ...filters, page: 1 });
  return (
    <div className="container">
      <div className={styles.header}>
        <h1 className="page-title">{t('title')}</h1>
        <a className="button" href={localizedHref(locale, '/3d-modeling-jobs/new')}>
          {t('postProject')}
        </a>
      </div>
      <p className="page-lead">{t('lead')}</p>
      <div className={styles.layout}>
        <BoardFilterPanel filters={filters} locale={locale} skillLabels={labels} />
        <section className={styles.results} aria-labelledby="board-results">
          <div className={styles.resultsBar}>
            <h2 id="board-results" className={styles.count} aria-live="polite">
              {t('results', { count: board.total })}
            </h2>
            <nav aria-label={t('sort')}>
              <ul className={styles.sorts}>
                <li aria-hidden="true">
                  <span>{t('sort')}:</span>
                </li>
                {boardSorts.map((sort) => (
                  <li key={sort}>
                    {sort === filters.sort ? (
                      <span aria-current="true">{t(`sorts.${sort}`)}</span>
                    ) : (
                      <a
                        href={localizedHref(
                          locale,
                          '/3d-modeling-jobs',
                          boardFiltersToQuery({ ...filters, sort, page: 1 }),
                        )}
                      >
                        {t(`sorts.${sort}`)}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          {board.projects.length === 0 ? (
            <p className={styles.empty} data-testid="board-empty">
              {t('empty')}
            </p>
          ) : (
            <ul className={styles.cards}>
              {board.projects.map((project) => (
                <li key={project.id}>
                  <BoardCard project={project} locale={locale} skillLabels={labels} headingLevel={3} />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            href="/3d-modeling-jobs"
            query={query}
            page={filters.page}
            pageCount={board.pageCount}
          />
        </section>
      </div>
    </div>
  );
}
