/**
 * HTTP Strict Transport Security for a site served over https (its PUBLIC_URL): two years, subdomains
 * included, so a browser that has seen the site once never asks for it over plain http again. Null for
 * a site on http (development, a local test), where the header would lock the browser out.
 */
export function strictTransportSecurity(publicUrl: string): string | null {
  return publicUrl.startsWith('https://') ? 'max-age=63072000; includeSubDomains' : null;
}
