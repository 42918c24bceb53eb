import { z } from 'zod';

/** Spec §5 / DESIGN §5: any query up to 256 characters is searched; the box stops typing there. */
export const maxQueryLength = 256;

/** Suggestions look at the first 64 characters of what is typed (no keyword is longer). */
export const maxSuggestionQueryLength = 64;

/** How many suggestions of each kind the search box shows. */
export const suggestionLimits = { keywords: 6, keywordsInCategory: 3, items: 4 } as const;

/** What is typed, trimmed, with runs of spaces made one; blank gives ''. */
export function normalizeTypedQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').slice(0, maxSuggestionQueryLength);
}

/**
 * A search the box reports (spec §7 tracking: searchTerm, type model). Only plain words are learned
 * as suggestions: operators and symbols are for the one who typed them.
 */
export const searchEventSchema = z.object({
  searchTerm: z
    .string()
    .transform(normalizeTypedQuery)
    .pipe(
      z
        .string()
        .min(2)
        .regex(/^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u),
    ),
  type: z.literal('model'),
});

/** Spec §3 "Suggestion" response of `GET /api/internal/items/live_search.json`. */
export interface LiveSearchResponse {
  /** `url`: the category's listing searched for the keyword (choosing it keeps the category). */
  keywordsInCategory: Array<{
    keyword: string;
    categoryTitle: string;
    thumbnailUrl: string | null;
    url: string;
  }>;
  keywords: Array<{ suggestedKeyword: string; thumbnailUrl: string | null }>;
  items: Array<{ itemTitle: string; itemThumbnailImage: string; thumbnailUrl: string; url: string }>;
  searchKeyword: string;
  new_search_suggestion_list: boolean;
  autocomplete_search_suggestion: boolean;
}
