import { describe, expect, it } from 'vitest';

import { locales } from '@/i18n/routing';

import { challengeDateFormatter } from './format';

describe('challengeDateFormatter', () => {
  it('writes a date with its time and UTC in every locale', () => {
    for (const locale of locales) {
      const text = challengeDateFormatter(locale)('2026-12-01T18:00:00.000Z');
      expect(text, locale).toMatch(/18|6/);
      expect(text, locale).toMatch(/UTC/);
    }
  });
});
