/** Reads of the search box: keyword suggestions from the small `search_keywords` table. */
import { normalizeTypedQuery, suggestionLimits } from '../schemas';
import {
  findCategoryKeywordsByPrefix,
  findKeywordsByPrefix,
  findSimilarKeywords,
  type KeywordRow,
} from './repository';

/** Typo-tolerant matching needs a few letters: trigrams of one or two say nothing. */
const minSimilarityLength = 3;

export interface KeywordSuggestions {
  searchKeyword: string;
  keywords: KeywordRow[];
  keywordsInCategory: Array<KeywordRow & { categoryTitle: string }>;
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
export async function getKeywordSuggestions(
  typed: string,
  locale: string,
  options: { printReady: boolean },
): Promise<KeywordSuggestions> {
  const searchKeyword = normalizeTypedQuery(typed);
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
  const topModels = (rows: KeywordRow[]) => [
    ...new Set(rows.flatMap((row) => (row.topModelId === null ? [] : [row.topModelId]))),
  ];
  const itemModelIds = topModels(
    options.printReady ? keywordsInCategory : [...keywords, ...keywordsInCategory],
  ).slice(0, suggestionLimits.items);
  const pictureModelIds = topModels([...keywords, ...keywordsInCategory]);
  return { searchKeyword, keywords, keywordsInCategory, itemModelIds, pictureModelIds };
}
