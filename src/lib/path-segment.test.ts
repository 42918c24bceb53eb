import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { decodePathSegment, unroutablePathRewrite, withoutUnstorableQueryParams } from './path-segment';

describe('decodePathSegment', () => {
  it('decodes escapes and leaves plain text as it is', () => {
    expect(decodePathSegment('3d-mod%C3%A8les')).toBe('3d-modèles');
    expect(decodePathSegment('3d-modèles')).toBe('3d-modèles');
  });

  it('answers null for a stray %, never throws', () => {
    expect(decodePathSegment('cymon%zz')).toBeNull();
    expect(decodePathSegment("cymon%' AND 6207=9306 AND 'zvAi%'='zvAi")).toBeNull();
    fc.assert(
      fc.property(fc.string(), (text) => {
        const decoded = decodePathSegment(text);
        expect(decoded === null || typeof decoded === 'string').toBe(true);
      }),
    );
  });
});

describe('unroutablePathRewrite', () => {
  const locales = ['en', 'de', 'zh-CN'];
  const rewrite = (url: string) => unroutablePathRewrite(url, locales, 'en');

  it('sends a stray or escaped % to the 404 page of the path’s locale', () => {
    expect(rewrite('/designers/a%zz')).toBe('/not-found');
    expect(rewrite('/designers/a%25zz?x=1')).toBe('/not-found');
    expect(rewrite('/de/3d-modelle/x%25zz')).toBe('/de/not-found');
    expect(rewrite('/zh-CN/a%zz')).toBe('/zh-CN/not-found');
    expect(rewrite('/en/a%zz')).toBe('/not-found');
  });

  it('leaves every other URL alone, escapes and query strings included', () => {
    expect(rewrite('/fr/3d-mod%C3%A8les')).toBeNull();
    expect(rewrite('/search?keywords=a%25zz')).toBeNull();
    expect(rewrite('/')).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9-]{0,12}$/), { maxLength: 5 }), (segments) => {
        expect(rewrite(`/${segments.map(encodeURIComponent).join('/')}`)).toBeNull();
      }),
    );
  });
});

describe('control characters in URLs (decision 0040)', () => {
  it('sends a path with a control character to the 404 page', () => {
    expect(unroutablePathRewrite('/designers/a%00b', ['en', 'de'], 'en')).toBe('/not-found');
    expect(unroutablePathRewrite('/de/designers/%1B', ['en', 'de'], 'en')).toBe('/de/not-found');
    expect(unroutablePathRewrite('/designers/a%09b', ['en', 'de'], 'en')).toBeNull();
  });

  it('drops the query parameters whose name or value holds one, and keeps the rest as sent', () => {
    expect(withoutUnstorableQueryParams('/cart?coupon=%00')).toBe('/cart');
    expect(withoutUnstorableQueryParams('/search?q=ch%C3%A4ir&x%00=1&sort=new')).toBe(
      '/search?q=ch%C3%A4ir&sort=new',
    );
    expect(withoutUnstorableQueryParams('/search?q=a%0Db%09c%0A')).toBeNull();
    expect(withoutUnstorableQueryParams('/search?q=%zz&p=%7F#top')).toBe('/search?q=%zz#top');
    expect(withoutUnstorableQueryParams('/cart')).toBeNull();
  });
});
