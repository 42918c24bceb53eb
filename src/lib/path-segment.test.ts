import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { decodePathSegment } from './path-segment';

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
