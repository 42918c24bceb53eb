/** The addresses of the chunk retry (spec §7, `components/layout/chunk-retry.tsx`, decision 0027). */

const chunkPath = '/_next/static/';

/** The chunk's address without query or fragment: what a failure is remembered by. */
export function chunkKey(url: string, base: string): string | null {
  const parsed = new URL(url, base);
  if (!parsed.pathname.startsWith(chunkPath) || !parsed.pathname.endsWith('.js')) return null;
  return parsed.origin + parsed.pathname;
}

/** The same address with a `retry` query that no cache has seen. */
export function cacheBustedUrl(url: string, now: number): string {
  const [withoutFragment = url, fragment] = url.split('#', 2);
  const separator = withoutFragment.includes('?') ? '&' : '?';
  return `${withoutFragment}${separator}retry=${now}${fragment === undefined ? '' : `#${fragment}`}`;
}
