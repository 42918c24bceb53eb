/** Sitemap XML (sitemaps.org protocol), with hreflang alternates where a page exists in every locale. */
const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface SitemapEntry {
  url: string;
  lastModified?: Date;
  alternates?: Record<string, string>;
}

export function urlSetXml(entries: SitemapEntry[]): string {
  const body = entries
    .map((entry) => {
      const alternates = Object.entries(entry.alternates ?? {})
        .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`)
        .join('');
      const modified = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : '';
      return `<url><loc>${escapeXml(entry.url)}</loc>${modified}${alternates}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(urls: string[]): string {
  const body = urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
