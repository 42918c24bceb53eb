/**
 * The dictionaries of search in the visitor's language (decision 0053): one TSV a locale beside this
 * file, `english<TAB>form|form|…`, read once per process on the first search in that locale.
 */
import fs from 'node:fs';
import path from 'node:path';

import {
  formsStartingWith,
  readSearchDictionary,
  type FormSpelling,
  type SearchDictionary,
  type Splitting,
} from '../query-translation';

const folder = path.join(process.cwd(), 'src/features/catalog/server/search-dictionary');

const splittingOf: Record<string, Splitting> = { jp: 'no-space', 'zh-CN': 'no-space', de: 'compounds' };

const loaded = new Map<string, SearchDictionary | null>();

/** The locale's dictionary, or null for English (the catalogue's own language) and unknown locales. */
export function searchDictionary(locale: string): SearchDictionary | null {
  if (loaded.has(locale)) return loaded.get(locale)!;
  let dictionary: SearchDictionary | null = null;
  if (locale !== 'en' && /^[a-z]{2}(-[A-Z]{2})?$/.test(locale)) {
    try {
      const text = fs.readFileSync(path.join(folder, `${locale}.tsv`), 'utf8');
      dictionary = readSearchDictionary(text, splittingOf[locale] ?? 'none');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  loaded.set(locale, dictionary);
  return dictionary;
}

/** Words of the visitor's language that begin with what they typed, for the search box's suggestions. */
export function searchFormsStartingWith(locale: string, typed: string, limit: number): FormSpelling[] {
  const dictionary = searchDictionary(locale);
  return dictionary ? formsStartingWith(dictionary, typed, limit) : [];
}
