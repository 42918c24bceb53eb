import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatCountdown as format } from './countdown';

const formatCountdown = (ms: number, tag: string) => format(ms, tag).replace(/[\u00a0\u202f]/g, ' ');

const day = 86_400_000;
const left = 31 * day + (9 * 3600 + 10 * 60 + 59) * 1000;

describe('formatCountdown', () => {
  it('writes the days in the locale, the clock after them', () => {
    expect(formatCountdown(left, 'en')).toBe('31 days 09:10:59');
    expect(formatCountdown(left, 'de')).toBe('31 Tage 09:10:59');
    expect(formatCountdown(left, 'fr')).toBe('31 jours 09:10:59');
    expect(formatCountdown(day + 1000, 'en')).toBe('1 day 00:00:01');
    expect(formatCountdown(left, 'ja')).toMatch(/^31\s?日 09:10:59$/);
  });

  it('never says "d" in a language that does not', () => {
    for (const tag of ['de', 'es', 'fr', 'pt', 'ru', 'ja', 'zh-CN'])
      expect(formatCountdown(left, tag)).not.toMatch(/\d+d /);
  });

  it('shows the clock alone under a day, and zero once over', () => {
    expect(formatCountdown(3_600_000 + 5_000, 'de')).toBe('01:00:05');
    expect(formatCountdown(-5_000, 'en')).toBe('00:00:00');
  });

  it('always ends in a valid hh:mm:ss for the time left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * day }), (ms) => {
        const clock = formatCountdown(ms, 'en').slice(-8);
        const [h, m, s] = clock.split(':').map(Number);
        const seconds = Math.floor(ms / 1000) % 86_400;
        return h! * 3600 + m! * 60 + s! === seconds;
      }),
    );
  });
});
