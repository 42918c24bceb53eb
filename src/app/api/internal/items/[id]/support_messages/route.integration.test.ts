import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/server/db/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../../tests/fixtures/csrf';
import { POST } from './route';

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

const sameOrigin = csrfHeaders();
const valid = { name: 'Bo Lind', email: 'bo@acme.example', message: 'Is the base hollow?', locale: 'fr' };

function send(
  id: string | number,
  body: unknown,
  {
    headers = sameOrigin,
    client = 'test-client',
  }: { headers?: Record<string, string>; client?: string } = {},
) {
  return POST(
    new Request(`http://localhost:3000/api/internal/items/${id}/support_messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-ip': client, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: String(id) }) },
  );
}

const storedCount = async () =>
  (await t.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM support_messages'))[0]!.n;

describe('POST /api/internal/items/[id]/support_messages', () => {
  it("stores the message for the model's designer and answers 201 with its id", async () => {
    const response = await send(model.id, valid);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data } = (await response.json()) as { data: { id: number } };
    const rows = await t.handle.query(
      'SELECT model_id, designer_id, sender_name, sender_email, body, locale FROM support_messages WHERE id = $1',
      [data.id],
    );
    expect(rows).toEqual([
      {
        model_id: model.id,
        designer_id: model.designer_id,
        sender_name: 'Bo Lind',
        sender_email: 'bo@acme.example',
        body: 'Is the base hollow?',
        locale: 'fr',
      },
    ]);
  });

  it('answers 400 with field errors, or for a body that is not JSON, and stores nothing', async () => {
    const before = await storedCount();
    const response = await send(model.id, { name: ' ', email: 'bo@', message: 'x'.repeat(2001) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: 'Invalid fields',
        fieldErrors: { name: 'required', email: 'invalid_email', message: 'too_long' },
      },
    });
    expect((await send(model.id, '{not json')).status).toBe(400);
    expect((await send(model.id, [1, 2])).status).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it('answers 404 for an unknown model, and the body cannot name another model', async () => {
    const before = await storedCount();
    expect((await send(987_654, valid)).status).toBe(404);
    expect((await send('abc', { ...valid, modelId: model.id })).status).toBe(404);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a request without the CSRF header or from another site with 403', async () => {
    const before = await storedCount();
    const withoutHeader = await send(model.id, valid, {
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(withoutHeader.status).toBe(403);
    const crossSite = await send(model.id, valid, {
      headers: { ...sameOrigin, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(await storedCount()).toBe(before);
  });

  it('limits each client to 5 messages in 10 minutes with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await send(model.id, valid, { client: 'busy-client' })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await send(model.id, valid, { client: 'calm-client' })).status).toBe(201);
  });
});
