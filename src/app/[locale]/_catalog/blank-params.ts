/**
 * A GET form without scripts sends its blank fields too (`price_min=&price_max=`): listings answer
 * such a URL with a redirect to the same URL without them (with scripts the form leaves them out).
 */
import { redirect } from 'next/navigation';

import { localizedHref, type LocalizedTarget } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

type RawParams = Record<string, string | string[] | undefined>;

/** The parameters without blank values, or null when there were none. */
export function withoutBlankParams(params: RawParams): Record<string, string[]> | null {
  let dropped = false;
  const kept: [string, string[]][] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    const filled = values.filter((v) => v !== '');
    if (filled.length !== values.length) dropped = true;
    if (filled.length > 0) kept.push([name, filled]);
  }
  // `fromEntries` defines each key as the object's own: assigned, a `__proto__` parameter would be lost.
  return dropped ? Object.fromEntries(kept) : null;
}

/** Redirects to `target` without the blank parameters, if there are any. */
export function redirectWithoutBlankParams(locale: Locale, target: LocalizedTarget, params: RawParams): void {
  const kept = withoutBlankParams(params);
  if (kept) redirect(localizedHref(locale, target, kept));
}
