import { galleriesPath } from '@/i18n/routing';
import type { PagePattern } from '@/server/http/page-cache-purge';

/**
 * The galleries' pages in any locale (`/galleries`, `/de/galerien/makes/3`): the pages a new or
 * deleted make changes, dropped from the anonymous page cache at once.
 */
export const galleryPages: PagePattern = {
  section: Object.values(galleriesPath).map((path) => path.slice(1)),
};
