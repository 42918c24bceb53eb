/** The texts of an email in its recipient's language (the interface's messages, loaded on demand). */
import type { Messages } from 'next-intl';

import { locales, type Locale } from '@/i18n/routing';

/** A stored or requested locale, or English when it is none of ours. */
export function localeOrEnglish(value: unknown): Locale {
  return locales.find((l) => l === value) ?? 'en';
}

export async function emailMessages(locale: Locale): Promise<Messages> {
  return (await import(`../../../messages/${locale}.json`)).default as Messages;
}
