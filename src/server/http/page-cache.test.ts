import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { createPageCache } from './page-cache';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose renders are counted; each render writes the page in two chunks. */
async function start(
  cache: ReturnType<typeof createPageCache>,
  page: { status?: number; type?: string; cookie?: boolean } = {},
) {
  let renders = 0;
  server = http.createServer((req, res) => {
    void cache.handle(req, res, async () => {
      renders++;
      res.statusCode = page.status ?? 200;
      res.setHeader('content-type', page.type ?? 'text/html; charset=utf-8');
      res.setHeader('content-security-policy', "script-src 'nonce-abc'");
      if (page.cookie) res.setHeader('set-cookie', 'a=b');
      res.write(`<p>render ${renders}`);
      await new Promise((r) => setTimeout(r, 50));
      res.end(` of ${req.url}</p>`);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  return { base, renders: () => renders };
}

function fetchText(url: string, headers: Record<string, string> = {}) {
  return fetch(url, { headers: { accept: 'text/html', ...headers } }).then(async (r) => ({
    status: r.status,
    cache: r.headers.get('x-page-cache'),
    csp: r.headers.get('content-security-policy'),
    encoding: r.headers.get('content-encoding'),
    body: await r.text(),
  }));
}

describe('page cache', () => {
  it('serves a recorded page until it expires, then renders it again once', async () => {
    let clock = 0;
    const cache = createPageCache({
      ttlSeconds: 10,
      staleSeconds: 30,
      maxBytes: 1e6,
      maxEntryBytes: 1e5,
      now: () => clock,
    });
    const app = await start(cache);
    const first = await fetchText(`${app.base}/de?x=1`);
    expect(first).toMatchObject({ status: 200, cache: 'MISS', body: '<p>render 1 of /de?x=1</p>' });
    const second = await fetchText(`${app.base}/de?x=1`, { 'accept-encoding': 'gzip, deflate, br' });
    // Rendered uncompressed, sent and served compressed in the encoding the client accepts.
    expect(first.encoding).toBe('gzip');
    expect(second).toMatchObject({ cache: 'HIT', body: first.body, encoding: 'br' });
    expect(second.csp).toMatch(/^script-src 'nonce-[\w+/=]+'$/);
    const gzip = await fetchText(`${app.base}/de?x=1`, { 'accept-encoding': 'gzip' });
    expect(gzip).toMatchObject({ cache: 'HIT', body: first.body, encoding: 'gzip' });
    expect(app.renders()).toBe(1);
    expect((await fetchText(`${app.base}/de?x=2`)).cache).toBe('MISS');
    clock = 11_000;
    const [a, b] = await Promise.all([fetchText(`${app.base}/de?x=1`), fetchText(`${app.base}/de?x=1`)]);
    expect([a.cache, b.cache].sort()).toEqual(['MISS', 'STALE']);
    expect(app.renders()).toBe(3);
  });

  it('never stores errors, non-HTML, cookies, API calls, RSC requests or signed-in visitors', async () => {
    const cache = createPageCache({ ttlSeconds: 10, staleSeconds: 30, maxBytes: 1e6, maxEntryBytes: 1e5 });
    const notFound = await start(cache, { status: 404 });
    await fetchText(`${notFound.base}/missing`);
    expect((await fetchText(`${notFound.base}/missing`)).cache).toBe('MISS');
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const app = await start(cache, { cookie: true });
    await fetchText(`${app.base}/`);
    expect((await fetchText(`${app.base}/`)).cache).toBe('MISS');
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const plain = await start(cache);
    for (const [path, headers] of [
      ['/api/internal/items/trending', {}],
      ['/', { rsc: '1' }],
      ['/', { cookie: 'session_token=x' }],
    ] as const) {
      await fetchText(`${plain.base}${path}`, headers);
      expect((await fetchText(`${plain.base}${path}`, headers)).cache).not.toBe('HIT');
    }
    expect(cache.size()).toBe(0);
  });

  it('keeps one entry per value of the display preference cookies', async () => {
    const cache = createPageCache({
      ttlSeconds: 10,
      staleSeconds: 30,
      maxBytes: 1e6,
      maxEntryBytes: 1e5,
      preferenceCookiePrefix: 'pref_',
    });
    const app = await start(cache);
    const small = { cookie: 'theme=x; pref_cards=small.details' };
    expect((await fetchText(`${app.base}/3d-models`)).body).toBe('<p>render 1 of /3d-models</p>');
    expect((await fetchText(`${app.base}/3d-models`, small)).body).toBe('<p>render 2 of /3d-models</p>');
    expect(await fetchText(`${app.base}/3d-models`, small)).toMatchObject({
      cache: 'HIT',
      body: '<p>render 2 of /3d-models</p>',
    });
    expect(await fetchText(`${app.base}/3d-models`, { cookie: 'other=1' })).toMatchObject({
      cache: 'HIT',
      body: '<p>render 1 of /3d-models</p>',
    });
    expect(app.renders()).toBe(2);
  });

  it('keeps within its byte budget', async () => {
    const cache = createPageCache({ ttlSeconds: 10, staleSeconds: 30, maxBytes: 60, maxEntryBytes: 1e5 });
    const app = await start(cache);
    for (let i = 0; i < 5; i++) await fetchText(`${app.base}/p${i}`);
    expect(cache.bytes()).toBeLessThanOrEqual(60);
    expect(cache.size()).toBeGreaterThan(0);
  });

  it('gives every response served from the cache its own nonce, in the policy and in its scripts', async () => {
    const cache = createPageCache({ ttlSeconds: 10, staleSeconds: 30, maxBytes: 1e6, maxEntryBytes: 1e6 });
    let renders = 0;
    server = http.createServer((req, res) => {
      void cache.handle(req, res, async () => {
        renders++;
        const nonce = `rendered${renders}nonce`;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('content-security-policy', `default-src 'self'; script-src 'self' 'nonce-${nonce}'`);
        res.end(
          `<html><head><script nonce="${nonce}">a()</script></head><body>${'x'.repeat(5000)}` +
            `<script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script></body></html>`,
        );
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/de`;
    const pages = [
      await fetchText(url),
      await fetchText(url, { 'accept-encoding': 'br' }),
      await fetchText(url, { 'accept-encoding': 'br' }),
      await fetchText(url, { 'accept-encoding': 'gzip' }),
      await fetchText(url),
    ];
    expect(pages.map((page) => page.cache)).toEqual(['MISS', 'HIT', 'HIT', 'HIT', 'HIT']);
    expect(renders).toBe(1);
    const nonces = pages.map((page) => /'nonce-([^']+)'/.exec(page.csp ?? '')?.[1]);
    expect(new Set(nonces).size).toBe(pages.length);
    for (const [index, page] of pages.entries()) {
      const nonce = nonces[index]!;
      expect(page.csp).toBe(`default-src 'self'; script-src 'self' 'nonce-${nonce}'`);
      expect([...page.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])).toEqual([nonce, nonce]);
      expect(page.body.split(nonce)).toHaveLength(4);
      expect(page.body.replaceAll(nonce, 'N')).toBe(pages[0]!.body.replaceAll(nonces[0]!, 'N'));
    }
  });
});
