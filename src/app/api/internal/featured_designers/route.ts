import { z } from 'zod';

import { getDesignerModels } from '@/features/catalog/server/queries';
import { getFeaturedDesigner } from '@/features/designers/server/queries';
import { locales } from '@/i18n/routing';
import { handleJson, jsonData } from '@/server/http/json';

export const dynamic = 'force-dynamic';

const localeSchema = z.enum(locales).catch('en');
const featuredProducts = 3;

/**
 * Spec §7: `{ data: { id, user: { id, username }, keywords, products } }`; `user` also carries what the
 * card shows (avatar, rating, total models). `data` is null when no designer is featured.
 */
export function GET(request: Request) {
  return handleJson(async () => {
    const locale = localeSchema.parse(new URL(request.url).searchParams.get('locale') ?? 'en');
    const featured = await getFeaturedDesigner();
    if (!featured) return jsonData(null);
    const products = await getDesignerModels(locale, featured.user.username, featuredProducts);
    const { designer } = featured;
    return jsonData(
      {
        id: featured.id,
        user: {
          id: featured.user.id,
          username: featured.user.username,
          avatar: designer.avatar,
          rating: designer.rating,
          totalModels: designer.totalModels,
        },
        keywords: featured.keywords,
        products,
      },
      { headers: { 'cache-control': 'public, max-age=60' } },
    );
  });
}
