import { isStorableText } from './control-characters';

/**
 * A URL path segment as text. Route params can arrive still percent-encoded (non-ASCII slugs); a stray
 * `%` that is not an escape (`/designers/a%zz`) is no such path: null, which pages answer with a 404.
 */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The URL to serve instead of `url` when its path is one no page can have: a stray `%` that is not an
 * escape (`/a%zz`; Next.js would answer 500) or an escaped `%` (`/a%25zz`; next-intl rewrites with a
 * once-decoded path that Next.js decodes again and fails on), or control characters (`/a%00`; decision
 * 0040). No slug, username or id contains `%` or those.
 * The replacement is a path no route matches, in the same locale, so the localized 404 page answers.
 * Null for every other URL.
 */
export function unroutablePathRewrite(
  url: string,
  locales: readonly string[],
  defaultLocale: string,
): string | null {
  const pathname = url.split(/[?#]/, 1)[0]!;
  const segments = pathname.split('/');
  const unroutable = segments.some((segment) => {
    const decoded = decodePathSegment(segment);
    return decoded === null || decoded.includes('%') || !isStorableText(decoded);
  });
  if (!unroutable) return null;
  const first = segments[1] ?? '';
  const prefix = locales.includes(first) && first !== defaultLocale ? `/${first}` : '';
  return `${prefix}/not-found`;
}

/**
 * `url` without the query parameters whose name or value, decoded, holds control characters (`?coupon=%00`,
 * decision 0040): hostile input no page or route reads. Null when there is none.
 */
export function withoutUnstorableQueryParams(url: string): string | null {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return null;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const pairs = query.split('&');
  const kept = pairs.filter((pair) =>
    [...new URLSearchParams(pair)].every(([name, value]) => isStorableText(name) && isStorableText(value)),
  );
  if (kept.length === pairs.length) return null;
  const rest = hashAt === -1 ? '' : url.slice(hashAt);
  return `${url.slice(0, queryAt)}${kept.length > 0 ? `?${kept.join('&')}` : ''}${rest}`;
}
