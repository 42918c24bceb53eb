import { languageTags, type Locale } from '@/i18n/routing';
import { remainingText } from '@/lib/remaining-text';

/** BCP 47 tag of a locale key for Intl formatters ('jp' is Japanese: 'ja'). */
function languageTagOf(locale: string): string {
  return languageTags[locale as Locale] ?? locale;
}

/**
 * The counter under the message box (spec §5), e.g. "1,950 characters left" or "1 character left".
 * Templates carry a plain `{count}` placeholder (no message formatter in the browser, decision 0007):
 * `one` is used where the locale's plural rule says "one", `other` everywhere else; the number is
 * grouped the locale's way.
 */
export function remainingCharactersText(
  templates: { one: string; other: string },
  locale: string,
  remaining: number,
): string {
  return remainingText(templates, languageTagOf(locale), remaining);
}
