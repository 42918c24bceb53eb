/**
 * Lets a request that changed a page drop the page cache's copies of it (decision 0034), so that
 * anonymous visitors see the change at once rather than up to PAGE_CACHE_SECONDS later. The cache
 * lives in the server's entry point and route handlers run in Next's bundle, so the two meet through a
 * global: the entry point registers the cache's purge, handlers call `purgeCachedPages`. Without a
 * registered cache (tests, `npm run dev`) it does nothing.
 */
const purgerKey = Symbol.for('meshbay.page-cache.purge');

/** Drops the cached pages whose path (decoded, without the query) `matches`; returns how many. */
export type PagePurger = (matches: (pathname: string) => boolean) => number;

type WithPurger = typeof globalThis & { [purgerKey]?: PagePurger };

export function registerPagePurger(purge: PagePurger): void {
  (globalThis as WithPurger)[purgerKey] = purge;
}

export function purgeCachedPages(matches: (pathname: string) => boolean): number {
  return (globalThis as WithPurger)[purgerKey]?.(matches) ?? 0;
}

/** A page of `username`'s public profile in any locale and on any tab (`/de/designers/Name?tab=about`). */
export function isProfilePath(username: string): (pathname: string) => boolean {
  const name = username.toLowerCase();
  return (pathname) => {
    const segments = pathname.toLowerCase().split('/').filter(Boolean);
    return segments.length >= 2 && segments.at(-1) === name && segments.at(-2) === 'designers';
  };
}
