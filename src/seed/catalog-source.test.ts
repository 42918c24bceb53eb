import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { decodeEntities, loadSourceModels } from '@/seed/catalog-source';

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
