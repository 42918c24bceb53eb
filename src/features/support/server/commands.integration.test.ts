import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/server/db/seed/seed';
import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { sendSupportMessage, supportMessagesPerWindow } from './commands';

let t: TestDatabase;
let model: { id: number; designer_id: number };
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  [model] = (await t.handle.query<{ id: number; designer_id: number }>(
    'SELECT id, designer_id FROM models ORDER BY id LIMIT 1',
  )) as [typeof model];
});
afterAll(() => t.cleanup());

const storedCount = async () =>
  (await t.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM support_messages'))[0]!.n;

const valid = {
  name: ' Bo Lind ',
  email: ' bo@acme.example ',
  message: '  Does it print without supports?\n',
};

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('sendSupportMessage', () => {
  it("stores a valid message, trimmed, for the model's designer", async () => {
    const result = await sendSupportMessage(
      { ...valid, modelId: String(model.id), locale: 'de' },
      { clientIp: 'client-a' },
    );
    expect(result).toEqual({ ok: true, id: expect.any(Number) });
    const rows = await t.handle.query(
      `SELECT id, model_id, designer_id, sender_name, sender_email, body, locale FROM support_messages`,
    );
    expect(rows).toEqual([
      {
        id: (result as { id: number }).id,
        model_id: model.id,
        designer_id: model.designer_id,
        sender_name: 'Bo Lind',
        sender_email: 'bo@acme.example',
        body: 'Does it print without supports?',
        locale: 'de',
      },
    ]);
    // An unknown locale is stored as English.
    await sendSupportMessage({ ...valid, modelId: model.id, locale: 'xx' }, { clientIp: 'client-a' });
    const [last] = await t.handle.query<{ locale: string }>(
      'SELECT locale FROM support_messages ORDER BY id DESC LIMIT 1',
    );
    expect(last!.locale).toBe('en');
  });

  it('answers field errors and stores nothing for invalid fields', async () => {
    const before = await storedCount();
    expect(
      await sendSupportMessage(
        { name: '', email: 'nope', message: 'x'.repeat(2001), modelId: model.id },
        { clientIp: 'client-b' },
      ),
    ).toEqual({ ok: false, fieldErrors: { name: 'required', email: 'invalid_email', message: 'too_long' } });
    expect(await sendSupportMessage(null, { clientIp: 'client-b' })).toMatchObject({ ok: false });
    expect(await storedCount()).toBe(before);
  });

  it('refuses an unknown or malformed model with NOT_FOUND', async () => {
    const before = await storedCount();
    for (const modelId of [987_654, '987654', 'abc', '1.5', -1, 0, '99999999999', undefined]) {
      const error = await errorOf(sendSupportMessage({ ...valid, modelId }, { clientIp: 'client-c' }));
      expect(error.code).toBe('NOT_FOUND');
    }
    expect(await storedCount()).toBe(before);
  });

  it('limits each client to 5 messages in 10 minutes', async () => {
    const now = new Date('2030-01-01T10:00:00Z');
    const send = (clientIp: string, at = now) =>
      sendSupportMessage({ ...valid, modelId: model.id }, { clientIp, now: at });
    for (let i = 0; i < supportMessagesPerWindow; i++) expect((await send('busy')).ok).toBe(true);
    const before = await storedCount();
    expect((await errorOf(send('busy'))).code).toBe('RATE_LIMITED');
    expect(await storedCount()).toBe(before);
    // Another client is not affected; the same client may write again in the next window.
    expect((await send('calm')).ok).toBe(true);
    expect((await send('busy', new Date('2030-01-01T10:10:00Z'))).ok).toBe(true);
  });
});
