/**
 * Demo printlists (issue 25): a few public lists of published print models from the demo accounts and
 * a demo buyer, and one private list, so the printlists page, the profiles and the model pages' counts
 * are alive on first start. Deterministic: the models are the first published print models by id.
 */
import type { SqlSession } from '@/server/db/client';

const day = 86_400_000;

interface DemoList {
  owner: string;
  title: string;
  description: string;
  visibility: 'public' | 'private';
  /** Offsets into the published print models, in the list's order. */
  models: number[];
  daysAgo: number;
}

const demoLists: readonly DemoList[] = [
  {
    owner: 'demo-buyer',
    title: 'Weekend print queue',
    description: 'Quick prints for a free Saturday: **no supports**, under four hours each.',
    visibility: 'public',
    models: [0, 3, 5, 8, 13],
    daysAgo: 2,
  },
  {
    owner: 'lena-makes',
    title: 'Gift ideas',
    description: 'Small things friends actually keep on their desks.',
    visibility: 'public',
    models: [1, 2, 7, 11],
    daysAgo: 5,
  },
  {
    owner: 'demo-seller',
    title: 'Workshop upgrades',
    description: 'Holders, clips and organisers that made my bench tidier.',
    visibility: 'public',
    models: [4, 6, 9, 10, 12, 14],
    daysAgo: 9,
  },
  {
    owner: 'demo-buyer',
    title: 'To print for the kids',
    description: '',
    visibility: 'private',
    models: [2, 5],
    daysAgo: 1,
  },
];

export async function insertDemoPrintlists(handle: SqlSession, now = new Date()): Promise<void> {
  const models = await handle.query<{ id: number }>(
    `SELECT id FROM models WHERE status = 'published' AND product_type = 'print' ORDER BY id LIMIT 15`,
  );
  if (models.length === 0) return;
  for (const list of demoLists) {
    const [owner] = await handle.query<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [
      list.owner,
    ]);
    if (!owner) continue;
    const at = new Date(now.getTime() - list.daysAgo * day).toISOString();
    const [row] = await handle.query<{ id: number }>(
      `INSERT INTO printlists (owner_id, title, description, visibility, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
      [owner.id, list.title, list.description, list.visibility, at],
    );
    const ids = [...new Set(list.models.map((offset) => models[offset % models.length]!.id))];
    for (const [position, modelId] of ids.entries()) {
      await handle.query(
        `INSERT INTO printlist_items (printlist_id, model_id, position, added_at) VALUES ($1, $2, $3, $4)`,
        [row!.id, modelId, position, at],
      );
    }
  }
}
