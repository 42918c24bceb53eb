import { languageTags, type Locale } from '@/i18n/routing';

/** A response time as people say it: minutes under an hour, hours under two days, else days. */
export function responseTimeParts(minutes: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  if (minutes < 60) return { unit: 'minutes', count: Math.max(1, Math.round(minutes)) };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.round(minutes / 60) };
  return { unit: 'days', count: Math.round(minutes / 1440) };
}

/**
 * Dates in the visitor's language. Through the standard tag of the locale ('ja' for 'jp'): next-intl's
 * formatter gets the URL's locale key, and Intl does not know 'jp' (it would fall back to English).
 */
export function formatDate(locale: Locale, iso: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(languageTags[locale], options).format(new Date(iso));
}
