import http from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';

import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';

import {
  deferChunkScripts,
  missingNextMarkers,
  payloadPieceLength,
  rewriteDocumentScripts,
  splitPayloadScripts,
  withDocumentScripts,
} from './document-scripts';
import { createPageCache } from './page-cache';

/** The shape of a document Next.js 16 renders: chunk scripts in the head, one more in the body. */
const nextDocument = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><style>body{margin:0}</style>',
  '<link rel="preload" as="script" fetchPriority="low" nonce="bm9uY2U=" href="/_next/static/chunks/41mprv1-o9284.js"/>',
  '<script src="/_next/static/chunks/448u7a6h-ip23.js" async="" nonce="bm9uY2U="></script>',
  '<script src="/_next/static/chunks/turbopack-077hmtqrhcoji.js" async="" nonce="bm9uY2U="></script>',
  '<link rel="preload" as="image" href="/images/home/hero-mobile.webp" fetchPriority="high"/>',
  '<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule="" nonce="bm9uY2U="></script>',
  '</head><body><main>Shop</main>',
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  '<script nonce="bm9uY2U=" id="_R_">(globalThis.TURBOPACK||[]).push({})</script>',
  '<script src="/_next/static/chunks/41mprv1-o9284.js" nonce="bm9uY2U=" async=""></script>',
  '<script nonce="bm9uY2U=">(self.__next_f=self.__next_f||[]).push([0])</script>',
  '</body></html>',
].join('');

const chunkScripts = (html: string) =>
  html.match(/<script src="\/_next\/static\/chunks\/[^"]+" (async|nonce)/g) ?? [];

