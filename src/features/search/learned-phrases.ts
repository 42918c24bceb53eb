/**
 * Which searches the search box may learn as suggestions for everyone (decision 0039). A suggestion is
 * shown to every visitor, so it must read like a search for models: a few words, not a phone number,
 * a web address or a sentence.
 */

/** Words of a learnable phrase at most: searches for models are short; spam is a sentence. */
export const maxLearnedWords = 5;
/** Digits a learnable phrase may hold at most ("iphone 15 stand", "2026 calendar"; not "555 0100"). */
export const maxLearnedDigits = 4;

/** Words that make a phrase read as a web or mail address. */
const addressWords = new Set(['http', 'https', 'www', 'ftp', 'mailto', 'html', 'php']);
/** Top-level domains that, as the last of several words, make a phrase read as "example com". */
const domainEndings = new Set([
  'com',
  'net',
  'org',
  'info',
  'biz',
  'io',
  'ru',
  'cn',
  'xyz',
  'top',
  'site',
  'online',
  'shop',
]);

/**
 * Whether a phrase (validated by `searchEventSchema`: letters and digits in words separated by single
 * spaces) may be learned: at most five words, at most four digits and no more than a third of its
 * characters digits, no word of a web address and no domain-like ending.
 */
export function isLearnablePhrase(phrase: string): boolean {
  const words = phrase.toLowerCase().split(' ').filter(Boolean);
  if (words.length === 0 || words.length > maxLearnedWords) return false;
  const characters = words.join('');
  const digits = characters.replace(/\D/g, '').length;
  if (digits > maxLearnedDigits || digits * 3 > characters.length) return false;
  if (words.some((word) => addressWords.has(word))) return false;
  if (words.length > 1 && domainEndings.has(words.at(-1)!)) return false;
  return true;
}

/**
 * The query that checks a phrase is a real search: every one of its words must find models (`+word`),
 * where the search box's own query (default OR) would find models for one word of a sentence.
 */
export function allWordsQuery(phrase: string): string {
  return phrase
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .map((word) => `+${word}`)
    .join(' ');
}
