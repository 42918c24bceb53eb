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
 * once-decoded path that Next.js decodes again and fails on). No slug, username or id contains `%`.
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
    return decoded === null || decoded.includes('%');
  });
  if (!unroutable) return null;
  const first = segments[1] ?? '';
  const prefix = locales.includes(first) && first !== defaultLocale ? `/${first}` : '';
  return `${prefix}/not-found`;
}
