import { z } from 'zod';

import { getTrendingModels } from '@/features/catalog/server/queries';
import { locales } from '@/i18n/routing';
import { AppError } from '@/server/errors';
import { handleJson, jsonData } from '@/server/http/json';

export const dynamic = 'force-dynamic';

const querySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(50).default(10),
  locale: z.enum(locales).default('en'),
});

/** Spec §7: `{ data: { items } }`, the most trending model cards (default 10, the home page asks for 8). */
export function GET(request: Request) {
  return handleJson(async () => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const query = querySchema.safeParse(params);
    if (!query.success) {
      const field = String(query.error.issues[0]?.path[0] ?? 'query');
      throw new AppError(
        'BAD_REQUEST',
        field === 'per_page' ? 'per_page must be a whole number from 1 to 50' : `Invalid ${field}`,
      );
    }
    const items = await getTrendingModels(query.data.locale, query.data.per_page);
    return jsonData({ items }, { headers: { 'cache-control': 'public, max-age=60' } });
  });
}
