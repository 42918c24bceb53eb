import { z } from 'zod';

import { smallestSource } from '@/features/catalog/schemas';
import { getModelCardsByIds } from '@/features/catalog/server/queries';
import type { LiveSearchResponse } from '@/features/search/schemas';
import { getKeywordSuggestions } from '@/features/search/server/queries';
import { localizedHref } from '@/i18n/navigation';
import { locales } from '@/i18n/routing';
import { handleJson } from '@/server/http/json';

export const dynamic = 'force-dynamic';

const querySchema = z.object({
  query: z.string().catch(''),
  locale: z.enum(locales).catch('en'),
  print_ready: z.literal('1').optional().catch(undefined),
});

/**
 * Spec §3 "Suggestion" / §7: what the search box suggests for `query` — keywords, keywords within a
 * category, and models (thumbnails 60×40: the smallest preview file). Blank query: empty lists.
 */
export function GET(request: Request) {
  return handleJson(async () => {
    const params = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const suggestions = await getKeywordSuggestions(params.query, params.locale, {
      printReady: params.print_ready === '1',
    });
    const models = new Map(
      (await getModelCardsByIds(params.locale, suggestions.pictureModelIds)).map((model) => [
        model.id,
        model,
      ]),
    );
    const thumbnailOf = (id: number | null) => {
      const model = id === null ? undefined : models.get(id);
      return model ? smallestSource(model.primaryImage) : null;
    };
    const body: LiveSearchResponse = {
      keywordsInCategory: suggestions.keywordsInCategory.map((row) => ({
        keyword: row.keyword,
        categoryTitle: row.categoryTitle,
        thumbnailUrl: thumbnailOf(row.topModelId),
        url: localizedHref(
          params.locale,
          {
            pathname:
              row.categoryProductType === 'print' ? '/3d-print-models/[...path]' : '/3d-models/[...path]',
            params: { path: row.categoryPath.split('/') },
          },
          { keywords: row.keyword },
        ),
      })),
      keywords: suggestions.keywords.map((row) => ({
        suggestedKeyword: row.keyword,
        thumbnailUrl: thumbnailOf(row.topModelId),
      })),
      items: suggestions.itemModelIds.flatMap((id) => {
        const model = models.get(id);
        if (!model) return [];
        const thumbnail = smallestSource(model.primaryImage);
        return {
          itemTitle: model.title,
          itemThumbnailImage: thumbnail,
          thumbnailUrl: thumbnail,
          url: model.url,
        };
      }),
      searchKeyword: suggestions.searchKeyword,
      new_search_suggestion_list: true,
      autocomplete_search_suggestion: true,
    };
    return Response.json(body, { headers: { 'cache-control': 'no-cache, no-store' } });
  });
}
