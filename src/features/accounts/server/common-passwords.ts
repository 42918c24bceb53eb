/**
 * Common passwords and dictionary words (NIST SP 800-63B §3.1.1.2), from the zxcvbn-ts language
 * packages (decision 0041): `passwords-common` (≈49,000 passwords from breaches, all languages) for
 * everybody, plus the common words of the visitor's languages where a package has them. All local:
 * the lists ship in node_modules, nothing is asked of any network.
 */
import { passwordMinLength } from '../password-rules';

type Dictionaries = { dictionary: Record<string, string[]> };

/** Accept-Language's primary tags (and the site's locales, 'jp' read as 'ja') → the package of their common words. */
const languagePackages: Record<string, () => Promise<Dictionaries>> = {
  en: () => import('@zxcvbn-ts/language-en'),
  de: () => import('@zxcvbn-ts/language-de'),
  es: () => import('@zxcvbn-ts/language-es-es'),
  fr: () => import('@zxcvbn-ts/language-fr'),
  ja: () => import('@zxcvbn-ts/language-ja'),
  pt: () => import('@zxcvbn-ts/language-pt-br'),
};

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** Only entries a password could be: shorter ones are refused for their length already. */
function setOf(words: Iterable<string>): Set<string> {
  const set = new Set<string>();
  for (const word of words) if ([...word].length >= passwordMinLength) set.add(fold(word));
  return set;
}

let commonPasswords: Promise<Set<string>> | undefined;
const commonWords = new Map<string, Promise<Set<string>>>();

function passwordsOfAllLanguages(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then((m) =>
    setOf((m as Dictionaries).dictionary['passwords-common'] ?? []),
  );
  return commonPasswords;
}

function wordsOf(language: string): Promise<Set<string>> | undefined {
  const load = languagePackages[language];
  if (!load) return undefined;
  let words = commonWords.get(language);
  if (!words) {
    words = load().then(({ dictionary }) =>
      setOf(
        Object.entries(dictionary)
          .filter(([name]) => name.startsWith('commonWords'))
          .flatMap(([, list]) => list),
      ),
    );
    commonWords.set(language, words);
  }
  return words;
}

/**
 * The visitor's languages: the page's locale first, then those of Accept-Language (primary tags),
 * and English, which passwords everywhere borrow from.
 */
export function visitorLanguages(locale: unknown, acceptLanguage: string | null): string[] {
  const tags = [typeof locale === 'string' ? locale : '', ...(acceptLanguage ?? '').split(',')]
    .map((tag) => tag.trim().split(/[-_;]/)[0]!.toLowerCase())
    .map((tag) => (tag === 'jp' ? 'ja' : tag))
    .filter((tag) => tag in languagePackages);
  return [...new Set([...tags.slice(0, 4), 'en'])];
}

/** Whether the password, ignoring case, is a common password or a common word of those languages. */
export async function isCommonPassword(password: string, languages: readonly string[]): Promise<boolean> {
  const folded = fold(password);
  if ((await passwordsOfAllLanguages()).has(folded)) return true;
  for (const language of languages) {
    const words = wordsOf(language);
    if (words && (await words).has(folded)) return true;
  }
  return false;
}
