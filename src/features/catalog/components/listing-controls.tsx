import { getLocale, getTranslations } from 'next-intl/server';

import { DisclosureMenu } from '@/components/layout/disclosure-menu';
import { localizedHref, type LocalizedTarget } from '@/i18n/navigation';

import {
  filtersToQuery,
  listingSortMessages,
  listingSorts,
  perPageChoices,
  type ListingFilters,
} from '../schemas';
import { CardDisplayControls } from './card-display';
import styles from './listing-controls.module.css';

/**
 * Sort and page size of a listing (spec §2 listing page), as links that keep the filters: they work
 * without scripts and every choice is a shareable URL. Changing either goes back to page 1.
 */
export async function ListingControls({ href, filters }: { href: LocalizedTarget; filters: ListingFilters }) {
  const [t, locale] = await Promise.all([getTranslations('catalog.ListingControls'), getLocale()]);
  const to = (change: Partial<ListingFilters>) =>
    localizedHref(locale, href, filtersToQuery({ ...filters, ...change }));
  const sorts = listingSorts.filter((sort) => sort !== 'best_match' || filters.keywords || filters.imageId);
  return (
    <div className={styles.controls}>
      <DisclosureMenu
        className={styles.menu}
        summaryClassName={styles.summary}
        summary={
          <>
            {t('sortBy')} <strong>{t(listingSortMessages[filters.sort])}</strong>
          </>
        }
      >
        <ul className={styles.options}>
          {sorts.map((sort) => (
            <li key={sort}>
              <a href={to({ sort })} aria-current={sort === filters.sort ? 'true' : undefined}>
                {t(listingSortMessages[sort])}
              </a>
            </li>
          ))}
        </ul>
      </DisclosureMenu>
      <CardDisplayControls
        labels={{
          cardSize: t('cardSize'),
          large: t('largeCards'),
          small: t('smallCards'),
          details: t('details'),
        }}
      />
      <nav aria-label={t('perPage')} className={styles.perPage}>
        <span aria-hidden="true">{t('perPage')}</span>
        {perPageChoices.map((perPage) =>
          perPage === filters.perPage ? (
            <span key={perPage} aria-current="true" className={styles.current}>
              {perPage}
            </span>
          ) : (
            <a key={perPage} href={to({ perPage })} aria-label={t('perPageOption', { count: perPage })}>
              {perPage}
            </a>
          ),
        )}
      </nav>
    </div>
  );
}
