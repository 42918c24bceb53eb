import { env } from '@/env';
import { getModelSitemapChunkCount } from '@/features/catalog/server/queries';
import { locales } from '@/i18n/routing';

import { sitemapIndexXml, xmlResponse } from '../sitemaps/sitemap-xml';

export const dynamic = 'force-dynamic';

/** The sitemap index: pages, categories, designers, and the models in chunks per locale. */
export async function GET() {
  const chunks = await getModelSitemapChunkCount();
  const files = ['pages.xml', 'categories.xml', 'designers.xml'];
  for (const locale of locales) for (let i = 0; i < chunks; i++) files.push(`models-${locale}-${i}.xml`);
  return xmlResponse(sitemapIndexXml(files.map((f) => new URL(`/sitemaps/${f}`, env.publicUrl).toString())));
}
