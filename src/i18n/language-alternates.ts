import type { Metadata } from 'next';
import { getPathname } from '@/i18n/navigation';
import { languageTags, routing, type Locale } from '@/i18n/routing';

type Href = Parameters<typeof getPathname>[0]['href'];

/**
 * Canonical URL and hreflang alternates of a page in every locale (the language switcher follows
 * them too, so switching keeps the page even where slugs are translated).
 */
export function languageAlternates(
  current: Locale,
  hrefFor: (locale: Locale) => Href,
): Metadata['alternates'] {
  const languages: Record<string, string> = {};
  for (const locale of routing.locales) {
    languages[languageTags[locale]] = getPathname({ locale, href: hrefFor(locale) });
  }
  languages['x-default'] = languages[languageTags[routing.defaultLocale]]!;
  return { canonical: languages[languageTags[current]], languages };
}
