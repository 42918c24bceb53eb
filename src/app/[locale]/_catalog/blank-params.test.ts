import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { withoutBlankParams } from './blank-params';

describe('withoutBlankParams', () => {
  it('drops blank values and keeps the rest in order', () => {
    expect(
      withoutBlankParams({ 'file_types[]': ['obj', '', 'stl'], price_min: '', price_max: '', free: '1' }),
    ).toEqual({ 'file_types[]': ['obj', 'stl'], free: ['1'] });
  });

  it('is null when nothing is blank (no redirect)', () => {
    expect(withoutBlankParams({ keywords: 'vase', 'badges[]': ['new'], page: undefined })).toBeNull();
    expect(withoutBlankParams({})).toBeNull();
  });

  it('keeps a parameter named like an object property (__proto__)', () => {
    expect(Object.entries(withoutBlankParams(JSON.parse('{"__proto__": ["", " "]}'))!)).toEqual([
      ['__proto__', [' ']],
    ]);
  });

  it('never keeps a blank value and never loses a filled one', () => {
    const value = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 4 }));
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), value), (params) => {
        const kept = withoutBlankParams(params) ?? params;
        for (const values of Object.values(kept)) for (const v of [values].flat()) expect(v).not.toBe('');
        const filled = (p: typeof params) =>
          Object.entries(p).flatMap(([k, v]) =>
            [v]
              .flat()
              .filter((x) => x !== '')
              .map((x) => `${k}=${x}`),
          );
        expect(filled(kept)).toEqual(filled(params));
      }),
    );
  });
});
