import { getLocale, getTranslations } from 'next-intl/server';

import {
  canonicalQuery,
  isSavableListing,
  type SavedListing,
  type SavedSearchPathname,
} from '@/features/saved-searches/api';
import { findSavedSearchId } from '@/features/saved-searches/server/api';
import { getPathname, localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';

import type { ListingFilters, ProductType } from '../schemas';
import styles from './listing-banners.module.css';
import { SubscribeSearchButton } from './subscribe-search-button';

/** The search a listing shows, as a saved search would keep it. */
export interface ListingSearch {
  pathname: SavedSearchPathname;
  /** The scope searched: a product type, or null for the whole catalogue. */
  productType: ProductType | null;
  category: { id: number; path: string } | null;
  filters: ListingFilters;
}

/** Where a guest logs in and comes back to: the listing with its search. */
function listingPath(locale: Locale, search: ListingSearch, query: string): string {
  const path = search.category
    ? getPathname({
        locale,
        href: {
          pathname: search.productType === 'print' ? '/3d-print-models/[...path]' : '/3d-models/[...path]',
          params: { path: search.category.path.split('/') },
        },
      })
    : getPathname({ locale, href: search.pathname });
  return query ? `${path}?${query}` : path;
}

async function SubscribeBanner({ search }: { search: ListingSearch }) {
  const [t, locale, user] = await Promise.all([
    getTranslations('catalog.ListingBanners'),
    getLocale() as Promise<Locale>,
    currentUser(),
  ]);
  const listing: SavedListing = {
    pathname: search.pathname,
    productType: search.productType,
    categoryId: search.category?.id ?? null,
    query: canonicalQuery(search.filters),
  };
  const subscribed = user ? (await findSavedSearchId(user.id, listing)) !== null : false;
  return (
    <section className={styles.banner} aria-labelledby="listing-subscribe-title">
      <h2 id="listing-subscribe-title">{t('subscribeTitle')}</h2>
      <p>{t('subscribeText')}</p>
      <div className={styles.subscribe}>
        {user ? (
          <SubscribeSearchButton
            className="button button-secondary"
            listing={listing}
            locale={locale}
            initiallySubscribed={subscribed}
            labels={{
              subscribe: t('subscribeButton'),
              subscribing: t('subscribing'),
              subscribed: t('subscribed'),
              failed: t('subscribeFailed'),
              limit: t('subscribeLimit'),
            }}
          />
        ) : (
          // Subscribing needs an account (decision 0015): a guest logs in and comes back here.
          <a
            className="button button-secondary"
            href={localizedHref(locale, '/login', { next: listingPath(locale, search, listing.query) })}
          >
            {t('subscribeLogIn')}
          </a>
        )}
        {user && (
          <a className={styles.manage} href={localizedHref(locale, '/account/saved-searches')}>
            {t('manageSaved')}
          </a>
        )}
      </div>
    </section>
  );
}

/**
 * The listing's footer banners (spec §2 listing page): hire a designer on the jobs board for a model
 * the catalogue does not have, and subscribe to the search (when the listing is a search, is filtered
 * or is a category, and not an image search).
 */
export async function ListingBanners({ search }: { search: ListingSearch }) {
  const [t, locale] = await Promise.all([getTranslations('catalog.ListingBanners'), getLocale()]);
  return (
    <aside className={styles.banners} aria-label={t('label')}>
      <section className={`${styles.banner} ${styles.hire}`} aria-labelledby="listing-hire-title">
        <h2 id="listing-hire-title">{t('hireTitle')}</h2>
        <p>{t('hireText')}</p>
        <a className="button" href={localizedHref(locale as Locale, '/3d-modeling-jobs')}>
          {t('hireButton')}
        </a>
      </section>
      {isSavableListing(search.filters, search.category?.id ?? null) && <SubscribeBanner search={search} />}
    </aside>
  );
}
