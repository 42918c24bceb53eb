import { describe, expect, it } from 'vitest';

import { formatDate, responseTimeParts } from './format';

describe('responseTimeParts', () => {
  it('says minutes under an hour, hours under two days, then days', () => {
    expect(responseTimeParts(0)).toEqual({ unit: 'minutes', count: 1 });
    expect(responseTimeParts(15)).toEqual({ unit: 'minutes', count: 15 });
    expect(responseTimeParts(59)).toEqual({ unit: 'minutes', count: 59 });
    expect(responseTimeParts(60)).toEqual({ unit: 'hours', count: 1 });
    expect(responseTimeParts(150)).toEqual({ unit: 'hours', count: 3 });
    expect(responseTimeParts(47 * 60)).toEqual({ unit: 'hours', count: 47 });
    expect(responseTimeParts(2880)).toEqual({ unit: 'days', count: 2 });
  });
});

describe('formatDate', () => {
  it('formats in the language of the locale, Japanese too (locale key jp, tag ja)', () => {
    const iso = '2026-11-01T12:00:00Z';
    expect(formatDate('jp', iso, { year: 'numeric', month: 'long' })).toBe('2026年11月');
    expect(formatDate('de', iso, { year: 'numeric', month: 'long' })).toBe('November 2026');
    expect(formatDate('fr', iso, { year: 'numeric', month: 'long' })).toBe('novembre 2026');
  });
});
