/**
 * CSRF protection for every state-changing request (decisions 0006 and 0019), in two layers:
 * 1. the request comes from our own pages: `Sec-Fetch-Site: same-origin` when the browser sends it,
 *    and an `Origin` equal to ours;
 * 2. it carries the synchronizer token in `x-csrf-token`: the session's own token when the visitor has
 *    a session, else the value of the `__Host-csrf` cookie (double submit), which only our pages can
 *    read. A cross-site page can neither read the token nor set the header without a CORS preflight.
 * Returns the visitor, so the handler does not read the session twice.
 */
import { env } from '@/env';
import { cookieValue, csrfCookieName, csrfHeaderName } from '@/server/auth/cookies';
import type { Visitor } from '@/server/auth/session';
import { sameSecret } from '@/server/auth/tokens';
import { visitorOfRequest } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';

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

function assertSameOrigin(request: Request): void {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite !== null && fetchSite !== 'same-origin') {
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
  const origin = request.headers.get('origin');
  if (origin === null ? fetchSite === null : !ownOrigins(request).has(origin)) {
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
}

/** The token a request must carry: its session's, else its CSRF cookie's. */
export function expectedCsrfToken(request: Request, visitor: Visitor | null): string | null {
  return visitor?.session.csrfToken ?? cookieValue(request.headers.get('cookie'), csrfCookieName);
}

export async function verifyMutationRequest(request: Request, now = new Date()): Promise<Visitor | null> {
  assertSameOrigin(request);
  const sent = request.headers.get(csrfHeaderName);
  if (!sent) throw new AppError('FORBIDDEN', `Missing ${csrfHeaderName} header`);
  const visitor = await visitorOfRequest(request, now);
  const expected = expectedCsrfToken(request, visitor);
  if (!expected || !sameSecret(sent, expected)) throw new AppError('FORBIDDEN', 'Invalid CSRF token');
  return visitor;
}
