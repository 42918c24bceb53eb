import type { Metadata } from 'next';
import { getPathname } from '@/i18n/navigation';
import { languageTags, routing, type Locale } from '@/i18n/routing';

type Href = Parameters<typeof getPathname>[0]['href'];

/**
 * Canonical URL and hreflang alternates of a page in every locale it exists in (`availableIn`, all by
 * default). The language switcher follows them too, so switching keeps the page even where slugs are
 * translated, and a language without the page leads to that language's home page instead of a 404.
 */
export function languageAlternates(
  current: Locale,
  hrefFor: (locale: Locale) => Href,
  availableIn: readonly Locale[] = routing.locales,
): Metadata['alternates'] {
  const languages: Record<string, string> = {};
  for (const locale of routing.locales) {
    if (!availableIn.includes(locale)) continue;
    languages[languageTags[locale]] = getPathname({ locale, href: hrefFor(locale) });
  }
  if (availableIn.includes(routing.defaultLocale))
    languages['x-default'] = languages[languageTags[routing.defaultLocale]]!;
  return { canonical: languages[languageTags[current]], languages };
}
