import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSession } from '@/server/auth/session';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../../../../tests/setup/test-database';
import { POST } from './route';

let t: TestDatabase;
let visitorId: number;
let headers: Record<string, string>;
/** Models of a designer other than the visitor, one per status. */
const byStatus: Record<string, { id: number; title: string }> = {};

const origin = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ('nosy_buyer', 'nosy@example.com') RETURNING id`,
  );
  visitorId = row!.id;
  const { token, session } = await createSession(visitorId);
  headers = {
    origin,
    host: 'localhost:3000',
    cookie: `__Host-session=${token}`,
    'x-csrf-token': session.csrfToken,
  };
  const models = await t.handle.query<{ id: number; title: string }>(
    `SELECT id, title FROM models WHERE status = 'published' ORDER BY id LIMIT 6`,
  );
  const statuses = ['published', 'draft', 'in_review', 'rejected', 'unpublished', 'bought_unpublished'];
  statuses.forEach((status, i) => (byStatus[status] = models[i]!));
  for (const status of statuses.slice(1)) {
    await t.handle.query(`UPDATE models SET status = $1 WHERE id = $2`, [
      status === 'bought_unpublished' ? 'unpublished' : status,
      byStatus[status]!.id,
    ]);
  }
  const [order] = await t.handle.query<{ id: number }>(
    `INSERT INTO orders (user_id, idempotency_key, status, subtotal_cents, sale_discount_cents, coupon_discount_cents,
       credits_cents, total_cents, payment_provider, paid_at)
     VALUES ($1, 'support-test-order', 'fulfilled', 1000, 0, 0, 0, 1000, 'test', now()) RETURNING id`,
    [visitorId],
  );
  await t.handle.query(
    `INSERT INTO order_lines (order_id, model_id, designer_id, title, licence, price_cents, sale_discount_cents,
       coupon_discount_cents, credits_cents, final_cents)
     SELECT $1, id, designer_id, title, licence, 1000, 0, 0, 0, 1000 FROM models WHERE id = $2`,
    [order!.id, byStatus.bought_unpublished!.id],
  );
});
afterAll(() => t.cleanup());

function ask(id: number | string) {
  return POST(
    new Request(`${origin}/api/internal/items/${id}/support_messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ message: 'What is this one?' }),
    }),
    { params: Promise.resolve({ id: String(id) }) },
  );
}

const conversationSubjects = async () =>
  (
    await t.handle.query<{ subject: string }>('SELECT subject FROM conversations WHERE created_by = $1', [
      visitorId,
    ])
  ).map((row) => row.subject);

describe('POST /api/internal/items/[id]/support_messages: only models the visitor may see', () => {
  it('answers 404 alike for a draft, one in review, a rejected, an unpublished and a missing model', async () => {
    const [{ max }] = (await t.handle.query<{ max: number }>('SELECT max(id)::int AS max FROM models')) as [
      { max: number },
    ];
    const answers = [];
    for (const status of ['draft', 'in_review', 'rejected', 'unpublished'])
      answers.push(await ask(byStatus[status]!.id));
    answers.push(await ask(max + 1000));
    const bodies = await Promise.all(
      answers.map(async (response) => [response.status, await response.json()]),
    );
    expect(bodies.map(([status]) => status)).toEqual([404, 404, 404, 404, 404]);
    // The same body for each: nothing tells a draft from a model that does not exist.
    expect(new Set(bodies.map(([, body]) => JSON.stringify(body))).size).toBe(1);
    // No conversation was opened, so no draft's title was shown and no seller was written to.
    expect(await conversationSubjects()).toEqual([]);
  });

  it('lets the visitor ask about a published model and about one they bought that is no longer published', async () => {
    expect((await ask(byStatus.published!.id)).status).toBe(201);
    expect((await ask(byStatus.bought_unpublished!.id)).status).toBe(201);
    expect((await conversationSubjects()).sort()).toEqual(
      [byStatus.published!.title, byStatus.bought_unpublished!.title].sort(),
    );
  });
});
