import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { languageTags } from '@/i18n/routing';

import { formatCount, integerGroupingOf } from './integer-format';

describe('formatCount', () => {
  it.each(Object.values(languageTags))('writes counts as Intl.NumberFormat does in %s', (tag) => {
    const grouping = integerGroupingOf(tag);
    const intl = new Intl.NumberFormat(tag);
    for (const value of [0, 7, 999, 1000, 1234, 9999, 10_000, 12_345, 999_999, 1_000_000, 2 ** 31 - 1])
      expect(formatCount(value, grouping)).toBe(intl.format(value));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(formatCount(value, grouping)).toBe(intl.format(value));
      }),
    );
  });

  it('reads the grouping of German, French and Spanish', () => {
    expect(integerGroupingOf('de-DE')).toEqual({ separator: '.', minimumGroupingDigits: 1 });
    expect(integerGroupingOf('fr-FR').separator).toBe('\u202f');
    expect(integerGroupingOf('es-ES')).toEqual({ separator: '.', minimumGroupingDigits: 2 });
  });
});
