import { locales, routing } from '@/i18n/routing';

const listingSegments = new Set(
  [
    ...Object.values(routing.pathnames['/3d-models']),
    ...Object.values(routing.pathnames['/3d-print-models']),
  ].map((path) => path.slice(1)),
);
const localeKeys = new Set<string>(locales);

/**
 * A model's page in any locale (`/3d-models/art/dragon`, `/de/3d-druck-modelle/kunst/dragon?reviews_page=2`):
 * the listing's segment first, the model's slug (one for all locales) last.
 */
export function isModelPagePath(slug: string): (pathname: string) => boolean {
  return (pathname) => {
    const parts = pathname.split('/').filter(Boolean);
    const rest = localeKeys.has(parts[0] ?? '') ? parts.slice(1) : parts;
    return rest.length >= 2 && listingSegments.has(rest[0]!) && rest.at(-1) === slug;
  };
}
