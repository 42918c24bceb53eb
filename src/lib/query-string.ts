/** Spec §2 "Query strings": null/undefined values are skipped, arrays repeat the key, values are encoded. */
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export function buildQueryString(params: QueryParams): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as QueryValue[]) {
      if (item === null || item === undefined) continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** A path with its query string; duplicate slashes in the path are collapsed (spec §1). */
export function buildHref(path: string, params: QueryParams = {}): string {
  return `${path.replace(/\/{2,}/g, '/')}${buildQueryString(params)}`;
}
