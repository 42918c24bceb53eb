import { describe, expect, it } from 'vitest';

import { cacheBustedUrl, chunkKey } from './chunk-retry';

const base = 'https://meshbay.example/de/3d-models';

describe('chunkKey', () => {
  it('names a script chunk by its absolute address without query or fragment', () => {
    expect(chunkKey('/_next/static/chunks/0abc.js', base)).toBe(
      'https://meshbay.example/_next/static/chunks/0abc.js',
    );
    expect(chunkKey('/_next/static/chunks/0abc.js?dpl=1&retry=5#x', base)).toBe(
      'https://meshbay.example/_next/static/chunks/0abc.js',
    );
  });

  it('ignores everything that is not a script chunk', () => {
    expect(chunkKey('/_next/static/chunks/0abc.css', base)).toBeNull();
    expect(chunkKey('/files/previews/a.js', base)).toBeNull();
    expect(chunkKey('https://other.example/x.js', base)).toBeNull();
  });
});

describe('cacheBustedUrl', () => {
  it('adds a retry query, after an existing one, before a fragment', () => {
    expect(cacheBustedUrl('/_next/static/chunks/a.js', 17)).toBe('/_next/static/chunks/a.js?retry=17');
    expect(cacheBustedUrl('/_next/static/chunks/a.js?dpl=x', 17)).toBe(
      '/_next/static/chunks/a.js?dpl=x&retry=17',
    );
    expect(cacheBustedUrl('/a.js#f', 17)).toBe('/a.js?retry=17#f');
  });
});
