import { createNavigation } from 'next-intl/navigation';

import { buildHref, type QueryParams } from '@/lib/query-string';

import { routing, type Locale } from './routing';

export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);

type LocalizedTarget = Parameters<typeof getPathname>[0]['href'];

/**
 * The URL of a page in a locale, with a query string (spec §2 links): the localized-path table gives
 * the path, `buildHref` the query (null/undefined skipped, arrays repeat the key, values encoded) and
 * collapses duplicate slashes. Used for links that carry a query, rendered as plain anchors.
 */
export function localizedHref(locale: Locale, target: LocalizedTarget, query: QueryParams = {}): string {
  return buildHref(getPathname({ locale, href: target }), query);
}
