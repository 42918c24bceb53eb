import { notFound } from 'next/navigation';

import type { LocalizedTarget } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';

import { userOrLogIn } from './account-page';

/** An admin page: a guest goes to log in (and back), any other user gets the plain 404. */
export async function adminOrNotFound(locale: Locale, here: LocalizedTarget): Promise<SessionUser> {
  const user = await userOrLogIn(locale, here);
  if (!hasRole(user, 'admin')) notFound();
  return user;
}
