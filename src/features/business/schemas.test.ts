import { describe, expect, it } from 'vitest';

import { validateBusinessApplication } from './schemas';

describe('validateBusinessApplication', () => {
  it('requires every field and a valid email', () => {
    expect(validateBusinessApplication({})).toEqual({
      ok: false,
      fieldErrors: { companyName: 'required', contactName: 'required', email: 'required' },
    });
    expect(validateBusinessApplication({ companyName: 'A', contactName: 'B', email: 'nope' })).toEqual({
      ok: false,
      fieldErrors: { email: 'invalid_email' },
    });
    expect(
      validateBusinessApplication({ companyName: 'x'.repeat(121), contactName: ' B ', email: 'b@c.io' }),
    ).toEqual({ ok: false, fieldErrors: { companyName: 'too_long' } });
  });

  it('trims accepted values and ignores non-strings', () => {
    expect(
      validateBusinessApplication({ companyName: ' Acme ', contactName: 'Bo', email: ' bo@acme.io ' }),
    ).toEqual({
      ok: true,
      value: { companyName: 'Acme', contactName: 'Bo', email: 'bo@acme.io' },
    });
    expect(validateBusinessApplication({ companyName: 5, contactName: [], email: {} }).ok).toBe(false);
  });
});
