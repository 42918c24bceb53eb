import { cookieValue, csrfCookie, csrfCookieName, expiredSessionCookie, sessionCookie } from './cookies';
import {
  createSession,
  deleteSession,
  sessionCookieMaxAgeSeconds,
  type Session,
  type Visitor,
} from './session';

/**
 * Starts a new session for `userId` (a new token and a new CSRF token: ASVS 3.2.1), ends `previous`,
 * and puts both cookies on `response`.
 */
export async function startSession(
  response: Response,
  userId: number | null,
  { previous, now = new Date() }: { previous?: Session | null; now?: Date } = {},
): Promise<Session> {
  const { token, session } = await createSession(userId, { now });
  if (previous) await deleteSession(previous.id);
  setSessionCookies(response, token, session.csrfToken);
  return session;
}

export function setSessionCookies(response: Response, token: string, csrfToken: string): void {
  const maxAge = sessionCookieMaxAgeSeconds();
  response.headers.append('set-cookie', sessionCookie(token, maxAge));
  response.headers.append('set-cookie', csrfCookie(csrfToken, maxAge));
}

export function clearSessionCookie(response: Response): void {
  response.headers.append('set-cookie', expiredSessionCookie());
}

/**
 * The visitor's session, or a new guest session (a guest's first cart item): it keeps the CSRF token
 * the request was checked with, so the page's token stays valid. Call `setCookie` on the response.
 */
export async function sessionOrNewGuestSession(
  request: Request,
  visitor: Visitor | null,
  now = new Date(),
): Promise<{ session: Session; setCookie: (response: Response) => void }> {
  if (visitor) return { session: visitor.session, setCookie: () => undefined };
  const csrfToken = cookieValue(request.headers.get('cookie'), csrfCookieName) ?? undefined;
  const { token, session } = await createSession(null, { now, csrfToken });
  return { session, setCookie: (response) => setSessionCookies(response, token, session.csrfToken) };
}
