/**
 * Search in the visitor's language (issue 26 §5, decision 0053): the catalogue is written in English,
 * so a query word of another locale is widened to the English words it translates, as an OR group in
 * the query's place. Nothing else of the query changes: its operators, phrases, prefixes and wildcards
 * keep their meaning, and the word itself stays in the group (a German "box" or a French "dragon" is
 * also English). Words written together — Japanese and Chinese, which have no spaces, and German
 * compounds such as "Handyhalter" — are split into the dictionary's longest words first.
 */
import type { BooleanQuery, Clause, Occur, QueryNode } from './query-language';
import { searchWords } from './search-words';

/** One locale's words (folded as the catalogue's words are, see `searchWords`) → English words. */
export type Splitting = 'no-space' | 'compounds' | 'none';

export interface SearchDictionary {
  /** A form → the English words it widens to. Multi-word forms are their words joined by a space. */
  readonly forms: ReadonlyMap<string, readonly string[]>;
  /** The longest single-word form, in characters (bounds the search for a split). */
  readonly longestForm: number;
  /** The most words a form of several words has (bounds the search for typed runs of them). */
  readonly longestRun: number;
  /** Every form as the translators wrote it, sorted by its folded key (for suggestions). */
  readonly spellings: readonly FormSpelling[];
  /**
   * How a word that is not a form may be split: `no-space` (Japanese, Chinese) into forms of any
   * length, unknown characters left as parts; `compounds` (German) only wholly into forms of 3
   * characters or more; `none` not at all.
   */
  readonly splitting: Splitting;
}

export interface FormSpelling {
  /** The form folded as the index folds words. */
  readonly key: string;
  /** The form as written ("stühle"). */
  readonly text: string;
  /** The English it widens to. */
  readonly english: string;
  /** Its English line's place in the dictionary: the catalogue's most frequent words come first. */
  readonly rank: number;
}

/** Compound parts shorter than this are not split off (so "handyhalter" is not read as "han"+…). */
const shortestCompoundPart = 3;
/** No-space scripts: a run of these characters is split into the dictionary's words. */
const noSpaceScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function translateQuery(query: BooleanQuery, dictionary: SearchDictionary): BooleanQuery {
  const clauses: Clause[] = [];
  for (let at = 0; at < query.clauses.length;) {
    const run = formRun(query.clauses, at, dictionary);
    if (run) {
      clauses.push(...widened('should', { kind: 'phrase', text: run.text }, run.english));
      at += run.length;
    } else {
      clauses.push(...translateClause(query.clauses[at]!, dictionary));
      at++;
    }
  }
  return { kind: 'boolean', clauses };
}

function translateClause(clause: Clause, dictionary: SearchDictionary): Clause[] {
  const { occur, node } = clause;
  if (node.kind === 'boolean') return [{ occur, node: translateQuery(node, dictionary) }];
  if (node.kind !== 'term') return [clause];
  const words = searchWords(node.text);
  const whole = dictionary.forms.get(words.join(' '));
  if (whole) return widened(occur, node, whole);
  const parts = splitTerm(words, dictionary);
  if (!parts) return [clause];
  // An optional word written together is its parts, each optional, as if typed with spaces (so a
  // model with more of them ranks first); a required or excluded one is all of them as a group.
  const partClauses = parts.flatMap((part) =>
    widened('should', { kind: 'term', text: part }, dictionary.forms.get(part) ?? []),
  );
  return occur === 'should' ? partClauses : [{ occur, node: { kind: 'boolean', clauses: partClauses } }];
}

/**
 * Optional words typed one after another that together are a form ("juego de ajedrez", "porta
 * lápis"): the longest such run from `at`, of two words or more; null when there is none.
 */
function formRun(
  clauses: readonly Clause[],
  at: number,
  dictionary: SearchDictionary,
): { length: number; text: string; english: readonly string[] } | null {
  const words: string[] = [];
  const typed: string[] = [];
  for (let end = at; end < clauses.length && end - at < dictionary.longestRun; end++) {
    const { occur, node } = clauses[end]!;
    if (occur !== 'should' || node.kind !== 'term') break;
    words.push(...searchWords(node.text));
    typed.push(node.text);
  }
  for (let length = typed.length; length >= 2; length--) {
    const key = words.slice(0, wordCount(typed.slice(0, length))).join(' ');
    const english = dictionary.forms.get(key);
    if (english) return { length, text: typed.slice(0, length).join(' '), english };
  }
  return null;
}

