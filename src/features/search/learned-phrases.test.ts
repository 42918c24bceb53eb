import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { allWordsQuery, isLearnablePhrase } from './learned-phrases';

describe('isLearnablePhrase', () => {
  it('learns short searches for models', () => {
    for (const phrase of [
      'chair',
      'red chair',
      'low poly tree',
      'iphone 15 stand',
      '2026 calendar',
      'Стул',
      '椅子 模型',
    ])
      expect(isLearnablePhrase(phrase), phrase).toBe(true);
  });

  it('never learns digit-heavy, address-like or sentence-long phrases', () => {
    for (const phrase of [
      'chair scam call 5550100 for free refunds',
      'chair 5550100',
      'red chair 555 0100',
      'a1 b2 c3',
      'chair www example com',
      'seat http evil',
      'best chairs shop com',
      'one two three four five six',
    ])
      expect(isLearnablePhrase(phrase), phrase).toBe(false);
  });

  it('never learns a phrase with five digits or more, whatever its words', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        const phrase = words.join(' ');
        const digits = phrase.replace(/\D/g, '').length;
        if (digits > 4) expect(isLearnablePhrase(phrase)).toBe(false);
      }),
    );
  });
});

describe('allWordsQuery', () => {
  it('makes every word required (`+word`, the query language’s "must")', () => {
    expect(allWordsQuery('Red Chair and')).toBe('+red +chair +and');
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zA-Z0-9]{1,10}$/), { minLength: 1, maxLength: 5 }),
        (words) => {
          expect(allWordsQuery(words.join(' ')).split(' ')).toEqual(
            words.map((word) => `+${word.toLowerCase()}`),
          );
        },
      ),
    );
  });
});
