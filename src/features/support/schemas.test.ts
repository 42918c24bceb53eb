import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isValidEmail } from '@/lib/email';

import {
  supportMessageMaxLength,
  supportNameMaxLength,
  validateSupportMessage,
  type SupportField,
} from './schemas';

const whitespace = fc.constantFrom(' ', '\n', '\t', '\u00a0', '\r\n');
const padded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.array(whitespace, { maxLength: 3 }), text, fc.array(whitespace, { maxLength: 3 }))
    .map(([before, core, after]) => `${before.join('')}${core}${after.join('')}`);
/** Non-blank text of 1..max characters that starts and ends with a non-space. */
const word = (max: number) =>
  fc
    .string({ minLength: 1, maxLength: max, unit: 'grapheme-ascii' })
    .filter((s) => s.trim() === s && s !== '');
const email = fc.emailAddress().filter((e) => isValidEmail(e));

describe('validateSupportMessage', () => {
  it('requires every field and names the problem of each', () => {
    expect(validateSupportMessage({})).toEqual({
      ok: false,
      fieldErrors: { name: 'required', email: 'required', message: 'required' },
    });
    expect(validateSupportMessage({ name: '  ', email: 'bo@example', message: '\n\t' })).toEqual({
      ok: false,
      fieldErrors: { name: 'required', email: 'invalid_email', message: 'required' },
    });
    expect(
      validateSupportMessage({
        name: 'x'.repeat(supportNameMaxLength + 1),
        email: 'bo@acme.io',
        message: 'y'.repeat(supportMessageMaxLength + 1),
      }),
    ).toEqual({ ok: false, fieldErrors: { name: 'too_long', message: 'too_long' } });
  });

  it('accepts the limits exactly and trims before measuring', () => {
    expect(
      validateSupportMessage({
        name: ` ${'n'.repeat(supportNameMaxLength)} `,
        email: ' bo@acme.io ',
        message: `\n${'m'.repeat(supportMessageMaxLength)}\n`,
      }),
    ).toEqual({
      ok: true,
      value: {
        name: 'n'.repeat(supportNameMaxLength),
        email: 'bo@acme.io',
        message: 'm'.repeat(supportMessageMaxLength),
      },
    });
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = validateSupportMessage(input);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
    fc.assert(
      fc.property(
        fc.record(
          { name: fc.anything(), email: fc.anything(), message: fc.anything() },
          { requiredKeys: [] },
        ),
        (input) => {
          validateSupportMessage(input);
        },
      ),
    );
  });

  it('returns accepted values trimmed and within the limits', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.oneof(fc.string({ maxLength: 100 }), padded(word(supportNameMaxLength))),
          email: fc.oneof(fc.string({ maxLength: 30 }), padded(email)),
          message: fc.oneof(fc.string({ maxLength: 2100 }), padded(word(supportMessageMaxLength))),
        }),
        (input) => {
          const result = validateSupportMessage(input);
          if (!result.ok) return;
          const { name, email: address, message } = result.value;
          for (const field of ['name', 'email', 'message'] as const) {
            expect(result.value[field]).toBe(input[field].trim());
            expect(result.value[field]).not.toBe('');
          }
          expect(name.length).toBeLessThanOrEqual(supportNameMaxLength);
          expect(message.length).toBeLessThanOrEqual(supportMessageMaxLength);
          expect(isValidEmail(address)).toBe(true);
        },
      ),
    );
  });

  it('accepts every well-formed message', () => {
    fc.assert(
      fc.property(
        padded(word(supportNameMaxLength)),
        padded(email),
        padded(word(supportMessageMaxLength)),
        (name, address, message) => {
          expect(validateSupportMessage({ name, email: address, message })).toEqual({
            ok: true,
            value: { name: name.trim(), email: address.trim(), message: message.trim() },
          });
        },
      ),
    );
  });

  it('always rejects a field that is too long after trimming', () => {
    const limits: Array<[SupportField, number]> = [
      ['name', supportNameMaxLength],
      ['message', supportMessageMaxLength],
    ];
    for (const [field, max] of limits) {
      fc.assert(
        fc.property(
          padded(
            fc.string({ minLength: max + 1, maxLength: max + 200 }).filter((s) => s.trim().length > max),
          ),
          (long) => {
            const input = { name: 'Bo', email: 'bo@acme.io', message: 'Hello', [field]: long };
            const result = validateSupportMessage(input);
            expect(result).toEqual({ ok: false, fieldErrors: { [field]: 'too_long' } });
          },
        ),
      );
    }
  });
});
