import { hasLocale } from 'next-intl';

import { isReferralCode, referralCookie } from '@/features/referrals/api';
import { getPathname } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';

/**
 * A referral link (`/invite/<code>`): keeps the code in a cookie that the sign-up reads, then opens
 * the sign-up page in the link's language. A malformed code sets nothing; the visitor still lands on
 * the sign-up page.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ locale: string; code: string }> },
) {
  const { locale, code } = await params;
  const language = hasLocale(routing.locales, locale) ? locale : routing.defaultLocale;
  const headers = new Headers({
    location: new URL(getPathname({ locale: language, href: '/signup' }), request.url).pathname,
    'cache-control': 'no-store',
  });
  if (isReferralCode(code)) headers.append('set-cookie', referralCookie(code));
  return new Response(null, { status: 303, headers });
}
