import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { supportMessageMaxLength, validateSupportMessage } from './schemas';

const whitespace = fc.constantFrom(' ', '\n', '\t', '\u00a0', '\r\n');
const padded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.array(whitespace, { maxLength: 3 }), text, fc.array(whitespace, { maxLength: 3 }))
    .map(([before, core, after]) => `${before.join('')}${core}${after.join('')}`);

describe('validateSupportMessage', () => {
  it('requires the message and limits it to 5,000 characters', () => {
    expect(supportMessageMaxLength).toBe(5000);
    expect(validateSupportMessage({})).toEqual({ ok: false, fieldErrors: { message: 'required' } });
    expect(validateSupportMessage({ message: ' \n\t' })).toEqual({
      ok: false,
      fieldErrors: { message: 'required' },
    });
    expect(validateSupportMessage({ message: 'y'.repeat(5001) })).toEqual({
      ok: false,
      fieldErrors: { message: 'too_long' },
    });
    expect(validateSupportMessage({ message: 'y'.repeat(5000) })).toEqual({
      ok: true,
      value: { message: 'y'.repeat(5000) },
    });
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = validateSupportMessage(input);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
    for (const input of [null, undefined, 42, 'text', [], { message: 7 }, { message: null }])
      expect(validateSupportMessage(input)).toEqual({ ok: false, fieldErrors: { message: 'required' } });
  });

  it('accepts any non-blank message up to the limit, trimmed', () => {
    fc.assert(
      fc.property(
        padded(
          fc
            .string({ minLength: 1, maxLength: 300, unit: 'grapheme-ascii' })
            .filter((s) => s.trim() === s && s !== ''),
        ),
        (message) => {
          expect(validateSupportMessage({ message })).toEqual({
            ok: true,
            value: { message: message.trim() },
          });
        },
      ),
    );
  });

  it('refuses every message beyond the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (extra) => {
        const result = validateSupportMessage({ message: 'a'.repeat(supportMessageMaxLength + extra) });
        expect(result).toEqual({ ok: false, fieldErrors: { message: 'too_long' } });
      }),
    );
  });
});
