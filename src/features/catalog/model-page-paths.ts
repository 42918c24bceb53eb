import { routing } from '@/i18n/routing';
import type { PagePattern } from '@/server/http/page-cache-purge';

const listingSegments = [
  ...Object.values(routing.pathnames['/3d-models']),
  ...Object.values(routing.pathnames['/3d-print-models']),
].map((path) => path.slice(1));

/**
 * A model's page in any locale (`/3d-models/art/dragon`, `/de/3d-druck-modelle/kunst/dragon?reviews_page=2`):
 * the listing's segment first, the model's slug (one for all locales) last.
 */
export function modelPages(slug: string): PagePattern {
  return { section: listingSegments, endsWith: [slug] };
}
