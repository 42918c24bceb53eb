import type http from 'node:http';

import { compress, preferredEncoding, varyOnEncoding } from './compression';
import { captureResponse, isDocumentRequest } from './response-capture';

/** Next.js' script chunks, as its pages ask for them. */
const chunkPath = /^\/_next\/static\/chunks\/[\w.~-]+\.js$/;

const attributesOf = (tag: string) =>
  new Map(
    [...tag.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
      name!.toLowerCase(),
      value ?? '',
    ]),
  );

/**
 * The page's script chunks start after its first frame (decision 0029). Next.js puts them in the
 * document as `async` scripts: on a slow phone they are compiled and run while the page still lays out
 * its first screen, and the largest paint waits for them. Here every chunk script (and its preload) is
 * taken out, and one inline script at the end of the body adds them once the first frame is painted, or
 * at once in a hidden tab, which paints no frames. Without scripts the page is the same; a document
 * without chunk scripts is returned unchanged.
 */
export function deferChunkScripts(html: string): string {
  const chunks: string[] = [];
  let nonce: string | undefined;
  let rest = html.replace(/<script\b[^>]*><\/script>/g, (tag) => {
    const attributes = attributesOf(tag.slice(7, -10));
    const src = attributes.get('src');
    if (!src || !chunkPath.test(src) || !attributes.has('async') || attributes.has('nomodule')) return tag;
    const given = attributes.get('nonce');
    if (given && /^[\w+/=-]+$/.test(given)) nonce ??= given;
    if (!chunks.includes(src)) chunks.push(src);
    return '';
  });
  if (chunks.length === 0) return html;
  rest = rest.replace(/<link\b[^>]*>/g, (tag) => {
    const attributes = attributesOf(tag.slice(5, -1).replace(/\/$/, ''));
    const deferred = attributes.get('rel') === 'preload' && chunks.includes(attributes.get('href') ?? '');
    return deferred ? '' : tag;
  });
  const end = rest.lastIndexOf('</body>');
  const at = end === -1 ? rest.length : end;
  return rest.slice(0, at) + chunkLoader(chunks, nonce) + rest.slice(at);
}

function chunkLoader(chunks: string[], nonce: string | undefined): string {
  // The addresses and the nonce were checked above (paths, base64): nothing in them can end the script.
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const code =
    `(function(c,n){function run(){c.forEach(function(u){var s=document.createElement('script');` +
    `s.src=u;s.async=true;if(n)s.nonce=n;document.head.appendChild(s)})}` +
    `if(document.visibilityState==='hidden')run();` +
    `else requestAnimationFrame(function(){setTimeout(run,0)})})` +
    `(${JSON.stringify(chunks)},${JSON.stringify(nonce ?? '')})`;
  return `<script${nonceAttribute}>${code}</script>`;
}

/**
 * Runs `render` and, when it answers a page request with an HTML document, sends the document with its
 * script chunks deferred. The page is rendered uncompressed and compressed here, in the encoding the
 * visitor accepts (under the page cache, which asks for it uncompressed, it stays so). Everything else
 * passes through untouched.
 */
export async function withDeferredScripts(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  render: () => Promise<void>,
): Promise<void> {
  if (req.method !== 'GET' || !isDocumentRequest(req)) return render();
  const encoding = preferredEncoding(String(req.headers['accept-encoding'] ?? ''));
  delete req.headers['accept-encoding'];
  captureResponse(res, (body, send) => {
    const type = String(res.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || res.hasHeader('content-encoding')) return send(body);
    const page = Buffer.from(deferChunkScripts(body.toString('utf8')));
    if (!encoding) return send(page);
    res.setHeader('content-encoding', encoding);
    res.setHeader('vary', varyOnEncoding(res.getHeader('vary')));
    send(compress(page, encoding, 'single'));
  });
  await render();
}
