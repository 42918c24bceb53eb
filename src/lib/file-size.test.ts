import { describe, expect, it } from 'vitest';

import { formatFileSize } from './file-size';

/** Intl puts (narrow) no-break spaces between number and unit, and ICU versions differ in which. */
const size = (bytes: number, tag: string) => formatFileSize(bytes, tag).replace(/[\u00a0\u202f]/g, ' ');

describe('formatFileSize', () => {
  it('steps through bytes, kB, MB and GB', () => {
    expect(size(13_084, 'en')).toBe('13 kB');
    expect(size(4608, 'en')).toBe('4.5 kB');
    expect(size(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(size(3 * 1024 ** 3, 'de')).toBe('3 GB');
  });

  it('spells bytes out in the locale, never the short "byte"', () => {
    expect(size(684, 'en')).toBe('684 bytes');
    expect(size(1, 'en')).toBe('1 byte');
    expect(size(684, 'de')).toBe('684 Byte');
    expect(size(684, 'fr')).toBe('684 octets');
    expect(size(684, 'ru')).toMatch(/^684 байт/);
  });

  it('uses the locale decimal separator and unit symbol', () => {
    expect(size(4608, 'de')).toBe('4,5 kB');
    expect(size(4608, 'fr')).toBe('4,5 ko');
  });
});
