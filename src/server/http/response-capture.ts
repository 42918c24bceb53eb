import type http from 'node:http';

/** A request for a page (HTML), as opposed to the JSON API, stored files, Next's assets or RSC data. */
export function isDocumentRequest(req: http.IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  if (/^\/(api|_next|files)(\/|$)/.test(url) || url.includes('_rsc=')) return false;
  // React Server Component (client navigation) and prefetch requests get a different body.
  if (req.headers.rsc !== undefined || req.headers['next-router-prefetch'] !== undefined) return false;
  return (req.headers.accept ?? 'text/html').includes('text/html') || req.headers.accept === '*/*';
}

/**
 * Holds back everything a handler sends on `res` (status, headers, body) until it ends, then gives the
 * whole body to `finish`, which may still change the headers and sends the body, or one made from it,
 * with `send`. Captures nest: an inner capture's `send` feeds the outer one. Used where a whole page is
 * needed before anything goes out: the page cache stores it, the deferred scripts rewrite it.
 */
export function captureResponse(
  res: http.ServerResponse,
  finish: (body: Buffer, send: (body: Buffer) => void) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    chunks.push(buffer);
  };
  const callbackOf = (args: unknown[]) => args.find((a): a is () => void => typeof a === 'function');
  const { writeHead, flushHeaders, write, end } = res;
  // Headers wait for the end too: writeHead only records them.
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    const headers = rest.find((r) => typeof r === 'object' && r !== null) as
      http.OutgoingHttpHeaders | [string, string][] | undefined;
    const pairs = Array.isArray(headers) ? headers : Object.entries(headers ?? {});
    for (const [name, value] of pairs) if (value !== undefined) res.setHeader(name, value);
    return res;
  }) as typeof res.writeHead;
  res.flushHeaders = () => undefined;
  res.write = ((...args: unknown[]) => {
    collect(args[0], args[1]);
    callbackOf(args.slice(1))?.();
    return true;
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    collect(args[0], args[1]);
    Object.assign(res, { writeHead, flushHeaders, write, end });
    finish(Buffer.concat(chunks, size), (body) => {
      if (!res.headersSent) res.setHeader('content-length', body.length);
      (end as (this: http.ServerResponse, chunk: Buffer) => http.ServerResponse).call(res, body);
    });
    callbackOf(args)?.();
    return res;
  }) as typeof res.end;
}
