import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';

import { env } from '@/env';
import { freshNonce } from '@/lib/csp-nonce';
import { servedPathOfAccentedSlug } from '@/i18n/accented-slugs';
import { routing } from '@/i18n/routing';

const intl = createMiddleware(routing);

/**
 * A strict Content Security Policy with a fresh nonce per request: Next.js reads it from the request
 * header and puts the nonce on its own scripts. Styles allow inline attributes (React style props).
 */
function contentSecurityPolicy(nonce: string): string {
  const devEval = env.NODE_ENV === 'development' ? " 'unsafe-eval'" : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${devEval}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The 3D viewer's mesh worker is a same-origin script; said explicitly, as browsers differ on whether
    // script-src's 'strict-dynamic' covers workers (decision 0017).
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export default function proxy(request: NextRequest) {
  // Spec §1: duplicate slashes in a path are collapsed.
  const { pathname } = request.nextUrl;
  if (pathname.includes('//')) {
    const url = request.nextUrl.clone();
    url.pathname = pathname.replace(/\/{2,}/g, '/');
    return NextResponse.redirect(url, 308);
  }
  // Spec §2's accented listing slugs lead to the served ones, the rest of the path and the query kept.
  const served = servedPathOfAccentedSlug(pathname);
  if (served) {
    const url = request.nextUrl.clone();
    url.pathname = served;
    return NextResponse.redirect(url, 308);
  }
  const nonce = freshNonce();
  const policy = contentSecurityPolicy(nonce);
  request.headers.set('x-nonce', nonce);
  request.headers.set('Content-Security-Policy', policy);
  const response = intl(request);
  response.headers.set('Content-Security-Policy', policy);
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  response.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  return response;
}

export const config = {
  // Everything but the JSON API, stored files, Next's assets and files with an extension.
  matcher: ['/((?!api|files|_next|_vercel|.*\\..*).*)'],
};
