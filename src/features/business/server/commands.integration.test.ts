import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { applyForBusinessAccount } from './commands';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

describe('business account applications', () => {
  it('stores a valid application and loses nothing on an invalid one', async () => {
    expect(await applyForBusinessAccount({ companyName: '', contactName: 'Bo', email: 'x' })).toEqual({
      ok: false,
      fieldErrors: { companyName: 'required', email: 'invalid_email' },
    });
    const result = await applyForBusinessAccount({
      companyName: ' Acme Studio ',
      contactName: 'Bo Lind',
      email: 'bo@acme.example',
      locale: 'pt',
    });
    expect(result).toMatchObject({ ok: true, id: expect.any(Number) });
    const rows = await t.handle.query(
      'SELECT company_name, contact_name, email, locale, status FROM business_applications',
    );
    expect(rows).toEqual([
      {
        company_name: 'Acme Studio',
        contact_name: 'Bo Lind',
        email: 'bo@acme.example',
        locale: 'pt',
        status: 'submitted',
      },
    ]);
  });
});
