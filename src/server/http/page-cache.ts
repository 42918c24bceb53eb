/**
 * A short-lived in-process cache of whole HTML pages for anonymous visitors (docs/decisions/
 * 0008-page-cache.md). The first request renders through Next.js (buffered, not streamed);
 * later identical requests within `ttlSeconds` get the recorded bytes. After that the entry is stale:
 * one request re-renders it while the others still get the stale copy (for at most `staleSeconds`).
 * Pages are recorded uncompressed and compressed once per entry (brotli, gzip), then served in the
 * encoding the visitor accepts. Only a cache: every instance keeps its own, nothing depends on it.
 *
 * A page's Content Security Policy nonce is the one thing that must differ between visitors: each
 * response served from the cache gets a fresh one, written where the recorded page had its own (the
 * policy header, every script's nonce attribute, the RSC payload), and is compressed on its way out.
 */
import type http from 'node:http';

import { freshNonce, nonceOfPolicy } from '@/lib/csp-nonce';

import { compress, preferredEncoding, varyOnEncoding, type Encoding } from './compression';
import { captureResponse, isDocumentRequest } from './response-capture';

export interface PageCacheOptions {
  ttlSeconds: number;
  staleSeconds: number;
  /** Total bytes kept; least recently stored entries go first. */
  maxBytes: number;
  maxEntryBytes: number;
  /**
   * Cookies whose name starts with this hold display preferences that pages are rendered by: each
   * combination of their values is a separate entry.
   */
  preferenceCookiePrefix?: string;
  now?: () => number;
  /** Told how each page request went (for /metrics): `bypass` for a page that is not cached (signed in, cache off). */
  onLookup?: (result: 'hit' | 'stale' | 'miss' | 'bypass') => void;
}

interface Entry {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  /** The nonce the page was rendered with, and where it stands in `body`; null for a page without. */
  nonce: { value: string; offsets: number[] } | null;
  encoded: { br?: Buffer; gzip?: Buffer };
  storedAt: number;
  refreshing: boolean;
}

function nonceIn(headers: http.OutgoingHttpHeaders, body: Buffer): Entry['nonce'] {
  const value = nonceOfPolicy(String(headers['content-security-policy'] ?? ''));
  if (!value) return null;
  const offsets: number[] = [];
  for (let at = body.indexOf(value); at !== -1; at = body.indexOf(value, at + value.length)) offsets.push(at);
  return { value, offsets };
}

/** The recorded page and headers with a fresh nonce in place of the recorded one. */
function withFreshNonce(entry: Entry): { headers: http.OutgoingHttpHeaders; body: Buffer } {
  const { nonce } = entry;
  if (!nonce) return { headers: { ...entry.headers }, body: entry.body };
  const fresh = freshNonce();
  const freshBytes = Buffer.from(fresh);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of nonce.offsets) {
    pieces.push(entry.body.subarray(from, at), freshBytes);
    from = at + nonce.value.length;
  }
  pieces.push(entry.body.subarray(from));
  const policy = String(entry.headers['content-security-policy']).replaceAll(
    `'nonce-${nonce.value}'`,
    `'nonce-${fresh}'`,
  );
  return { headers: { ...entry.headers, 'content-security-policy': policy }, body: Buffer.concat(pieces) };
}

