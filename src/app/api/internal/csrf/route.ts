import { csrfCookie, cookieValue, csrfCookieName } from '@/server/auth/cookies';
import { sessionCookieMaxAgeSeconds } from '@/server/auth/session';
import { randomToken } from '@/server/auth/tokens';
import { visitorOfRequest } from '@/server/auth/visitor';
import { handleJson, jsonData } from '@/server/http/json';

/**
 * The visitor's CSRF token (decision 0019) as `{ data: { token } }`, also set as the `__Host-csrf`
 * cookie: the session's token, else the cookie's, else a new one. Changes nothing stored.
 */
export function GET(request: Request) {
  return handleJson(async () => {
    const visitor = await visitorOfRequest(request);
    const token =
      visitor?.session.csrfToken ??
      cookieValue(request.headers.get('cookie'), csrfCookieName) ??
      randomToken();
    return jsonData(
      { token },
      { headers: { 'set-cookie': csrfCookie(token, sessionCookieMaxAgeSeconds()) } },
    );
  });
}
