import { getTranslations } from 'next-intl/server';

import styles from '@/components/ui/admin-list.module.css';
import { PostButton } from '@/components/ui/post-button';
import { languageTags, type Locale } from '@/i18n/routing';

import type { LearnedPhraseRow } from '../server/repository';

/**
 * The admin's list of phrases the search box learned from visitors' searches: a prefix search, each
 * phrase with how often it was searched and how many models carry it, and a remove button.
 */
export async function LearnedPhrasesAdminList({
  locale,
  query,
  items,
  total,
  action,
}: {
  locale: Locale;
  query: string;
  items: LearnedPhraseRow[];
  total: number;
  action: string;
}) {
  const t = await getTranslations('searchPhrasesAdmin');
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium' });
  return (
    <>
      <div className={styles.tools}>
        <form className={styles.search} action={action} method="get" role="search">
          <label>
            {t('searchLabel')}
            <input type="search" name="q" defaultValue={query} maxLength={64} />
          </label>
          <button type="submit" className="button">
            {t('search')}
          </button>
        </form>
        <span className={styles.meta}>
          {items.length < total ? t('shownOf', { shown: items.length, total }) : t('total', { count: total })}
        </span>
      </div>
      {items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className={styles.items}>
          {items.map((phrase) => (
            <li key={phrase.keyword} className={styles.item} data-testid="learned-phrase">
              <div className={styles.details}>
                <h2>{phrase.keyword}</h2>
                <span>
                  {t('searches', { count: phrase.searchCount })} ·{' '}
                  {phrase.modelCount > 0 ? t('tagged', { count: phrase.modelCount }) : t('notTag')}
                </span>
                <span className={styles.meta}>
                  {t('lastSearched', { date: date.format(phrase.updatedAt) })}
                </span>
              </div>
              <div className={styles.actions}>
                <PostButton
                  endpoint="/api/internal/admin/search_phrases/remove"
                  json={{ keyword: phrase.keyword }}
                  label={t('remove')}
                  ariaLabel={t('removeLabel', { phrase: phrase.keyword })}
                  busyLabel={t('working')}
                  texts={{ failed: t('failed') }}
                  confirm={t('confirm', { phrase: phrase.keyword })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
