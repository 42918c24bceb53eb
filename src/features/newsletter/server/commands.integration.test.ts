import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { subscribeToNewsletter } from './commands';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

describe('newsletter', () => {
  it('stores an address once, whatever its letter case, and refuses invalid ones', async () => {
    expect(await subscribeToNewsletter({ email: 'Ann@Example.com', locale: 'de' })).toEqual({ ok: true });
    expect(await subscribeToNewsletter({ email: ' ann@example.com ', locale: 'fr' })).toEqual({ ok: true });
    expect(await subscribeToNewsletter({ email: 'nope', locale: 'en' })).toEqual({
      ok: false,
      fieldErrors: { email: 'invalid_email' },
    });
    expect(await subscribeToNewsletter(null)).toMatchObject({ ok: false });
    const rows = await t.handle.query<{ email: string; locale: string }>(
      'SELECT email, locale FROM newsletter_subscriptions',
    );
    expect(rows).toEqual([{ email: 'Ann@Example.com', locale: 'de' }]);
  });

  it('keeps one row under concurrent double submits', async () => {
    await Promise.all(
      Array.from({ length: 5 }, () => subscribeToNewsletter({ email: 'twice@example.com', locale: 'en' })),
    );
    const rows = await t.handle.query('SELECT 1 FROM newsletter_subscriptions WHERE lower(email) = $1', [
      'twice@example.com',
    ]);
    expect(rows).toHaveLength(1);
  });
});
