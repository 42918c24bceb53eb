/**
 * Demo conversations for `demo-seller` (so the inbox and the header widget show something): a buyer's
 * question about one of their models (model_support, one unread) and a personal exchange with the
 * demo buyer, read. Deterministic; the clock is a parameter.
 */
import type { SqlSession } from '@/server/db/client';

const minute = 60_000;

export async function insertDemoConversations(handle: SqlSession, now = new Date()): Promise<void> {
  const users = await handle.query<{ id: number; username: string }>(
    `SELECT id, username FROM users WHERE username IN ('demo-seller', 'demo-buyer')`,
  );
  const seller = users.find((u) => u.username === 'demo-seller');
  const buyer = users.find((u) => u.username === 'demo-buyer');
  if (!seller || !buyer) return;
  const [model] = await handle.query<{ id: number; title: string }>(
    `SELECT id, title FROM models WHERE designer_id = $1 ORDER BY id LIMIT 1`,
    [seller.id],
  );
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * minute);

  async function conversation(
    type: string,
    subject: string,
    modelId: number | null,
    lines: { from: number; body: string; minutesAgo: number }[],
    sellerReadsAll: boolean,
  ) {
    const last = lines.at(-1)!;
    const [row] = await handle.query<{ id: number }>(
      `INSERT INTO conversations (type, subject, model_id, created_by, created_at, last_message_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [type, subject, modelId, lines[0]!.from, at(lines[0]!.minutesAgo), at(last.minutesAgo)],
    );
    const ids: number[] = [];
    for (const line of lines) {
      const [message] = await handle.query<{ id: number }>(
        `INSERT INTO messages (conversation_id, sender_id, kind, body, created_at) VALUES ($1, $2, 'text', $3, $4) RETURNING id`,
        [row!.id, line.from, line.body, at(line.minutesAgo)],
      );
      ids.push(message!.id);
    }
    const lastOf = (userId: number) => {
      const own = lines.map((l, i) => (l.from === userId ? ids[i]! : 0));
      return Math.max(0, ...own);
    };
    await handle.query(
      `INSERT INTO conversation_participants (conversation_id, user_id, last_read_message_id, joined_at) VALUES ($1, $2, $3, $5), ($1, $4, $6, $5)`,
      [
        row!.id,
        buyer!.id,
        ids.at(-1)!,
        seller!.id,
        at(lines[0]!.minutesAgo),
        sellerReadsAll ? ids.at(-1)! : lastOf(seller!.id),
      ],
    );
  }

  await conversation(
    'personal',
    'demo-buyer, demo-seller',
    null,
    [
      { from: buyer.id, body: 'Hello! Do you take commissions for miniatures?', minutesAgo: 3 * 24 * 60 },
      {
        from: seller.id,
        body: 'Hi, yes — send me a sketch and the size you need.',
        minutesAgo: 3 * 24 * 60 - 45,
      },
      { from: buyer.id, body: 'Great, I will prepare one this week. Thanks!', minutesAgo: 2 * 24 * 60 },
    ],
    true,
  );
  if (model)
    await conversation(
      'model_support',
      model.title,
      model.id,
      [
        {
          from: buyer.id,
          body: 'Does this model print without supports on a 0.4 mm nozzle?',
          minutesAgo: 90,
        },
      ],
      false,
    );
}
