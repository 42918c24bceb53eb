import { describe, expect, it } from 'vitest';

import { remainingCharactersText } from './remaining-characters';

const english = { one: '{count} character left', other: '{count} characters left' };

describe('remainingCharactersText', () => {
  it('groups digits and picks the singular only where the locale says "one"', () => {
    expect(remainingCharactersText(english, 'en', 1950)).toBe('1,950 characters left');
    expect(remainingCharactersText(english, 'en', 1)).toBe('1 character left');
    expect(remainingCharactersText(english, 'en', 0)).toBe('0 characters left');
    expect(remainingCharactersText({ one: '{count} caractère', other: '{count} caractères' }, 'fr', 0)).toBe(
      '0 caractère',
    );
    expect(remainingCharactersText({ one: 'A {count}', other: 'B {count}' }, 'de', 2000)).toBe('B 2.000');
    expect(remainingCharactersText({ one: 'A {count}', other: 'B {count}' }, 'jp', 1)).toBe('B 1');
  });

  it('falls back to plain digits for an unknown locale', () => {
    expect(remainingCharactersText(english, 'not a locale!', 1500)).toBe('1500 characters left');
  });
});
