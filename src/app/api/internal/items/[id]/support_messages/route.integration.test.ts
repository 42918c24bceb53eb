import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSession } from '@/server/auth/session';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../../tests/fixtures/csrf';
import { POST } from './route';

let t: TestDatabase;
let model: { id: number; title: string; designer_id: number };
let visitor: { userId: number; headers: Record<string, string> };
let designerHeaders: Record<string, string>;

const origin = 'http://localhost:3000';
async function signedIn(userId: number) {
  const { token, session } = await createSession(userId);
  return {
    origin,
    host: 'localhost:3000',
    cookie: `__Host-session=${token}`,
    'x-csrf-token': session.csrfToken,
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  [model] = (await t.handle.query<typeof model>(
    'SELECT id, title, designer_id FROM models ORDER BY id LIMIT 1',
  )) as [typeof model];
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ('ada_support', 'ada@example.com') RETURNING id`,
  );
  visitor = { userId: row!.id, headers: await signedIn(row!.id) };
  designerHeaders = await signedIn(model.designer_id);
});
afterAll(() => t.cleanup());

function send(id: string | number, body: unknown, headers: Record<string, string> = visitor.headers) {
  return POST(
    new Request(`${origin}/api/internal/items/${id}/support_messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: String(id) }) },
  );
}

const storedCount = async () =>
  (await t.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))[0]!.n;

describe('POST /api/internal/items/[id]/support_messages', () => {
  it("opens a model_support conversation with the model's designer and answers 201", async () => {
    const response = await send(model.id, { message: ' Is the base hollow? ' });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data } = (await response.json()) as { data: { conversationId: number; messageId: number } };
    const [conversation] = await t.handle.query(
      'SELECT type, subject, model_id, created_by FROM conversations WHERE id = $1',
      [data.conversationId],
    );
    expect(conversation).toEqual({
      type: 'model_support',
      subject: model.title,
      model_id: model.id,
      created_by: visitor.userId,
    });
    const participants = await t.handle.query<{ user_id: number }>(
      'SELECT user_id FROM conversation_participants WHERE conversation_id = $1',
      [data.conversationId],
    );
    expect(participants.map((p) => p.user_id).sort()).toEqual([visitor.userId, model.designer_id].sort());
    const [message] = await t.handle.query('SELECT sender_id, kind, body FROM messages WHERE id = $1', [
      data.messageId,
    ]);
    expect(message).toEqual({ sender_id: visitor.userId, kind: 'text', body: 'Is the base hollow?' });
  });

  it('answers 400 with field errors, or for a body that is not JSON, and stores nothing', async () => {
    const before = await storedCount();
    const response = await send(model.id, { message: 'x'.repeat(5001) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Invalid fields', fieldErrors: { message: 'too_long' } },
    });
    expect((await send(model.id, { message: ' ' })).status).toBe(400);
    expect((await send(model.id, '{not json')).status).toBe(400);
    const own = await send(model.id, { message: 'Asking myself' }, designerHeaders);
    expect(own.status).toBe(400);
    expect(((await own.json()) as { error: { fieldErrors: unknown } }).error.fieldErrors).toEqual({
      recipient: 'self',
    });
    expect(await storedCount()).toBe(before);
  });

  it('answers 404 for an unknown model', async () => {
    const before = await storedCount();
    expect((await send(987_654, { message: 'hi' })).status).toBe(404);
    expect((await send('abc', { message: 'hi' })).status).toBe(404);
    expect(await storedCount()).toBe(before);
  });

  it('answers 401 to a guest and 403 without the CSRF header or from another site', async () => {
    const before = await storedCount();
    expect((await send(model.id, { message: 'hi' }, csrfHeaders())).status).toBe(401);
    const withoutHeader = Object.fromEntries(
      Object.entries(visitor.headers).filter(([name]) => name !== 'x-csrf-token'),
    );
    expect((await send(model.id, { message: 'hi' }, withoutHeader)).status).toBe(403);
    const crossSite = await send(
      model.id,
      { message: 'hi' },
      {
        ...visitor.headers,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(crossSite.status).toBe(403);
    expect(await storedCount()).toBe(before);
  });
});
