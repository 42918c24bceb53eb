import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { defaultLocale, locales, routing } from '@/i18n/routing';

import { createRouteMatcher, readAppRoutes, readPublicEntries, unmatchedRoute } from './route-patterns';

const root = process.cwd();
const appRoutes = readAppRoutes({ root, dev: true });
const routeOf = createRouteMatcher({
  appRoutes,
  locales: { locales, defaultLocale, pathnames: routing.pathnames },
  publicEntries: readPublicEntries(root),
});

describe('route labels of request paths', () => {
  it.each([
    ['/', '/[locale]'],
    ['/de', '/[locale]'],
    ['/zh-CN/', '/[locale]'],
    ['/about-us', '/[locale]/about-us'],
    ['/fr/about-us', '/[locale]/about-us'],
    ['/3d-models', '/[locale]/3d-models'],
    ['/de/3d-modelle/robots/robot-arm-42', '/[locale]/3d-models/[...path]'],
    [
      '/ru/rabota-3d-modelirovanie/12/applications/7',
      '/[locale]/3d-modeling-jobs/[id]/applications/[applicationId]',
    ],
    ['/3d-modeling-jobs/new', '/[locale]/3d-modeling-jobs/new'],
    ['/3d-modeling-jobs/12', '/[locale]/3d-modeling-jobs/[id]'],
    ['/es/listas-de-impresion/9', '/[locale]/printlists/[id]'],
    ['/invite/ABC123', '/[locale]/invite/[code]'],
    ['/api/health', '/api/health'],
    ['/api/internal/printlists', '/api/internal/printlists'],
    ['/api/internal/printlists/12/items', '/api/internal/printlists/[id]/items'],
    ['/api/internal/conversations/unread', '/api/internal/conversations/unread'],
    ['/api/internal/conversations/5/read', '/api/internal/conversations/[id]/read'],
    ['/files/previews/ab/cd.webp', '/files/[...key]'],
    ['/_next/static/chunks/app.js', '/_next/static/[...path]'],
    ['/images/home/hero.webp', '/images/[...path]'],
    ['/robots.txt', '/robots.txt'],
    ['/sitemaps/models-1.xml', '/sitemaps/[file]'],
    ['/no/such/page', '/[locale]/[...rest]'],
    ['/de/%33d-modelle', '/[locale]/3d-models'],
    ['/de/3d-modelle%2Fx', '/[locale]/[...rest]'],
  ])('%s → %s', (path, route) => {
    expect(routeOf(path)).toBe(route);
  });

  it('gives every path one of a bounded set of labels: the app routes and a few fixed ones', () => {
    const allowed = new Set([
      ...appRoutes,
      unmatchedRoute,
      '/_next/static/[...path]',
      '/_next/image',
      ...readPublicEntries(root).map((entry) =>
        entry.folder ? `/${entry.name}/[...path]` : `/${entry.name}`,
      ),
    ]);
    const segment = fc.oneof(
      fc.constantFrom(
        ...locales,
        'api',
        'internal',
        '3d-models',
        'de',
        'files',
        '_next',
        'static',
        '%',
        '..',
      ),
      fc.string({ maxLength: 12 }),
      fc.integer({ min: 0, max: 1e9 }).map(String),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        expect(allowed.has(routeOf(`/${segments.join('/')}`))).toBe(true);
      }),
    );
  });

  it('without the app routes, paths are "(unmatched)" rather than themselves', () => {
    const bare = createRouteMatcher({ appRoutes: [], locales: { locales, defaultLocale, pathnames: {} } });
    expect(bare('/anything/at/all')).toBe(unmatchedRoute);
    expect(bare('/_next/static/x.js')).toBe('/_next/static/[...path]');
  });
});
