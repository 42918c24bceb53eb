import { fillTemplate } from '@/lib/template';

/** "4,950 characters left" in the locale's plural form and number grouping (`tag`: a BCP 47 tag). */
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

/** A file size for people: "1.2 MB". */
export function fileSizeText(bytes: number, tag: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  try {
    return `${new Intl.NumberFormat(tag, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
  } catch {
    return `${value.toFixed(digits)} ${units[unit]}`;
  }
}
