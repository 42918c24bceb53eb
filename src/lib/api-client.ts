/**
 * The one way the browser changes something on the server: a POST to our JSON API carrying the CSRF
 * token (decision 0019). The token is the `__Host-csrf` cookie's value; a visitor without one gets it
 * from `/api/internal/csrf` first.
 */
import { withoutControlCharacters } from './control-characters';
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

let warming: Promise<string> | null = null;

/**
 * Gets the visitor's CSRF token now if the cookie does not hold one yet. A POST sent as the page is
 * left (search tracking when the search form is submitted) has no time to ask for it first: the next
 * page replaces this one before the token's answer arrives, and the POST is never sent.
 */
export function warmCsrfToken(): void {
  if (warming || tokenFromCookie()) return;
  warming = csrfToken()
    .catch(() => '')
    .finally(() => (warming = null));
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

/**
 * JSON of a form's values without the invisible control characters text pasted from elsewhere may carry
 * (a PDF's form feed): the server refuses them in any string (decision 0040), and a visitor could neither
 * see nor remove them.
 */
function storableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? withoutControlCharacters(item) : item,
  );
}

export async function postToApi(url: string, options: PostOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, [csrfHeaderName]: await csrfToken() };
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: options.json !== undefined ? storableJson(options.json) : options.body,
    signal: options.signal,
    keepalive: options.keepalive,
  });
}

/** `url` with control characters removed from its query values (a file's name may hold them). */
function storableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const cleaned = [...params].map(([name, value]) => [name, withoutControlCharacters(value)]);
  return `${url.slice(0, queryAt)}?${new URLSearchParams(cleaned).toString()}`;
}

export interface UploadAnswer {
  status: number;
  body: unknown;
}

/**
 * Uploads one file as the raw body of a POST, reporting progress (0–1) as it goes; fetch cannot
 * report an upload's progress, XMLHttpRequest can. Resolves with the answer's status and JSON body.
 */
export async function uploadToApi(
  url: string,
  file: Blob,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  const token = await csrfToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', storableUrl(url));
    request.withCredentials = true;
    request.setRequestHeader(csrfHeaderName, token);
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        // An answer that is not JSON (a proxy's error page): the status says enough.
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new Error('Upload failed'));
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
