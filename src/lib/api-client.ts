/**
 * The one way the browser changes something on the server: a POST to our JSON API carrying the CSRF
 * token (decision 0019). The token is the `__Host-csrf` cookie's value; a visitor without one gets it
 * from `/api/internal/csrf` first.
 */
import { csrfCookieName, csrfHeaderName, csrfTokenPath } from './csrf';

function tokenFromCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const pair of document.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === csrfCookieName) return value.join('=');
  }
  return null;
}

async function csrfToken(): Promise<string> {
  const fromCookie = tokenFromCookie();
  if (fromCookie) return fromCookie;
  const response = await fetch(csrfTokenPath, { cache: 'no-store', credentials: 'same-origin' });
  const body = (await response.json()) as { data?: { token?: string } };
  return body.data?.token ?? '';
}

export interface PostOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (a FormData upload). */
  body?: BodyInit;
  signal?: AbortSignal;
  keepalive?: boolean;
  headers?: Record<string, string>;
}

export async function postToApi(url: string, options: PostOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, [csrfHeaderName]: await csrfToken() };
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    signal: options.signal,
    keepalive: options.keepalive,
  });
}
