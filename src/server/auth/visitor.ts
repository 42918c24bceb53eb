/** The visitor of a request: from a route handler's Request, or (in pages) from next/headers. */
import { cookies } from 'next/headers';
import { cache } from 'react';

import { AppError } from '@/server/errors';

import { cookieValue, sessionCookieName } from './cookies';
import { validateSessionToken, type SessionUser, type UserRole, type Visitor } from './session';

export async function visitorOfRequest(request: Request, now = new Date()): Promise<Visitor | null> {
  const token = cookieValue(request.headers.get('cookie'), sessionCookieName);
  return token ? validateSessionToken(token, now) : null;
}

/** The visitor of the page being rendered (once per request). */
export const currentVisitor = cache(async (): Promise<Visitor | null> => {
  const token = (await cookies()).get(sessionCookieName)?.value;
  return token ? validateSessionToken(token) : null;
});

export async function currentUser(): Promise<SessionUser | null> {
  return (await currentVisitor())?.user ?? null;
}

/** The signed-in user, or UNAUTHORIZED (pages turn it into the log-in page). */
export function requireUser(visitor: Visitor | null): SessionUser {
  if (!visitor?.user) throw new AppError('UNAUTHORIZED', 'Please log in first');
  return visitor.user;
}

export function hasRole(user: SessionUser | null, role: UserRole): boolean {
  return user?.roles.includes(role) ?? false;
}

export function requireRole(visitor: Visitor | null, role: UserRole): SessionUser {
  const user = requireUser(visitor);
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', 'You may not do this');
  return user;
}
