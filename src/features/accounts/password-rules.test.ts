/** The password rules (issue 24, NIST SP 800-63B), as properties over arbitrary passwords. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { passwordMaxLength, passwordMinLength, passwordRuleError } from './password-rules';
import { isCommonPassword, visitorLanguages } from './server/common-passwords';

const length = (text: string) => [...text].length;
const blank = fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', '\u2003');
const username = fc.stringMatching(/^[A-Za-z0-9_.-]{4,40}$/);

describe('passwordRuleError', () => {
  it('refuses the examples of the issue that need no list: eight spaces', () => {
    expect(passwordRuleError('        ')).toBe('password_whitespace');
    expect(passwordRuleError('')).toBe('required');
  });

  it('refuses any password of blanks only, whatever its length', () => {
    fc.assert(
      fc.property(fc.array(blank, { minLength: 1, maxLength: 200 }), (blanks) => {
        expect(passwordRuleError(blanks.join(''))).toBe('password_whitespace');
      }),
    );
  });

  it('refuses fewer than 8 characters and more than 128, counting characters, not UTF-16 units', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }), (password) => {
        const error = passwordRuleError(password);
        if (password.trim() === '') return;
        const n = length(password);
        if (n < passwordMinLength) expect(error).toBe('password_short');
        else if (n > passwordMaxLength) expect(error).toBe('password_long');
        else expect(['password_short', 'password_long']).not.toContain(error);
      }),
    );
    // Emoji are one character each (two UTF-16 units).
    expect(passwordRuleError('🐢'.repeat(8))).toBeNull();
    expect(passwordRuleError('🐢'.repeat(7))).toBe('password_short');
  });

  it('allows long passphrases, up to at least 64 characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{3,9}( [a-z]{3,9}){7,11}$/), (phrase) => {
        fc.pre(length(phrase) <= 128);
        expect(passwordRuleError(phrase)).toBeNull();
      }),
    );
    expect(passwordMaxLength).toBeGreaterThanOrEqual(64);
  });

  it('refuses a password that contains the username, in any case', () => {
    fc.assert(
      fc.property(
        username,
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        fc.boolean(),
        (name, before, after, upper) => {
          const password = `${before}${upper ? name.toUpperCase() : name}${after}`;
          fc.pre(password.trim() !== '' && length(password) >= 8 && length(password) <= 128);
          expect(passwordRuleError(password, { username: name })).toBe('password_username');
        },
      ),
    );
  });

  it('refuses a password that is or contains the email address or its local part', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9.]{4,20}$/), fc.string({ maxLength: 10 }), (local, extra) => {
        const email = `${local}@example.org`;
        const account = { username: 'someone-else', email };
        for (const password of [email, `${extra}${email}`, `${local}${extra}`.padEnd(8, '!')])
          expect(passwordRuleError(password, account)).toBe('password_email');
      }),
    );
  });

  it('whatever it accepts is 8 to 128 characters, not blank, free of the username and the email', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 140 }), username, (password, name) => {
        const email = `${name}@example.com`;
        if (passwordRuleError(password, { username: name, email }) !== null) return;
        expect(length(password)).toBeGreaterThanOrEqual(8);
        expect(length(password)).toBeLessThanOrEqual(128);
        expect(password.trim()).not.toBe('');
        expect(password.toLowerCase()).not.toContain(name.toLowerCase());
      }),
    );
  });
});

describe('isCommonPassword', () => {
  it('finds the issue’s examples and other well-known passwords, in any case, in no language at all', async () => {
    for (const password of ['12345678', 'password', 'PASSWORD', 'qwertyuiop', 'iloveyou', '11111111'])
      expect(await isCommonPassword(password, [])).toBe(true);
    expect(await isCommonPassword('violet tractor 42 umbrellas', ['en'])).toBe(false);
  });

  it('finds the dictionary words of the visitor’s language where a list exists', async () => {
    expect(await isCommonPassword('schmetterling', ['de'])).toBe(true);
    expect(await isCommonPassword('Computer', ['en'])).toBe(true);
    expect(await isCommonPassword('ordinateur', ['fr'])).toBe(true);
    expect(await isCommonPassword('ordinateur', [])).toBe(false);
  });

  it('reads the visitor’s languages from the page’s locale and Accept-Language', () => {
    expect(visitorLanguages('jp', null)).toEqual(['ja', 'en']);
    expect(visitorLanguages('de', 'fr-CH, fr;q=0.9, en;q=0.8')).toEqual(['de', 'fr', 'en']);
    expect(visitorLanguages('zh-CN', 'ru-RU')).toEqual(['en']);
    expect(visitorLanguages(42, 'pt-BR')).toEqual(['pt', 'en']);
  });
});
