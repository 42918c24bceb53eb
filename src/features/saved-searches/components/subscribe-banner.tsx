import { getLocale, getTranslations } from 'next-intl/server';

import type { ListingSearch } from '@/features/catalog/api';
import { getPathname, localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';

import { canonicalQuery, isSavableListing, type SavedListing } from '../api';
import { findSavedSearchId } from '../server/repository';
import styles from './subscribe-banner.module.css';
import { SubscribeSearchButton } from './subscribe-search-button';

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
    getTranslations('savedSearches.SubscribeBanner'),
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
    <section aria-labelledby="listing-subscribe-title">
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
 * The listing's "Subscribe to this search" banner (spec §4), for a listing that is a search, is
 * filtered or is a category, and not an image search; nothing for any other.
 */
export function subscribeBanner(search: ListingSearch) {
  return isSavableListing(search.filters, search.category?.id ?? null) ? (
    <SubscribeBanner search={search} />
  ) : null;
}
