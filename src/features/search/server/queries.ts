/** Reads of the search box: keyword suggestions from the small `search_keywords` table. */
import { searchFormsStartingWith } from '@/features/catalog/server/api';
import { TtlCache } from '@/lib/ttl-cache';

import { normalizeTypedQuery, suggestionLimits } from '../schemas';
import {
  findCategoryKeywordsByPrefix,
  findKeywords,
  findKeywordsByPrefix,
  findSimilarKeywords,
  selectLearnedPhrases,
  type CategoryKeywordRow,
  type KeywordRow,
  type LearnedPhraseRow,
} from './repository';

/** Typo-tolerant matching needs a few letters: trigrams of one or two say nothing. */
const minSimilarityLength = 3;

export interface KeywordSuggestions {
  searchKeyword: string;
  keywords: KeywordRow[];
  keywordsInCategory: CategoryKeywordRow[];
  /** Models to show as item suggestions: the top models of the suggested keywords. */
  itemModelIds: number[];
  /** Every model whose picture is shown: the items and the keywords' thumbnails. */
  pictureModelIds: number[];
}

/**
 * Suggestions for what is typed: keywords starting with it, most popular first, topped up with
 * similar ones (typos); the same per category; blank text gives nothing. In print-ready mode only
 * print categories and their models are suggested.
 */
export function getKeywordSuggestions(
  typed: string,
  locale: string,
  options: { printReady: boolean },
): Promise<KeywordSuggestions> {
  const searchKeyword = normalizeTypedQuery(typed);
  // Typing repeats the same prefixes all day: answers are kept a minute (cleared when a search is learned).
  const key = JSON.stringify([searchKeyword.toLowerCase(), locale, options.printReady]);
  const cached = suggestionCache.get(key);
  if (cached) return cached;
  const answer = findKeywordSuggestions(searchKeyword, locale, options);
  suggestionCache.set(key, answer);
  answer.catch(() => suggestionCache.delete(key));
  return answer;
}

export const suggestionCache = new TtlCache<Promise<KeywordSuggestions>>(60_000, 5_000);

async function findKeywordSuggestions(
  searchKeyword: string,
  locale: string,
  options: { printReady: boolean },
): Promise<KeywordSuggestions> {
  if (!searchKeyword)
    return { searchKeyword, keywords: [], keywordsInCategory: [], itemModelIds: [], pictureModelIds: [] };
  const [byPrefix, keywordsInCategory] = await Promise.all([
    findKeywordsByPrefix(searchKeyword, suggestionLimits.keywords),
    findCategoryKeywordsByPrefix(searchKeyword, locale, {
      printOnly: options.printReady,
      limit: suggestionLimits.keywordsInCategory,
    }),
  ]);
  let keywords = byPrefix;
  if (byPrefix.length < suggestionLimits.keywords && searchKeyword.length >= minSimilarityLength) {
    const similar = await findSimilarKeywords(searchKeyword, suggestionLimits.keywords);
    const seen = new Set(byPrefix.map((row) => row.keyword));
    keywords = [...byPrefix, ...similar.filter((row) => !seen.has(row.keyword))].slice(
      0,
      suggestionLimits.keywords,
    );
  }
  keywords = await withVisitorsWords(keywords, searchKeyword, locale);
  const topModels = (rows: KeywordRow[]) => [
    ...new Set(rows.flatMap((row) => (row.topModelId === null ? [] : [row.topModelId]))),
  ];
  const itemModelIds = topModels(
    options.printReady ? keywordsInCategory : [...keywords, ...keywordsInCategory],
  ).slice(0, suggestionLimits.items);
  const pictureModelIds = topModels([...keywords, ...keywordsInCategory]);
  return { searchKeyword, keywords, keywordsInCategory, itemModelIds, pictureModelIds };
}

/**
 * The catalogue is English: a visitor of another language also gets the words of their own language
 * that begin with what they typed (decision 0053), each a search that is widened to its English, with
 * the English keyword's picture. They take the first half of the list, the English keywords the rest,
 * and either fills what the other leaves empty.
 */
async function withVisitorsWords(
  english: KeywordRow[],
  typed: string,
  locale: string,
): Promise<KeywordRow[]> {
  const limit = suggestionLimits.keywords;
  const forms = searchFormsStartingWith(locale, typed, limit);
  if (forms.length === 0) return english;
  const firstWord = (text: string) => text.split(' ')[0]!;
  const pictures = new Map(
    (await findKeywords([...new Set(forms.flatMap((form) => [form.english, firstWord(form.english)]))])).map(
      (row) => [row.keyword, row.topModelId],
    ),
  );
  const visitors: KeywordRow[] = forms.map((form) => ({
    keyword: form.text,
    topModelId: pictures.get(form.english) ?? pictures.get(firstWord(form.english)) ?? null,
  }));
  const ownShare = Math.max(Math.ceil(limit / 2), limit - english.length);
  const merged = [...visitors.slice(0, ownShare), ...english];
  const seen = new Set<string>();
  return merged.filter((row) => !seen.has(row.keyword) && seen.add(row.keyword)).slice(0, limit);
}

/** How many learned phrases the admin page lists at once (narrowed by a prefix). */
export const learnedPhrasesPageSize = 100;

/** The phrases searches taught the box, most popular first, for the admin page. */
export function getLearnedPhrases(prefix: string): Promise<{ items: LearnedPhraseRow[]; total: number }> {
  return selectLearnedPhrases({ prefix: normalizeTypedQuery(prefix), limit: learnedPhrasesPageSize });
}
