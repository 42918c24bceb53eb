import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { createPageCache } from './page-cache';
import {
  isPagePatternList,
  pagePatternMatcher,
  profilePages,
  purgeCachedPages,
  registerPagePurger,
} from './page-cache-purge';
import { sharedPagePurges } from './shared-page-purges';

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

    registerPagePurger(sharedPagePurges({ purge: cache.purge, repeatAfterMs: 0 }).purgeHere);
    expect(purgeCachedPages(profilePages('ADA_M'))).toBe(2);
    expect(await get('/designers/Ada_M')).toBe('MISS');
    expect(await get('/de/designers/ada_m?tab=about')).toBe('MISS');
    for (const page of pages.slice(2)) expect(await get(page)).toBe('HIT');
  });

  it('matches a profile path whatever its escaping or case', () => {
    const matches = pagePatternMatcher(profilePages('Jöhn.Doe'));
    expect(matches('/designers/jöhn.doe')).toBe(true);
    expect(matches('/fr/designers/JÖHN.DOE/')).toBe(true);
    expect(matches('/designers/john.doe')).toBe(false);
    expect(matches('/jöhn.doe')).toBe(false);
  });

  it('matches sections after an optional locale, segments anywhere, and everything for {}', () => {
    const gallery = pagePatternMatcher({ section: ['galleries', 'Galerien'] });
    expect(gallery('/galleries')).toBe(true);
    expect(gallery('/de/galerien/makes/3')).toBe(true);
    expect(gallery('/zh-CN/galleries')).toBe(true);
    expect(gallery('/forum/galleries')).toBe(false);
    expect(gallery('/')).toBe(false);
    const forum = pagePatternMatcher({ anywhere: ['forum'] });
    expect(forum('/es/comunidad/forum/3')).toBe(true);
    expect(forum('/forums')).toBe(false);
    const both = pagePatternMatcher({ section: ['3d-models'], endsWith: ['dragon'] });
    expect(both('/3d-models/art/dragon')).toBe(true);
    expect(both('/designers/dragon')).toBe(false);
    expect(pagePatternMatcher({})('/anything/at/all')).toBe(true);
  });

  it('takes only lists of patterns from another instance', () => {
    expect(isPagePatternList([{}, { section: ['a'], anywhere: ['b'], endsWith: ['c', 'd'] }])).toBe(true);
    expect(isPagePatternList([])).toBe(true);
    for (const bad of [
      null,
      {},
      'x',
      [null],
      [[]],
      [{ section: 'a' }],
      [{ section: [1] }],
      [{ other: [] }],
    ]) {
      expect(isPagePatternList(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('purges shared between instances', () => {
  const pathsOf = (purged: ((pathname: string) => boolean)[]) =>
    ['/designers/ada', '/forum', '/3d-models/x'].filter((path) => purged.some((matches) => matches(path)));

  it('sends what it purges, receives what others purge, and drops everything for a message too long', () => {
    const here: ((pathname: string) => boolean)[] = [];
    const sent: string[] = [];
    const purges = sharedPagePurges({ purge: (matches) => here.push(matches), repeatAfterMs: 0 });
    const purge = purges.sharedOver({ send: async (message) => sent.push(message) > 0 });
    purge([profilePages('ada')]);
    expect(sent).toEqual([JSON.stringify([{ endsWith: ['designers', 'ada'] }])]);
    expect(pathsOf(here)).toEqual(['/designers/ada']);

    here.length = 0;
    purges.receive(JSON.stringify([{ anywhere: ['forum'] }]));
    expect(pathsOf(here)).toEqual(['/forum']);

    here.length = 0;
    purges.receive('not json');
    purges.receive('[{"section":"x"}]');
    expect(here).toEqual([]);

    purge([{ anywhere: Array.from({ length: 2000 }, (_, i) => `segment-${i}`) }]);
    expect(sent.at(-1)).toBe('[{}]');
  });

  it('with read replicas, purges again once the allowed lag is over', async () => {
    const here: ((pathname: string) => boolean)[] = [];
    const purges = sharedPagePurges({ purge: (matches) => here.push(matches), repeatAfterMs: 50 });
    purges.purgeHere([profilePages('ada')]);
    expect(here).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(here).toHaveLength(2);
    expect(pathsOf(here.slice(1))).toEqual(['/designers/ada']);
  });
});
