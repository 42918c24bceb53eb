import { locales, type Locale } from '@/i18n/routing';
import { PrintlistFieldsError } from '@/features/printlists/server/commands';
import { jsonFieldErrors } from '@/server/http/json';

/** A list's form refused: the field errors the form translates, else the error as it is. */
export async function withFieldErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PrintlistFieldsError) return jsonFieldErrors(error.fieldErrors);
    throw error;
  }
}

/** The `locale` query parameter of a read call (the cards' URLs and titles), English by default. */
export function localeParam(url: URL): Locale {
  const asked = url.searchParams.get('locale');
  return (locales as readonly string[]).includes(asked ?? '') ? (asked as Locale) : 'en';
}
