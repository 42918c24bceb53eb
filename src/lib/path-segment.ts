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
