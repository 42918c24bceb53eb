import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import type { AccountFormTexts } from '@/features/accounts/components/account-form';
import { getPathname, type LocalizedTarget } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { buildHref } from '@/lib/query-string';
import { currentUser } from '@/server/auth/visitor';
import type { SessionUser } from '@/server/auth/session';

const errorKeys = [
  'required',
  'invalid_email',
  'username_format',
  'username_taken',
  'email_taken',
  'password_short',
  'password_long',
  'invalid_credentials',
  'invalid_token',
  'rate_limited',
  'failed',
] as const;

/** The account forms' error texts, plus the page's own submit labels. */
export async function accountFormTexts(labels: {
  submit: string;
  submitting: string;
  success?: string;
}): Promise<AccountFormTexts> {
  const t = await getTranslations('accounts.Form');
  return {
    ...(Object.fromEntries(errorKeys.map((k) => [k, t(k)])) as Record<(typeof errorKeys)[number], string>),
    ...labels,
  };
}

/** Where to go after logging in: a path on this site from `?next=`, else the home page. */
export function safeNextPath(locale: Locale, next: string | string[] | undefined): string {
  const value = typeof next === 'string' ? next : '';
  return /^\/(?![/\\])[^\s]*$/.test(value) ? value : getPathname({ locale, href: '/' });
}

/** The signed-in user, or a redirect to the log-in page that comes back to `here`. */
export async function userOrLogIn(locale: Locale, here: LocalizedTarget): Promise<SessionUser> {
  const user = await currentUser();
  if (!user)
    redirect(
      buildHref(getPathname({ locale, href: '/login' }), { next: getPathname({ locale, href: here }) }),
    );
  return user;
}
