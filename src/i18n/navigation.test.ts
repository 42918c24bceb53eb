import { describe, expect, it } from 'vitest';

import { getPathname, localizedHref } from './navigation';

describe('getPathname', () => {
  it('translates segments and prefixes every locale but English', () => {
    expect(getPathname({ locale: 'en', href: '/' })).toBe('/');
    expect(getPathname({ locale: 'de', href: '/' })).toBe('/de');
    expect(getPathname({ locale: 'de', href: '/3d-print-models' })).toBe('/de/3d-druck-modelle');
    expect(getPathname({ locale: 'es', href: '/free-3d-models' })).toBe('/es/gratis-3d-modelos');
    expect(getPathname({ locale: 'zh-CN', href: '/about-us' })).toBe('/zh-CN/about-us');
  });

  it('fills and encodes params', () => {
    expect(
      getPathname({
        locale: 'fr',
        href: { pathname: '/3d-models/[...path]', params: { path: ['art', 'sculptures', 'a b'] } },
      }),
    ).toBe('/fr/3d-modeles/art/sculptures/a%20b');
    expect(
      getPathname({
        locale: 'en',
        href: { pathname: '/designers/[username]', params: { username: 'Ann_B' } },
      }),
    ).toBe('/designers/Ann_B');
  });

  it('adds query strings with the spec rules', () => {
    expect(localizedHref('en', '/3d-models', { page: 1, 'licenses[]': ['exclude_3d_print'], x: null })).toBe(
      '/3d-models?page=1&licenses%5B%5D=exclude_3d_print',
    );
  });
});
