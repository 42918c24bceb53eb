/**
 * Localized URLs from the one table in `routing.ts`. Our own small resolver rather than next-intl's
 * `createNavigation`: that one also builds a client `Link`, which would put next-intl's client code
 * into every page's JavaScript (decision 0007). Links are plain anchors with these URLs.
 */
import { buildHref, type QueryParams } from '@/lib/query-string';

import { routing, type AppPathname, type Locale } from './routing';

type DynamicPathname = Extract<AppPathname, `${string}[${string}`>;
type StaticPathname = Exclude<AppPathname, DynamicPathname>;
type ParamsOf<P extends string> = P extends `${string}[...${infer Rest}]${infer Tail}`
  ? { [K in Rest]: string[] } & ParamsOf<Tail>
  : P extends `${string}[${infer Name}]${infer Tail}`
    ? { [K in Name]: string } & ParamsOf<Tail>
    : unknown;

export type LocalizedTarget =
  | StaticPathname
  | { [P in DynamicPathname]: { pathname: P; params: ParamsOf<P> } }[DynamicPathname]
  | { pathname: StaticPathname };

/** The path of a page in a locale: translated segments, params filled in, `/{locale}` unless English. */
export function getPathname({ locale, href }: { locale: Locale; href: LocalizedTarget }): string {
  const pathname = typeof href === 'string' ? href : href.pathname;
  const params = (typeof href === 'object' && 'params' in href ? href.params : {}) as Record<
    string,
    string | string[]
  >;
  const entry = routing.pathnames[pathname];
  const template = typeof entry === 'string' ? entry : entry[locale];
  const path = template.replace(/\[(\.\.\.)?(\w+)\]/g, (_match, _rest: string | undefined, name: string) => {
    const value = params[name] ?? '';
    return (Array.isArray(value) ? value : [value]).map((segment) => encodeURIComponent(segment)).join('/');
  });
  if (locale === routing.defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/**
 * The URL of a page in a locale, with a query string (spec §2 links): `getPathname` gives the path,
 * `buildHref` the query (null/undefined skipped, arrays repeat the key, values encoded) and collapses
 * duplicate slashes.
 */
export function localizedHref(locale: Locale, target: LocalizedTarget, query: QueryParams = {}): string {
  return buildHref(getPathname({ locale, href: target }), query);
}
