/** Who may open a page: the signed-in user (a guest goes to log in and comes back), or an admin. */
import { notFound, redirect } from 'next/navigation';

import { getPathname, type LocalizedTarget } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { buildHref } from '@/lib/query-string';
import type { SessionUser } from '@/server/auth/session';
import { currentUser, hasRole } from '@/server/auth/visitor';

/** The signed-in user, or a redirect to the log-in page that comes back to `here`. */
export async function userOrLogIn(locale: Locale, here: LocalizedTarget): Promise<SessionUser> {
  const user = await currentUser();
  if (!user)
    redirect(
      buildHref(getPathname({ locale, href: '/login' }), { next: getPathname({ locale, href: here }) }),
    );
  return user;
}

/** An admin page: a guest goes to log in (and back), any other user gets the plain 404. */
export async function adminOrNotFound(locale: Locale, here: LocalizedTarget): Promise<SessionUser> {
  const user = await userOrLogIn(locale, here);
  if (!hasRole(user, 'admin')) notFound();
  return user;
}
