import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';

import { routing } from '@/i18n/routing';

const intl = createMiddleware(routing);

export default function proxy(request: NextRequest) {
  // Spec §1: duplicate slashes in a path are collapsed.
  const { pathname } = request.nextUrl;
  if (pathname.includes('//')) {
    const url = request.nextUrl.clone();
    url.pathname = pathname.replace(/\/{2,}/g, '/');
    return NextResponse.redirect(url, 308);
  }
  return intl(request);
}

export const config = {
  // Everything but the JSON API, stored files, Next's assets and files with an extension.
  matcher: ['/((?!api|files|_next|_vercel|.*\\..*).*)'],
};
