import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatCount } from './plural-template';

const english = '{count, plural, one {# follower} other {# followers}}';
const russian =
  '{count, plural, one {# подписчик} few {# подписчика} many {# подписчиков} other {# подписчика}}';

describe('formatCount', () => {
  it("picks the language's plural form and writes the number its way", () => {
    expect(formatCount(english, 1, 'en')).toBe('1 follower');
    expect(formatCount(english, 0, 'en')).toBe('0 followers');
    expect(formatCount(english, 1234, 'en')).toBe('1,234 followers');
    expect(formatCount(russian, 1, 'ru')).toBe('1 подписчик');
    expect(formatCount(russian, 3, 'ru')).toBe('3 подписчика');
    expect(formatCount(russian, 11, 'ru')).toBe('11 подписчиков');
    expect(formatCount(russian, 21, 'ru')).toBe('21 подписчик');
    expect(formatCount('{count, plural, other {フォロワー#人}}', 5, 'ja')).toBe('フォロワー5人');
  });

  it('prefers an exact case', () => {
    const message = '{count, plural, =0 {no followers yet} one {# follower} other {# followers}}';
    expect(formatCount(message, 0, 'en')).toBe('no followers yet');
    expect(formatCount(message, 2, 'en')).toBe('2 followers');
  });

  it('fills a message without plural syntax as a template', () => {
    expect(formatCount('Likes: {count}', 1500, 'de')).toBe('Likes: 1.500');
  });

  it('always writes the number into a plural message that shows it', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.constantFrom('en', 'ru', 'fr', 'de'), (count, tag) => {
        const text = formatCount(tag === 'ru' ? russian : english, count, tag);
        expect(text).toContain(new Intl.NumberFormat(tag).format(count));
      }),
    );
  });
});