/** Response headers that belong to one response only. */
const perResponseHeaders = new Set([
  'x-request-id',
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/** Cookies that mean "this visitor is signed in" (the accounts issue's session cookie). */
const sessionCookie = /(?:^|;\s*)(?:__Host-)?session[\w-]*=/i;

export function isCacheableRequest(req: http.IncomingMessage): boolean {
  if (!isDocumentRequest(req)) return false;
  if (req.headers.authorization !== undefined) return false;
  return !sessionCookie.test(req.headers.cookie ?? '');
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  const { preferenceCookiePrefix: prefix } = options;

  function keyOf(req: http.IncomingMessage): string {
    const url = req.url ?? '/';
    if (!prefix || !req.headers.cookie) return url;
    const preferences = req.headers.cookie
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => pair.startsWith(prefix))
      .sort();
    return [url, ...preferences].join('\n');
  }

  /**
   * The body in the best encoding the request accepts: computed once per entry, or once per response
   * for a page with a nonce (each response's body differs).
   */
  function encode(
    entry: Entry,
    body: Buffer,
    acceptEncoding: string,
  ): { body: Buffer; encoding: Encoding | null } {
    const encoding = preferredEncoding(acceptEncoding);
    if (!encoding) return { body, encoding };
    if (entry.nonce) return { body: compress(body, encoding, 'single'), encoding };
    return { body: (entry.encoded[encoding] ??= compress(entry.body, encoding, 'stored')), encoding };
  }

  function store(key: string, entry: Entry) {
    const previous = entries.get(key);
    if (previous) {
      totalBytes -= previous.body.length;
      entries.delete(key);
    }
    entries.set(key, entry);
    totalBytes += entry.body.length;
    for (const [oldKey, old] of entries) {
      if (totalBytes <= options.maxBytes) break;
      entries.delete(oldKey);
      totalBytes -= old.body.length;
    }
  }

  function serve(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, state: 'HIT' | 'STALE') {
    const page = withFreshNonce(entry);
    const { body, encoding } = encode(entry, page.body, String(req.headers['accept-encoding'] ?? ''));
    const { headers } = page;
    if (encoding) headers['content-encoding'] = encoding;
    headers.vary = varyOnEncoding(entry.headers.vary);
    headers['content-length'] = body.length;
    headers.age = String(Math.floor((now() - entry.storedAt) / 1000));
    headers['x-page-cache'] = state;
    res.writeHead(entry.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * Holds back what `render` writes to `res`, stores it when it is a cacheable page, and sends it in the
   * encoding the visitor accepts (the render itself is uncompressed).
   */
  function record(key: string, res: http.ServerResponse, acceptEncoding: string, onDone: () => void) {
    captureResponse(res, (body, send) => {
      const type = String(res.getHeader('content-type') ?? '');
      const cacheable =
        body.length <= options.maxEntryBytes &&
        !res.hasHeader('content-encoding') &&
        res.statusCode === 200 &&
        type.startsWith('text/html') &&
        !res.hasHeader('set-cookie');
      let sent: Buffer = body;
      if (cacheable) {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (!perResponseHeaders.has(name) && value !== undefined) headers[name] = value;
        }
        const entry: Entry = {
          status: 200,
          headers,
          body,
          nonce: nonceIn(headers, body),
          encoded: {},
          storedAt: now(),
          refreshing: false,
        };
        store(key, entry);
        const { body: encodedBody, encoding } = encode(entry, entry.body, acceptEncoding);
        if (encoding) {
          res.setHeader('content-encoding', encoding);
          res.setHeader('vary', varyOnEncoding(res.getHeader('vary')));
        }
        sent = encodedBody;
      }
      onDone();
      send(sent);
    });
  }

  async function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    render: () => Promise<void>,
  ): Promise<void> {
    const onLookup = options.onLookup ?? (() => {});
    if (options.ttlSeconds <= 0 || !isCacheableRequest(req)) {
      if (isDocumentRequest(req)) onLookup('bypass');
      return render();
    }
    const key = keyOf(req);
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Infinity;
    if (entry && age < options.ttlSeconds * 1000) {
      onLookup('hit');
      return serve(req, res, entry, 'HIT');
    }
    if (entry && age < (options.ttlSeconds + options.staleSeconds) * 1000 && entry.refreshing) {
      onLookup('stale');
      return serve(req, res, entry, 'STALE');
    }
    onLookup('miss');
    if (req.method === 'HEAD') return render();
    if (entry) entry.refreshing = true;
    // Rendered uncompressed so the recording can be served in any encoding.
    const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
    delete req.headers['accept-encoding'];
    record(key, res, acceptEncoding, () => {
      if (entry) entry.refreshing = false;
    });
    res.setHeader('x-page-cache', 'MISS');
    try {
      await render();
    } catch (error) {
      if (entry) entry.refreshing = false;
      throw error;
    }
  }

  /** Drops the entries whose path (decoded, without the query) matches; returns how many. */
  function purge(matches: (pathname: string) => boolean): number {
    let dropped = 0;
    for (const [key, entry] of entries) {
      const url = key.split('\n', 1)[0]!;
      const rawPath = url.split('?', 1)[0]!;
      let pathname = rawPath;
      try {
        pathname = decodeURIComponent(rawPath);
      } catch {
        // A malformed escape: match the path as it came.
      }
      if (!matches(pathname)) continue;
      entries.delete(key);
      totalBytes -= entry.body.length;
      dropped++;
    }
    return dropped;
  }

  return {
    handle,
    purge,
    size: () => entries.size,
    bytes: () => totalBytes,
    clear: () => {
      entries.clear();
      totalBytes = 0;
    },
  };
}
