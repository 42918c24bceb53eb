import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each(['a@b.co', ' anna.berg+news@example.com ', 'x@sub.domain.org'])('accepts %s', (email) =>
    expect(isValidEmail(email)).toBe(true),
  );
  it.each(['', 'plain', 'a@b', 'a@.com', 'a b@c.com', 'a@b..com', '@b.com', `${'a'.repeat(250)}@b.com`])(
    'rejects %s',
    (email) => expect(isValidEmail(email)).toBe(false),
  );
  it('never throws', () => fc.assert(fc.property(fc.string(), (s) => typeof isValidEmail(s) === 'boolean')));
});