const wordCount = (texts: readonly string[]) =>
  texts.reduce((count, text) => count + searchWords(text).length, 0);

/** A word that is no form but is written-together forms: its parts; else null. */
function splitTerm(words: readonly string[], dictionary: SearchDictionary): string[] | null {
  if (words.length !== 1 || dictionary.splitting === 'none') return null;
  return splitIntoForms(words[0]!, dictionary);
}

/**
 * What the visitor typed, widened to its English: one English word joins it as an OR group in its
 * place; an English phrase ("chess set" for "Schachspiel") becomes its words, each a clause of its
 * own as an English visitor types them, so models with all of them rank first.
 */
function widened(occur: Occur, typed: QueryNode, english: readonly string[]): Clause[] {
  const folded = typed.kind === 'term' || typed.kind === 'phrase' ? searchWords(typed.text).join(' ') : '';
  const others = english.filter((text) => text !== folded);
  if (others.length === 0) return [{ occur, node: typed }];
  const phraseWords = others[0]!.split(' ');
  if (phraseWords.length === 1) {
    const words = others.map((text): QueryNode => ({ kind: 'term', text }));
    return [{ occur, node: { kind: 'boolean', clauses: [typed, ...words].map(optional) } }];
  }
  const words = phraseWords.map((text): QueryNode => ({ kind: 'term', text }));
  if (occur === 'should') return [typed, ...words].map(optional);
  // Required or excluded: what was typed, or all the English words.
  const allOf: QueryNode = { kind: 'boolean', clauses: words.map((node) => ({ occur: 'must', node })) };
  return [{ occur, node: { kind: 'boolean', clauses: [typed, allOf].map(optional) } }];
}

const optional = (node: QueryNode): Clause => ({ occur: 'should', node });

/**
 * Splits a word into dictionary forms. In a no-space script: longest first from the left, characters
 * no form covers becoming parts of their own (they still count as words). A compound: wholly into
 * forms of at least 3 characters, or not at all (null).
 */
export function splitIntoForms(word: string, dictionary: SearchDictionary): string[] | null {
  const chars = [...word];
  if (dictionary.splitting === 'compounds') return splitCompound(chars, dictionary);
  if (dictionary.splitting !== 'no-space' || !noSpaceScript.test(word)) return null;
  const parts: string[] = [];
  let unknown = '';
  let at = 0;
  while (at < chars.length) {
    let found = 0;
    for (let length = Math.min(dictionary.longestForm, chars.length - at); length >= 1; length--) {
      if (dictionary.forms.has(chars.slice(at, at + length).join(''))) {
        found = length;
        break;
      }
    }
    if (found === 0) {
      unknown += chars[at];
      at++;
      continue;
    }
    if (unknown) parts.push(unknown);
    unknown = '';
    parts.push(chars.slice(at, at + found).join(''));
    at += found;
  }
  if (unknown) parts.push(unknown);
  return parts.length > 1 ? parts : null;
}

/**
 * A compound covered by forms end to end, in the fewest parts (the longest first part among those);
 * longest-first alone can take too much and strand the rest. Words are short: the search is bounded
 * by their length squared.
 */
function splitCompound(chars: string[], dictionary: SearchDictionary): string[] | null {
  const n = chars.length;
  // best[i]: the fewest parts covering chars[i..], as the parts; undefined when none does.
  const best: (string[] | undefined)[] = new Array(n + 1);
  best[n] = [];
  for (let i = n - 1; i >= 0; i--) {
    for (let length = Math.min(dictionary.longestForm, n - i); length >= shortestCompoundPart; length--) {
      const rest = best[i + length];
      if (rest === undefined) continue;
      const part = chars.slice(i, i + length).join('');
      if (!dictionary.forms.has(part)) continue;
      if (best[i] === undefined || rest.length + 1 < best[i]!.length) best[i] = [part, ...rest];
    }
  }
  const parts = best[0];
  return parts && parts.length > 1 ? parts : null;
}

/**
 * English words no form widens to: function words, which most titles have, would widen a query to the
 * whole catalogue ("der Stuhl" → "the").
 */
const functionWords = new Set(
  'a an and are as at be by for from in is it of on or the this to with without your my'.split(' '),
);

