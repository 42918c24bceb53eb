import { getFormatter, getTranslations } from 'next-intl/server';

import { findCategoryLabels } from '@/features/catalog/server/api';
import type { Locale } from '@/i18n/routing';

import { filtersOfQuery } from '../api';
import { describeSearch, type Translate } from '../describe';
import { savedSearchHref } from '../listing-link';
import { findSavedSearches } from '../server/repository';
import { PostButton } from './post-button';
import styles from './saved-search-list.module.css';

/** A user's saved searches in words, each with its listing's link and a remove button. */
export async function SavedSearchList({ userId, locale }: { userId: number; locale: Locale }) {
  const [searches, tAll, t, format] = await Promise.all([
    findSavedSearches(userId),
    getTranslations(),
    getTranslations('savedSearches.Page'),
    getFormatter(),
  ]);
  if (searches.length === 0) return <p className="page-lead">{t('empty')}</p>;
  const translate: Translate = (key, values) => tAll(key as never, values as never);
  const categories = await findCategoryLabels(locale, [
    ...new Set(searches.flatMap((search) => search.categoryId ?? [])),
  ]);
  return (
    <ul className={styles.list} data-testid="saved-searches">
      {searches.map((search) => {
        const category = search.categoryId === null ? null : (categories.get(search.categoryId) ?? null);
        const words = describeSearch(translate, locale, {
          productType: search.productType,
          categoryTitle: category?.title ?? null,
          filters: filtersOfQuery(search.query),
        });
        return (
          <li key={search.id} className={styles.item} data-testid="saved-search">
            <div>
              <h2>
                <a href={savedSearchHref(locale, search, category?.path ?? null)}>{words.title}</a>
              </h2>
              {words.details.length > 0 && (
                <ul className={styles.details}>
                  {words.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              )}
              <p className={styles.saved}>
                {t('savedOn', { date: format.dateTime(search.createdAt, { dateStyle: 'medium' }) })}
              </p>
            </div>
            <div className={styles.actions}>
              <PostButton
                className="button button-secondary"
                url="/api/internal/saved-searches/remove"
                json={{ id: search.id }}
                reload
                ariaLabel={t('removeNamed', { search: words.title })}
                labels={{ idle: t('remove'), busy: t('removing'), failed: t('removeFailed') }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
