import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { cleanSourceName, decodeEntities, loadSourceModels, repairMojibake } from '@/seed/catalog-source';

describe('Thingi10K names', () => {
  it('are decoded from HTML: numeric and named entities', () => {
    expect(decodeEntities('1980&#039;s Quarter Scale')).toBe("1980's Quarter Scale");
    expect(decodeEntities('&quot;Tilt&quot; &lt;3 &amp; 5&euro; &#x263A;')).toBe('"Tilt" <3 & 5€ ☺');
    expect(decodeEntities('R&D &unknown; &#0;')).toBe('R&D &unknown; &#0;');
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('&')),
        (s) => decodeEntities(s) === s,
      ),
    );
  });

  it('leave no entity in the demo catalogue', () => {
    const escaped = loadSourceModels().filter((m) => /&(#\d+|#x[\da-f]+|[a-z]+\d?);/i.test(m.name));
    expect(escaped.map((m) => m.name)).toEqual([]);
  });
});

describe('mis-read UTF-8 in Thingi10K names', () => {
  it('is read once more as UTF-8', () => {
    expect(cleanSourceName('Mat&Atilde;&shy;as Wolf ')).toBe('Matías Wolf');
    expect(cleanSourceName('Sold&atilde;&euro;&euro;Holder ')).toBe('Sold Holder');
    expect(cleanSourceName('D&Acirc;&sup2; - Modular parametric car')).toBe('D² - Modular parametric car');
    expect(cleanSourceName('straw holder &Atilde;&tilde;45.3 mm can size')).toBe(
      'straw holder Ø45.3 mm can size',
    );
  });

  it('leaves genuine text alone', () => {
    expect(repairMojibake('Café à Paris')).toBe('Café à Paris');
    expect(repairMojibake('Dragon 龍')).toBe('Dragon 龍');
    fc.assert(fc.property(fc.string(), (s) => repairMojibake(s).length <= s.length));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        // Any text written as UTF-8 and read as Windows-1252 comes back whole.
        const bytes = new TextEncoder().encode(s);
        if ([...bytes].some((b) => [0x81, 0x8d, 0x8f, 0x90, 0x9d].includes(b) || b < 0x20)) return true;
        const misread = new TextDecoder('windows-1252').decode(bytes);
        return repairMojibake(misread) === s;
      }),
    );
  });

  it('leaves no mis-read UTF-8 in the demo catalogue', () => {
    const broken = loadSourceModels().filter((m) => /Ã|Â|â€/.test(m.name));
    expect(broken.map((m) => m.name)).toEqual([]);
  });
});
