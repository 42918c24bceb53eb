import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { createPageCache } from './page-cache';
import { isProfilePath, purgeCachedPages, registerPagePurger } from './page-cache-purge';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('purging cached pages', () => {
  it('drops every cached copy of a profile (locales, tabs), and nothing else', async () => {
    const cache = createPageCache({ ttlSeconds: 60, staleSeconds: 60, maxBytes: 1e6, maxEntryBytes: 1e5 });
    let renders = 0;
    server = http.createServer((req, res) => {
      void cache.handle(req, res, async () => {
        renders++;
        res.setHeader('content-type', 'text/html');
        res.end(`render ${renders}`);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    const get = (path: string) =>
      fetch(`${base}${path}`, { headers: { accept: 'text/html' } }).then((r) =>
        r.headers.get('x-page-cache'),
      );
    const pages = [
      '/designers/Ada_M',
      '/de/designers/ada_m?tab=about',
      '/designers/ada_m2',
      '/designers',
      '/3d-models/ada_m',
    ];
    for (const page of pages) expect(await get(page)).toBe('MISS');
    for (const page of pages) expect(await get(page)).toBe('HIT');

    registerPagePurger(cache.purge);
    expect(purgeCachedPages(isProfilePath('ADA_M'))).toBe(2);
    expect(await get('/designers/Ada_M')).toBe('MISS');
    expect(await get('/de/designers/ada_m?tab=about')).toBe('MISS');
    for (const page of pages.slice(2)) expect(await get(page)).toBe('HIT');
  });

  it('matches a profile path whatever its escaping or case', () => {
    const matches = isProfilePath('Jöhn.Doe');
    expect(matches('/designers/jöhn.doe')).toBe(true);
    expect(matches('/fr/designers/JÖHN.DOE/')).toBe(true);
    expect(matches('/designers/john.doe')).toBe(false);
    expect(matches('/jöhn.doe')).toBe(false);
  });
});
