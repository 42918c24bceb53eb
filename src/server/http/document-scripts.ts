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
 * taken out; a script first in the <head> notes the first frame, and one at the end of the body adds
 * the chunks once that frame is painted (`chunkLoader`). Without scripts the page is the same; a
 * document without chunk scripts is returned unchanged.
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
  // The addresses and the nonce were checked above (paths, base64): nothing in them can end a script.
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const head = rest.indexOf('<head>');
  if (head !== -1) {
    const at = head + '<head>'.length;
    rest = rest.slice(0, at) + frameWatcher(nonceAttribute) + rest.slice(at);
  }
  const end = rest.lastIndexOf('</body>');
  const at = end === -1 ? rest.length : end;
  return rest.slice(0, at) + chunkLoader(chunks, nonceAttribute, nonce) + rest.slice(at);
}

/** Set by the first animation frame: by the time another task sees it, that frame has been painted. */
const frameMark = 'self.__meshbayFramePainted';

/** First in the <head>: notes the first frame. */
function frameWatcher(nonceAttribute: string): string {
  return `<script${nonceAttribute}>requestAnimationFrame(function(){${frameMark}=1})</script>`;
}

/**
 * At the end of the body: adds the chunks at once when a frame has been painted by then (the usual
 * case: the parser reaches it after the first paint), else after the next frame or when the document
 * has been parsed, whichever comes first, so the load event still waits for them. A hidden tab paints
 * no frames: at once.
 */
function chunkLoader(chunks: string[], nonceAttribute: string, nonce: string | undefined): string {
  const code =
    `(function(c,n){var added;function run(){if(added)return;added=1;c.forEach(function(u){` +
    `var s=document.createElement('script');s.src=u;s.async=true;if(n)s.nonce=n;document.head.appendChild(s)})}` +
    `if(document.visibilityState==='hidden'||${frameMark})run();` +
    `else{requestAnimationFrame(function(){setTimeout(run,0)});document.addEventListener('DOMContentLoaded',run)}})` +
    `(${JSON.stringify(chunks)},${JSON.stringify(nonce ?? '')})`;
  return `<script${nonceAttribute}>${code}</script>`;
}

/** The largest piece of RSC payload in one inline script. */
export const payloadPieceLength = 16_384;

/**
 * Next.js sends the page's RSC payload (~150 KB on the home page) as one inline script,
 * `self.__next_f.push([1,"…"])`. Compiling it is one long task, and the HTML parser cannot yield in the
 * middle of it. Here it becomes several scripts of at most `payloadPieceLength` characters, and the
 * parser may yield between them. Next's runtime joins the pieces into the same stream (React reads rows
 * across them); no piece ends between the two halves of a surrogate pair, which would not survive its
 * conversion to UTF-8.
 */
export function splitPayloadScripts(html: string): string {
  return html.replace(
    // Next escapes every `<` in the payload, so the script ends at the first `<`.
    /<script( nonce="[\w+/=-]+")?>self\.__next_f\.push\((\[1,"[^<]*"\])\)<\/script>/g,
    (script, nonceAttribute: string | undefined, argument: string) => {
      const text = payloadText(argument);
      if (text === null || text.length <= payloadPieceLength) return script;
      const pieces: string[] = [];
      for (let start = 0; start < text.length;) {
        let end = Math.min(text.length, start + payloadPieceLength);
        const last = text.charCodeAt(end - 1);
        if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
        pieces.push(text.slice(start, end));
        start = end;
      }
      // `<` escaped as Next escapes it, so no piece can close its script element.
      return pieces
        .map((piece) => JSON.stringify([1, piece]).replace(/</g, '\\u003c'))
        .map((piece) => `<script${nonceAttribute ?? ''}>self.__next_f.push(${piece})</script>`)
        .join('');
    },
  );
}

function payloadText(argument: string): string | null {
  try {
    const [kind, text] = JSON.parse(argument) as unknown[];
    return kind === 1 && typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

/**
 * What the rewrites expect of the HTML that Next.js renders, checked on a real page by the contract test
 * (tests/process/next-html-contract.test.ts) so that a Next.js upgrade that changes it fails loudly
 * instead of quietly turning the rewrites off. Returns what is missing; empty when all holds.
 */
export function missingNextMarkers(html: string): string[] {
  const missing: string[] = [];
  const chunkScripts = [...html.matchAll(/<script\b[^>]*><\/script>/g)].filter((match) => {
    const attributes = attributesOf(match[0].slice(7, -10));
    return chunkPath.test(attributes.get('src') ?? '') && attributes.has('async');
  });
  if (chunkScripts.length === 0)
    missing.push(
      'no <script src="/_next/static/chunks/….js" async> chunk scripts (deferChunkScripts finds nothing to defer)',
    );
  if (!/<head>/.test(html) || !/<\/body>/.test(html))
    missing.push('no literal <head> or </body> to place the scripts at');
  const payloads =
    html.match(/<script( nonce="[\w+/=-]+")?>self\.__next_f\.push\((\[1,"[^<]*"\])\)<\/script>/g) ?? [];
  if (payloads.length === 0)
    missing.push(
      'no inline self.__next_f.push([1,"…"]) payload script with every < escaped (splitPayloadScripts finds nothing to split)',
    );
  else if (!payloads.some((script) => script.length > payloadPieceLength))
    missing.push(
      `no payload script longer than ${payloadPieceLength} characters (nothing to split: has Next.js split it itself?)`,
    );
  return missing;
}

/** Both rewrites of a page Next.js rendered (decision 0029). */
export function rewriteDocumentScripts(html: string): string {
  return splitPayloadScripts(deferChunkScripts(html));
}

/**
 * Runs `render` and, when it answers a page request with an HTML document, sends the document with its
 * scripts rewritten (`rewriteDocumentScripts`). The page is rendered uncompressed and compressed here,
 * in the encoding the visitor accepts (under the page cache, which asks for it uncompressed, it stays
 * so). Everything else passes through untouched.
 */
export async function withDocumentScripts(
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
    const page = Buffer.from(rewriteDocumentScripts(body.toString('utf8')));
    if (!encoding) return send(page);
    res.setHeader('content-encoding', encoding);
    res.setHeader('vary', varyOnEncoding(res.getHeader('vary')));
    send(compress(page, encoding, 'single'));
  });
  await render();
}
