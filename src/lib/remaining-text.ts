import { fillTemplate } from '@/lib/template';

/** "4,950 characters left" under a text field in the locale's plural form and number grouping (`tag`: a BCP 47 tag). */
export function remainingText(templates: { one: string; other: string }, tag: string, remaining: number) {
  let plural: Intl.LDMLPluralRule = 'other';
  let count = String(remaining);
  try {
    plural = new Intl.PluralRules(tag).select(remaining);
    count = new Intl.NumberFormat(tag).format(remaining);
  } catch {
    // An unknown tag: plain digits and the general form.
  }
  return fillTemplate(plural === 'one' ? templates.one : templates.other, { count });
}
