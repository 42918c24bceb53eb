import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { firstUnstorableTextPath, isStorableText, withoutControlCharacters } from './control-characters';

describe('isStorableText', () => {
  it('keeps text, tabs and line breaks; refuses NUL, the other controls and half surrogate pairs', () => {
    expect(isStorableText('Chair\tdesign\r\nline two — 椅子 🪑')).toBe(true);
    for (const bad of [
      'a\u0000b',
      '\u0007',
      '\u000b',
      '\u000c',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\ud800',
      'x\udc00',
    ])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('text with one control character put anywhere is refused; removing them makes it storable', () => {
    const control = fc.constantFrom(
      '\u0000',
      '\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001f',
      '\u007f',
      '\u009f',
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), control, fc.nat(), (text, bad, at) => {
        const cut = at % (text.length + 1);
        const hostile = text.slice(0, cut) + bad + text.slice(cut);
        expect(isStorableText(hostile)).toBe(false);
        expect(isStorableText(withoutControlCharacters(hostile))).toBe(true);
      }),
      { seed: 40, numRuns: 300 },
    );
  });
});

describe('firstUnstorableTextPath', () => {
  it('names the first offending string or key of a JSON value', () => {
    expect(firstUnstorableTextPath({ name: 'ok', lines: [{ note: 'fine' }] })).toBeNull();
    expect(firstUnstorableTextPath({ email: 'a\u0000@b.c' })).toBe('email');
    expect(firstUnstorableTextPath({ lines: [{ note: 'ok' }, { note: 'x\u0000' }] })).toBe('lines.1.note');
    expect(firstUnstorableTextPath({ 'a\u0000': 1 })).toBe('(key)');
    expect(firstUnstorableTextPath('\u0000')).toBe('(body)');
    expect(firstUnstorableTextPath([1, null, true, 2.5])).toBeNull();
  });
});
