import { z } from 'zod';

import {
  maxKeywordsLength,
  pageParamSchema,
  parseListingFilters,
  parsePerPage,
} from '@/features/catalog/schemas';
import { searchModels } from '@/features/catalog/server/queries';
import { locales } from '@/i18n/routing';
import { AppError } from '@/server/errors';
import { handleJson, jsonData } from '@/server/http/json';

export const dynamic = 'force-dynamic';

const optionsSchema = z.object({
  locale: z.enum(locales).catch('en'),
  type: z.enum(['models', 'print']).optional().catch(undefined),
});

/** Repeated keys (`formats[]=stl&formats[]=obj`) become arrays, as on the listing pages. */
function queryParams(url: URL): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const existing = params[key];
    params[key] = existing === undefined ? value : [...[existing].flat(), value];
  }
  return params;
}

/**
 * The listing as JSON (README "JSON API"): the same parameters as the listing pages — keywords in the
 * query language, filters, sort, `page`, `per_page` (24, 48 or 96) — and `type` (models | print) and
 * `locale`; `facets=0` leaves the facet counts out (null). Bad values are read as their defaults or
 * clamped; only over-long keywords are refused.
 */
export function GET(request: Request) {
  return handleJson(async () => {
    const url = new URL(request.url);
    const params = queryParams(url);
    const keywords = url.searchParams.get('keywords')?.trim() ?? '';
    if (keywords.length > maxKeywordsLength)
      throw new AppError('BAD_REQUEST', `keywords must be at most ${maxKeywordsLength} characters`);
    const filters = parseListingFilters(params);
    const { locale, type } = optionsSchema.parse({
      locale: url.searchParams.get('locale') ?? undefined,
      type: url.searchParams.get('type') ?? undefined,
    });
    const result = await searchModels({
      locale,
      productType: filters.printReady ? 'print' : type,
      filters,
      page: pageParamSchema.parse(url.searchParams.get('page') ?? undefined),
      perPage: parsePerPage(url.searchParams.get('per_page') ?? undefined),
      withFacets: url.searchParams.get('facets') !== '0',
    });
    return jsonData({
      items: result.items,
      total: result.total,
      page: result.page,
      per_page: result.perPage,
      page_count: result.pageCount,
      facets: result.facets,
    });
  });
}
