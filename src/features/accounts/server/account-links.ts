/** The links of the account emails, in the visitor's language, on the public address. */
import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import { buildHref } from '@/lib/query-string';
import { localeOrEnglish } from '@/server/mail/email-messages';

import type { AccountLinks } from './email-confirmation';

export function accountLinks(givenLocale: unknown): AccountLinks {
  const locale = localeOrEnglish(givenLocale);
  const absolute = (path: string) => new URL(path, env.publicUrl).href;
  return {
    locale,
    confirmUrl: (token) =>
      absolute(buildHref(getPathname({ locale, href: '/email-confirmation' }), { token })),
    logInUrl: absolute(getPathname({ locale, href: '/login' })),
    resetUrl: absolute(getPathname({ locale, href: '/password-reset' })),
  };
}
