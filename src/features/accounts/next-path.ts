import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

/** Where to go after logging in: a path on this site from `?next=`, else the home page. */
export function safeNextPath(locale: Locale, next: string | string[] | undefined): string {
  const value = typeof next === 'string' ? next : '';
  return /^\/(?![/\\])[^\s]*$/.test(value) ? value : getPathname({ locale, href: '/' });
}