describe('deferChunkScripts', () => {
  it('takes the chunk scripts and their preloads out, and keeps everything else', () => {
    const html = deferChunkScripts(nextDocument);
    expect(chunkScripts(html)).toEqual([]);
    expect(html).not.toContain('rel="preload" as="script"');
    expect(html).toContain('<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""');
    expect(html).toContain('<link rel="preload" as="image" href="/images/home/hero-mobile.webp"');
    expect(html).toContain('<script nonce="bm9uY2U=" id="_R_">');
  });

  /**
   * A minimal browser for the two inline scripts: frames, timers and DOMContentLoaded happen when the
   * test says so; `added` lists the script elements put in the <head>.
   */
  function browserFor(html: string, visibilityState = 'visible') {
    const watcher = /^<!DOCTYPE html><html lang="en"><head><script nonce="bm9uY2U=">([^<]*)<\/script>/.exec(
      html,
    );
    const loader = /<script nonce="bm9uY2U=">(\(function\(c,n\)[^<]*)<\/script><\/body><\/html>$/.exec(html);
    expect(watcher).not.toBeNull();
    expect(loader).not.toBeNull();
    const added: { src: string; async: boolean; nonce: string }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const parsed: (() => void)[] = [];
    const window: Record<string, unknown> = {
      document: {
        visibilityState,
        createElement: () => ({ src: '', async: false, nonce: '' }),
        head: { appendChild: (s: (typeof added)[number]) => added.push(s) },
        addEventListener: (type: string, f: () => void) => type === 'DOMContentLoaded' && parsed.push(f),
      },
      requestAnimationFrame: (f: () => void) => frames.push(f),
      setTimeout: (f: () => void) => timers.push(f),
    };
    window.self = window;
    const context = vm.createContext(window);
    const run = (fs: (() => void)[]) => fs.forEach((f) => f());
    return {
      added,
      runWatcher: () => vm.runInContext(watcher![1]!, context),
      runLoader: () => vm.runInContext(loader![1]!, context),
      frame: () => run(frames.splice(0)),
      timers: () => run(timers.splice(0)),
      contentLoaded: () => run(parsed.splice(0)),
    };
  }
  const chunksAdded = ['448u7a6h-ip23', 'turbopack-077hmtqrhcoji', '41mprv1-o9284'].map((name) => ({
    src: `/_next/static/chunks/${name}.js`,
    async: true,
    nonce: 'bm9uY2U=',
  }));

  it('adds the chunks at once when a frame was painted before the parser reached the end', () => {
    const browser = browserFor(deferChunkScripts(nextDocument));
    browser.runWatcher();
    browser.frame();
    expect(browser.added).toEqual([]);
    browser.runLoader();
    expect(browser.added).toEqual(chunksAdded);
    browser.frame();
    browser.timers();
    browser.contentLoaded();
    expect(browser.added).toHaveLength(3);
  });

  it('otherwise after the next frame, or when the document is parsed, whichever comes first, once', () => {
    const afterFrame = browserFor(deferChunkScripts(nextDocument));
    afterFrame.runWatcher();
    afterFrame.runLoader();
    expect(afterFrame.added).toEqual([]);
    afterFrame.frame();
    expect(afterFrame.added).toEqual([]); // the frame is painted first, in the same task
    afterFrame.timers();
    expect(afterFrame.added).toEqual(chunksAdded);
    afterFrame.contentLoaded();
    expect(afterFrame.added).toHaveLength(3);

    const parsedFirst = browserFor(deferChunkScripts(nextDocument));
    parsedFirst.runWatcher();
    parsedFirst.runLoader();
    parsedFirst.contentLoaded(); // before the load event, which then waits for the chunks
    expect(parsedFirst.added).toEqual(chunksAdded);
    parsedFirst.frame();
    parsedFirst.timers();
    expect(parsedFirst.added).toHaveLength(3);
  });

  it('adds them at once in a hidden tab, which paints no frames', () => {
    const hidden = browserFor(deferChunkScripts(nextDocument), 'hidden');
    hidden.runWatcher();
    hidden.runLoader();
    expect(hidden.added).toEqual(chunksAdded);
  });

  it('leaves a document without chunk scripts as it is, and is idempotent', () => {
    const plain = '<html><head><script src="/app.js" async=""></script></head><body>x</body></html>';
    expect(deferChunkScripts(plain)).toBe(plain);
    const once = deferChunkScripts(nextDocument);
    expect(deferChunkScripts(once)).toBe(once);
  });

  it('never throws, and keeps every chunk it finds, whatever surrounds it', () => {
    const chunk = fc.stringMatching(/^[a-z0-9_-]{1,12}$/).map((name) => `/_next/static/chunks/${name}.js`);
    fc.assert(
      fc.property(fc.string(), fc.array(chunk, { maxLength: 4 }), fc.string(), (before, chunks, after) => {
        const tags = chunks.map((src) => `<script src="${src}" async="" nonce="abc"></script>`).join('');
        const html = deferChunkScripts(`${before}${tags}${after}</body>`);
        for (const src of chunks) expect(html).toContain(JSON.stringify(src).slice(1, -1));
        expect(chunkScripts(html.slice(before.length))).toEqual([]);
      }),
    );
    fc.assert(fc.property(fc.string(), (text) => void deferChunkScripts(text)));
  });
});

/** The RSC payload scripts of a document, each script's text as Next's runtime receives it. */
const payloadPieces = (html: string) =>
  [...html.matchAll(/<script nonce="(\w+)">self\.__next_f\.push\((\[1,"[^<]*"\])\)<\/script>/g)].map(
    ([, nonce, argument]) => ({ nonce, text: (JSON.parse(argument!) as [1, string])[1] }),
  );
const payloadScript = (text: string) =>
  `<script nonce="abc">self.__next_f.push(${JSON.stringify([1, text]).replace(/</g, '\\u003c')})</script>`;

describe('splitPayloadScripts', () => {
  it('cuts a long payload into scripts the runtime joins back into the same text', () => {
    // Rows of JSON with quotes, backslashes, a `<` (escaped in the script) and an emoji (a surrogate
    // pair) placed across the first cut.
    const row = '1a:["$","p",null,{"children":"a \\"quoted\\" <b> \\\\ path"}]\n';
    const text = row.repeat(300).slice(0, payloadPieceLength - 1) + '🙂' + row.repeat(400);
    const html = `<body>${payloadScript('0:{}')}${payloadScript(text)}<p>after</p></body>`;
    const pieces = payloadPieces(splitPayloadScripts(html));
    expect(pieces[0]).toEqual({ nonce: 'abc', text: '0:{}' });
    const split = pieces.slice(1).map((piece) => piece.text);
    expect(split.length).toBe(Math.ceil(text.length / payloadPieceLength));
    expect(split.join('')).toBe(text);
    expect(split[0]).not.toContain('🙂'); // the pair stays whole, in the next piece
    for (const piece of split) expect(piece.length).toBeLessThanOrEqual(payloadPieceLength);
    expect(splitPayloadScripts(html)).toContain('<p>after</p></body>');
  });

  it('joins back to the same text for any payload, and leaves short ones alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3 * payloadPieceLength }), (text) => {
        const html = payloadScript(text);
        const pieces = payloadPieces(splitPayloadScripts(html)).map((piece) => piece.text);
        expect(pieces.join('')).toBe(text);
        if (text.length <= payloadPieceLength) expect(splitPayloadScripts(html)).toBe(html);
      }),
      { numRuns: 60 },
    );
  });
});

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('withDocumentScripts', () => {
  it('rewrites HTML pages, under the page cache too, and passes everything else through', async () => {
    const cache = createPageCache({ ttlSeconds: 10, staleSeconds: 30, maxBytes: 1e6, maxEntryBytes: 1e6 });
    server = http.createServer((req, res) => {
      void cache.handle(req, res, () =>
        withDocumentScripts(req, res, async () => {
          const json = req.url!.startsWith('/api');
          res.writeHead(200, { 'content-type': json ? 'application/json' : 'text/html; charset=utf-8' });
          if (json) return void res.end(JSON.stringify({ html: nextDocument }));
          // Next.js writes a page in pieces; a tag may be cut between two of them.
          const cut = nextDocument.indexOf('turbopack-077h');
          res.write(nextDocument.slice(0, cut));
          await new Promise((r) => setTimeout(r, 10));
          res.end(nextDocument.slice(cut));
        }),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers },
      }).then(async (r) => ({
        cache: r.headers.get('x-page-cache'),
        length: Number(r.headers.get('content-length')),
        body: await r.text(),
      }));

    const expected = rewriteDocumentScripts(nextDocument);
    expect(await get('/')).toMatchObject({ cache: 'MISS', body: expected });
    expect(await get('/')).toMatchObject({ cache: 'HIT', body: expected });
    // Signed in: not cached, deferred all the same, and compressed as the visitor accepts.
    const signedIn = await get('/', { cookie: 'session_token=x' });
    expect(signedIn).toEqual({ cache: null, length: Buffer.byteLength(expected), body: expected });
    const compressed = await fetch(`${base}/`, {
      headers: { accept: 'text/html', cookie: 'session_token=x', 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
    expect(await compressed.text()).toBe(expected);
    expect(JSON.parse((await get('/api/x', { accept: '*/*' })).body)).toEqual({ html: nextDocument });
  });
});

describe('missingNextMarkers (the contract test reads a real page with it)', () => {
  it('names each marker a document lacks, and nothing when all are there', () => {
    const payload = `<script nonce="abc">self.__next_f.push(${JSON.stringify([1, 'x'.repeat(20_000)])})</script>`;
    const chunk = '<script src="/_next/static/chunks/a1.js" async="" nonce="abc"></script>';
    const page = (body: string) => `<!DOCTYPE html><html><head>${chunk}</head><body>${body}</body></html>`;
    expect(missingNextMarkers(page(payload))).toEqual([]);
    expect(missingNextMarkers('<html><head></head><body></body></html>')).toHaveLength(2);
    expect(missingNextMarkers(page(payload.replace('self.__next_f', 'self.__other')))).toEqual([
      expect.stringContaining('self.__next_f.push'),
    ]);
    expect(missingNextMarkers(page(payload).replace(' async=""', ''))).toEqual([
      expect.stringContaining('chunk scripts'),
    ]);
    expect(missingNextMarkers(page('<script>self.__next_f.push([1,"short"])</script>'))).toEqual([
      expect.stringContaining('longer than'),
    ]);
  });
});
