import type { MetadataRoute } from 'next';

import { env } from '@/env';

export const dynamic = 'force-dynamic';

/** Everything public may be crawled except the JSON API and search results; the sitemap lists the rest. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/search', '/*/search'] },
    sitemap: new URL('/sitemap.xml', env.publicUrl).toString(),
  };
}
