/**
 * Lets a request that changed a page drop the page cache's copies of it (decisions 0034, 0063), so that
 * anonymous visitors see the change at once rather than up to PAGE_CACHE_SECONDS later, on every
 * instance. The cache lives in the server's entry point and route handlers run in Next's bundle, so the
 * two meet through a global: the entry point registers the purge, handlers call `purgeCachedPages`.
 * What is stale is said as data (`PagePattern`), not as a function, so that the entry point can send it
 * to the other instances on the same database. Without a registered cache (tests, `npm run dev`) it
 * does nothing.
 */
import { locales } from '@/i18n/routing';

/**
 * Pages a change makes stale. A path (decoded, without the query) matches when every part given holds;
 * segments compare without case; `{}` matches every page.
 */
export interface PagePattern {
  /** Its first segment, after an optional locale, is one of these (`/de/galerien/makes/3`). */
  section?: string[];
  /** One of its segments is one of these. */
  anywhere?: string[];
  /** Its last segments are these (`/fr/designers/ada?tab=about` ends with `designers`, `ada`). */
  endsWith?: string[];
}

/** Drops the cached pages matching any of `patterns` in this process; returns how many. */
export type PagePurger = (patterns: PagePattern[]) => number;

const purgerKey = Symbol.for('meshbay.page-cache.purge');
type WithPurger = typeof globalThis & { [purgerKey]?: PagePurger };

export function registerPagePurger(purge: PagePurger): void {
  (globalThis as WithPurger)[purgerKey] = purge;
}

/** Drops every cached copy of the pages matching any of `patterns`; returns how many were dropped here. */
export function purgeCachedPages(...patterns: PagePattern[]): number {
  return (globalThis as WithPurger)[purgerKey]?.(patterns) ?? 0;
}

const localeKeys = new Set<string>(locales.map((locale) => locale.toLowerCase()));
const lower = (values: string[] | undefined) => values?.map((value) => value.toLowerCase());

/** A test of paths for `pattern`, made once for many paths. */
export function pagePatternMatcher(pattern: PagePattern): (pathname: string) => boolean {
  const section = lower(pattern.section);
  const anywhere = lower(pattern.anywhere);
  const endsWith = lower(pattern.endsWith);
  return (pathname) => {
    const segments = pathname.toLowerCase().split('/').filter(Boolean);
    if (section) {
      const first = localeKeys.has(segments[0] ?? '') ? segments[1] : segments[0];
      if (first === undefined || !section.includes(first)) return false;
    }
    if (anywhere && !segments.some((segment) => anywhere.includes(segment))) return false;
    if (endsWith) {
      if (segments.length < endsWith.length) return false;
      const tail = segments.slice(-endsWith.length);
      if (tail.some((segment, at) => segment !== endsWith[at])) return false;
    }
    return true;
  };
}

/** Whether `value` has the shape of a list of patterns (they also come from other instances). */
export function isPagePatternList(value: unknown): value is PagePattern[] {
  const isTextList = (part: unknown) =>
    part === undefined || (Array.isArray(part) && part.every((text) => typeof text === 'string'));
  return (
    Array.isArray(value) &&
    value.every((pattern: unknown) => {
      if (typeof pattern !== 'object' || pattern === null || Array.isArray(pattern)) return false;
      const { section, anywhere, endsWith, ...rest } = pattern as Record<string, unknown>;
      return (
        Object.keys(rest).length === 0 && isTextList(section) && isTextList(anywhere) && isTextList(endsWith)
      );
    })
  );
}

/** Every page: for changes shown all over the site (a challenge's banner). */
export const everyPage: PagePattern = {};

/** `username`'s public profile in any locale and on any tab (`/de/designers/Name?tab=about`). */
export function profilePages(username: string): PagePattern {
  return { endsWith: ['designers', username] };
}
