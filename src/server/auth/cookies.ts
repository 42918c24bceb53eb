/**
 * The two cookies of a visitor (decision 0019). `__Host-` means Secure, Path=/ and no Domain, so no
 * other host can set or read them. The session cookie is HttpOnly; the CSRF cookie is readable by our
 * scripts, which send its value back in the `x-csrf-token` header.
 */
import { csrfCookieName } from '@/lib/csrf';

export { csrfCookieName, csrfHeaderName } from '@/lib/csrf';
export const sessionCookieName = '__Host-session';
/** Set on a signed-in visitor's writes when there are read replicas: their reads go to the primary a while (decision 0062). */
export const readYourWritesCookieName = '__Host-wrote';

interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'Lax' | 'Strict';
  maxAgeSeconds: number;
}

function serialize(name: string, value: string, { httpOnly, sameSite, maxAgeSeconds }: CookieOptions) {
  return [
    `${name}=${value}`,
    'Path=/',
    'Secure',
    httpOnly ? 'HttpOnly' : null,
    `SameSite=${sameSite}`,
    `Max-Age=${maxAgeSeconds}`,
  ]
    .filter(Boolean)
    .join('; ');
}

export function sessionCookie(token: string, maxAgeSeconds: number): string {
  return serialize(sessionCookieName, token, { httpOnly: true, sameSite: 'Lax', maxAgeSeconds });
}

export function csrfCookie(token: string, maxAgeSeconds: number): string {
  return serialize(csrfCookieName, token, { httpOnly: false, sameSite: 'Strict', maxAgeSeconds });
}

export function readYourWritesCookie(maxAgeSeconds: number): string {
  return serialize(readYourWritesCookieName, '1', { httpOnly: true, sameSite: 'Lax', maxAgeSeconds });
}

export function expiredSessionCookie(): string {
  return serialize(sessionCookieName, '', { httpOnly: true, sameSite: 'Lax', maxAgeSeconds: 0 });
}

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}