/**
 * Builds a dictionary from `english<TAB>form|form` lines, the most frequent English word first (`=` the
 * same word, `-` no translation). A form of several English words widens to the most frequent of them
 * only: Russian "шестеренка" is a gear before it is a cog or a pinion, German "Blumentopf" a planter
 * before a flowerpot. The visitor then finds what an English visitor finds for the common word; each
 * rarer word would bring its own models into the first page. An English phrase ("chess set") says more
 * than a word, so its forms ("Schachspiel") widen to it even where a word's line lists them too.
 */
export function readSearchDictionary(text: string, splitting: Splitting): SearchDictionary {
  const forms = new Map<string, string[]>();
  const spelled = new Map<string, FormSpelling>();
  const add = (written: string, english: string, rank: number) => {
    const key = searchWords(written).join(' ');
    // A phrase written as in English is already read as the English visitor's words.
    if (!key || isSpacingOf(key, english) || (key === english && english.includes(' '))) return;
    const earlier = forms.get(key)?.[0];
    if (earlier !== undefined && !refines(english, earlier)) return;
    forms.set(key, [english]);
    spelled.set(key, { key, text: written.trim().toLowerCase(), english, rank });
  };
  const lines = text.split('\n').flatMap((line, rank) => {
    const [englishText, translations] = line.split('\t');
    if (!englishText || !translations || translations === '-') return [];
    const english = searchWords(englishText).join(' ');
    if (!english || functionWords.has(english)) return [];
    return [{ english, translations, rank }];
  });
  // Words first, then phrases, whatever the file's order: a phrase may take a word's form (`refines`).
  const phrase = (english: string) => english.includes(' ');
  for (const { english, translations, rank } of [
    ...lines.filter((line) => !phrase(line.english)),
    ...lines.filter((line) => phrase(line.english)),
  ]) {
    // The same word in both languages: a form too, so that compounds split into it ("Blumenvase").
    if (translations === '=') add(english, english, rank);
    else for (const form of translations.split('|')) add(form, english, rank);
  }
  const spellings = [...spelled.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let longestForm = 0;
  let longestRun = 1;
  for (const key of forms.keys()) {
    const words = key.split(' ').length;
    if (words === 1) longestForm = Math.max(longestForm, [...key].length);
    else longestRun = Math.max(longestRun, words);
  }
  return { forms, longestForm, longestRun, spellings, splitting };
}

/**
 * "low poly" for "lowpoly", "key chain" for "keychain": the English itself, spaced another way, is no
 * translation (and would change what an English visitor's words find). The same word is (`=`).
 */
function isSpacingOf(form: string, english: string): boolean {
  const squashed = (text: string) => text.replace(/[\s-]+/g, '');
  return form !== english && squashed(form) === squashed(english);
}

/**
 * A phrase takes a form from a word it contains ("Schachspiel": chess → chess set) or that is the phrase
 * written together ("Stiftehalter": penholder → pen holder; the dictionaries list a phrase only where
 * the catalogue has it more often than its words written together), never from another word or
 * phrase: the most frequent English stays first ("luminária" is a lamp before a light fixture).
 */
function refines(english: string, earlier: string): boolean {
  if (!english.includes(' ') || earlier.includes(' ')) return false;
  return english.split(' ').includes(earlier) || english.replaceAll(' ', '') === earlier;
}

/**
 * The forms that begin with what the visitor typed, as written, the most frequent English first, the
 * shortest of each English word's forms; a form that is its English word too ("box") is left to the
 * English suggestions.
 */
export function formsStartingWith(
  dictionary: SearchDictionary,
  typed: string,
  limit: number,
): FormSpelling[] {
  const prefix = searchWords(typed).join(' ');
  if (!prefix) return [];
  const { spellings } = dictionary;
  let low = 0;
  let high = spellings.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spellings[middle]!.key < prefix) low = middle + 1;
    else high = middle;
  }
  const matches: FormSpelling[] = [];
  for (let at = low; at < spellings.length && spellings[at]!.key.startsWith(prefix); at++) {
    if (spellings[at]!.key !== spellings[at]!.english) matches.push(spellings[at]!);
  }
  // One form an English word: "stuhl" and "stühle" would be the same search twice.
  const english = new Set<string>();
  return matches
    .sort((a, b) => a.rank - b.rank || a.key.length - b.key.length)
    .filter((form) => !english.has(form.english) && english.add(form.english))
    .slice(0, limit);
}
