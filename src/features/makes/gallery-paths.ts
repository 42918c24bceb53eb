import { galleriesPath, locales } from '@/i18n/routing';

const segments = new Set(Object.values(galleriesPath).map((path) => path.slice(1)));
const localeKeys = new Set<string>(locales);

/**
 * A page of the galleries in any locale (`/galleries`, `/de/galerien/makes/3`): the pages a new or
 * deleted make changes, dropped from the anonymous page cache at once.
 */
export function isGalleryPath(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  const first = localeKeys.has(parts[0] ?? '') ? parts[1] : parts[0];
  return first !== undefined && segments.has(first);
}
