/**
 * Whole numbers written as the locale writes them, without `Intl` in the browser. The first `Intl`
 * call of a page costs 50–110 ms on this project's test host (ICU's locale data is set up for it, 4×
 * that on Lighthouse's mobile CPU), and the model page made it while hydrating, for its like and view
 * counts (decision 0049). The server reads the locale's grouping once with `Intl`; the browser only
 * inserts the separator. All of the site's locales write Latin digits in groups of three.
 */
export interface IntegerGrouping {
  /** The group separator ("," in English, "." in German, a narrow no-break space in French). */
  separator: string;
  /** 2 where a four-digit number is not grouped (Spanish "1234", "12.345"), else 1. */
  minimumGroupingDigits: 1 | 2;
}

/** The locale's grouping, read with `Intl` (on the server). */
export function integerGroupingOf(languageTag: string): IntegerGrouping {
  const format = new Intl.NumberFormat(languageTag);
  const separator = format.formatToParts(1234567).find((part) => part.type === 'group')?.value ?? '';
  return { separator, minimumGroupingDigits: /\D/.test(format.format(1234)) ? 1 : 2 };
}

/** A count (a whole number, 0 or more) written with the locale's grouping, as `Intl.NumberFormat` would. */
export function formatCount(value: number, { separator, minimumGroupingDigits }: IntegerGrouping): string {
  const digits = String(Math.max(0, Math.trunc(value)));
  if (digits.length < 3 + minimumGroupingDigits) return digits;
  return digits.replace(/\B(?=(\d{3})+$)/g, separator);
}
