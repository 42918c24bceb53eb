/**
 * Search in the visitor's language (issue 26 §5, decision 0053): the catalogue is written in English,
 * so a query word of another locale is widened to the English words it translates, as an OR group in
 * the query's place. Nothing else of the query changes: its operators, phrases, prefixes and wildcards
 * keep their meaning, and the word itself stays in the group (a German "box" or a French "dragon" is
 * also English). Words written together — Japanese and Chinese, which have no spaces, and German
 * compounds such as "Handyhalter" — are split into the dictionary's longest words first.
 */
import type { BooleanQuery, Clause, QueryNode } from './query-language';
import { searchWords } from './search-words';

/** One locale's words (folded as the catalogue's words are, see `searchWords`) → English words. */
export type Splitting = 'no-space' | 'compounds' | 'none';

export interface SearchDictionary {
  /** A form → the English words it widens to. Multi-word forms are their words joined by a space. */
  readonly forms: ReadonlyMap<string, readonly string[]>;
  /** The longest single-word form, in characters (bounds the search for a split). */
  readonly longestForm: number;
  /**
   * How a word that is not a form may be split: `no-space` (Japanese, Chinese) into forms of any
   * length, unknown characters left as parts; `compounds` (German) only wholly into forms of 3
   * characters or more; `none` not at all.
   */
  readonly splitting: Splitting;
}

/** Compound parts shorter than this are not split off (so "handyhalter" is not read as "han"+…). */
const shortestCompoundPart = 3;
/** No-space scripts: a run of these characters is split into the dictionary's words. */
const noSpaceScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function translateQuery(query: BooleanQuery, dictionary: SearchDictionary): BooleanQuery {
  return {
    kind: 'boolean',
    clauses: query.clauses.flatMap((clause): Clause[] => {
      const parts = clause.node.kind === 'term' ? splitTerm(clause.node, dictionary) : null;
      if (!parts) return [{ occur: clause.occur, node: translateNode(clause.node, dictionary) }];
      // An optional word written together is its parts, each optional, as if typed with spaces (so
      // a model with more of them ranks first); a required or excluded one is all of them as a group.
      const partClauses = parts.map((node) => ({ occur: 'should' as const, node }));
      return clause.occur === 'should'
        ? partClauses
        : [{ occur: clause.occur, node: { kind: 'boolean', clauses: partClauses } }];
    }),
  };
}

function translateNode(node: QueryNode, dictionary: SearchDictionary): QueryNode {
  if (node.kind === 'boolean') return translateQuery(node, dictionary);
  if (node.kind !== 'term') return node;
  const words = searchWords(node.text);
  const whole = dictionary.forms.get(words.join(' '));
  return whole ? anyOf(node, whole) : node;
}

/** A term that is no form but is written-together forms: its parts, each widened; else null. */
function splitTerm(term: QueryNode & { kind: 'term' }, dictionary: SearchDictionary): QueryNode[] | null {
  const words = searchWords(term.text);
  if (words.length !== 1 || dictionary.splitting === 'none' || dictionary.forms.has(words[0]!)) return null;
  const parts = splitIntoForms(words[0]!, dictionary);
  return parts
    ? parts.map((part) => anyOf({ kind: 'term', text: part }, dictionary.forms.get(part) ?? []))
    : null;
}

/** The term, or an OR group of the term and its English words. */
function anyOf(term: QueryNode & { kind: 'term' }, english: readonly string[]): QueryNode {
  const folded = searchWords(term.text).join(' ');
  const others = english.filter((word) => word !== folded);
  if (others.length === 0) return term;
  return {
    kind: 'boolean',
    clauses: [term, ...others.map((text) => ({ kind: 'term' as const, text }))].map((node) => ({
      occur: 'should' as const,
      node,
    })),
  };
}

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
 * rarer word would bring its own models into the first page.
 */
export function readSearchDictionary(text: string, splitting: Splitting): SearchDictionary {
  const forms = new Map<string, string[]>();
  let longestForm = 0;
  const add = (key: string, english: string) => {
    if (!key || forms.has(key)) return;
    forms.set(key, [english]);
    if (!key.includes(' ')) longestForm = Math.max(longestForm, [...key].length);
  };
  for (const line of text.split('\n')) {
    const [englishText, translations] = line.split('\t');
    if (!englishText || !translations || translations === '-') continue;
    const english = searchWords(englishText).join(' ');
    if (!english || functionWords.has(english)) continue;
    // The same word in both languages: a form too, so that compounds split into it ("Blumenvase").
    if (translations === '=') add(english, english);
    else for (const form of translations.split('|')) add(searchWords(form).join(' '), english);
  }
  return { forms, longestForm, splitting };
}
