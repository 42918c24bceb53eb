/** The link back to a saved search's listing, in a locale. */
import { getPathname, type LocalizedTarget } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import type { SavedListing } from './api';

/** `categoryPath`: the category's localized path (when the search was saved on a category page). */
export function savedSearchHref(locale: Locale, search: SavedListing, categoryPath: string | null): string {
  const target: LocalizedTarget =
    categoryPath === null
      ? search.pathname
      : {
          pathname: search.productType === 'print' ? '/3d-print-models/[...path]' : '/3d-models/[...path]',
          params: { path: categoryPath.split('/') },
        };
  const path = getPathname({ locale, href: target });
  return search.query ? `${path}?${search.query}` : path;
}
