/**
 * CSRF protection for every state-changing JSON call (docs/decisions/0006-csrf.md): the request must
 * come from our own pages — `Sec-Fetch-Site: same-origin` when the browser sends it, an `Origin` equal
 * to ours — and carry the `X-CSRF-Protection: 1` header, which a cross-site form cannot set and a
 * cross-site script cannot send without a CORS preflight we never grant.
 */
import { env } from '@/env';
import { AppError } from '@/server/errors';

export const csrfHeader = 'x-csrf-protection';

function ownOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(env.publicUrl).origin]);
  const host = request.headers.get('host');
  if (host) {
    const protocol =
      request.headers.get('x-forwarded-proto') === 'https'
        ? 'https'
        : new URL(request.url).protocol.slice(0, -1);
    origins.add(`${protocol}://${host}`);
  }
  return origins;
}

export function assertSameOriginRequest(request: Request): void {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null && fetchSite !== 'same-origin') {
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
  const origin = request.headers.get('origin');
  if (origin === null ? fetchSite === null : !ownOrigins(request).has(origin)) {
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
  if (request.headers.get(csrfHeader) !== '1') {
    throw new AppError('FORBIDDEN', `Missing ${csrfHeader} header`);
  }
}
