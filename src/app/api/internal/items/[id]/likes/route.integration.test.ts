import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getLikedModelPage, getModelCardsByIds } from '@/features/catalog/server/queries';
import { findDesignerByUsername } from '@/features/designers/server/repository';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../../tests/fixtures/csrf';
import { insertMember, signedInHeaders } from '../../../../../../../tests/fixtures/members';
import { POST as like } from './route';
import { POST as unlike } from './remove/route';

let t: TestDatabase;
let model: { id: number; designer_id: number };
let draft: { id: number };
let ada: { id: number; headers: Record<string, string> };
let bob: { id: number; headers: Record<string, string> };

const origin = 'http://localhost:3000';

async function newUser(username: string) {
  const { id } = await insertMember(t.handle, username);
  return { id, headers: await signedInHeaders(id) };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  [model] = (await t.handle.query<typeof model>(
    "SELECT id, designer_id FROM models WHERE status = 'published' ORDER BY id LIMIT 1",
  )) as [typeof model];
  [draft] = (await t.handle.query<{ id: number }>(
    "UPDATE models SET status = 'draft' WHERE id = (SELECT max(id) FROM models) RETURNING id",
  )) as [{ id: number }];
  ada = await newUser('ada_likes');
  bob = await newUser('bob_likes');
});
afterAll(() => t.cleanup());

function send(
  route: typeof like,
  id: string | number,
  headers: Record<string, string> = ada.headers,
): Promise<Response> {
  return route(new Request(`${origin}/api/internal/items/${id}/likes`, { method: 'POST', headers }), {
    params: Promise.resolve({ id: String(id) }),
  });
}

const likesOf = async (id: number) =>
  (await t.handle.query<{ likes: number }>('SELECT likes FROM models WHERE id = $1', [id]))[0]!.likes;
const rowsOf = async (id: number) =>
  (
    await t.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM model_likes WHERE model_id = $1', [
      id,
    ])
  )[0]!.n;
const body = async (response: Response) =>
  ((await response.json()) as { data: { liked: boolean; likes: number } }).data;

describe('POST /api/internal/items/[id]/likes (and /remove)', () => {
  it('likes once: a second like changes nothing; unliking twice takes one like back', async () => {
    const seeded = await likesOf(model.id);
    const first = await send(like, model.id);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await body(first)).toEqual({ liked: true, likes: seeded + 1 });
    expect(await body(await send(like, model.id))).toEqual({ liked: true, likes: seeded + 1 });
    expect(await rowsOf(model.id)).toBe(1);

    expect(await body(await send(unlike, model.id))).toEqual({ liked: false, likes: seeded });
    expect(await body(await send(unlike, model.id))).toEqual({ liked: false, likes: seeded });
    expect(await rowsOf(model.id)).toBe(0);
    expect(await likesOf(model.id)).toBe(seeded);
  });

  it('counts two likes sent at once by one user once, and by two users twice', async () => {
    const seeded = await likesOf(model.id);
    const same = await Promise.all([send(like, model.id), send(like, model.id)]);
    expect(same.map((r) => r.status)).toEqual([200, 200]);
    expect(await likesOf(model.id)).toBe(seeded + 1);
    expect(await rowsOf(model.id)).toBe(1);

    await Promise.all([send(unlike, model.id), send(unlike, model.id), send(like, model.id, bob.headers)]);
    expect(await likesOf(model.id)).toBe(seeded + 1);
    expect(await rowsOf(model.id)).toBe(1);
    await send(unlike, model.id, bob.headers);
    expect(await likesOf(model.id)).toBe(seeded);
  });

  it("shows the count in the cards, the designer's model likes and the user's Liked page", async () => {
    const seeded = await likesOf(model.id);
    const [designer] = await t.handle.query<{ username: string }>(
      'SELECT username FROM users WHERE id = $1',
      [model.designer_id],
    );
    const before = (await findDesignerByUsername(designer!.username))!.modelLikes;
    await send(like, model.id);
    const [card] = await getModelCardsByIds('en', [model.id]);
    expect(card!.likes).toBe(seeded + 1);
    expect((await findDesignerByUsername(designer!.username))!.modelLikes).toBe(before + 1);
    const page = (await getLikedModelPage('en', ada.id, 1))!;
    expect(page.total).toBe(1);
    expect(page.items.map((item) => item.id)).toEqual([model.id]);
    expect(page.items[0]!.likes).toBe(seeded + 1);
    expect(await getLikedModelPage('en', ada.id, 2)).toBeNull();
    expect((await getLikedModelPage('en', bob.id, 1))!.total).toBe(0);
    await send(unlike, model.id);
  });

  it('answers 404 for an unknown, malformed or unpublished model and stores nothing', async () => {
    for (const id of [987_654, 'abc', '0', draft.id]) {
      expect((await send(like, id)).status).toBe(404);
      expect((await send(unlike, id)).status).toBe(404);
    }
    expect(await rowsOf(draft.id)).toBe(0);
  });

  it('answers 401 to a guest and 403 without the CSRF token or from another site', async () => {
    expect((await send(like, model.id, csrfHeaders())).status).toBe(401);
    const withoutToken = Object.fromEntries(
      Object.entries(ada.headers).filter(([name]) => name !== 'x-csrf-token'),
    );
    expect((await send(like, model.id, withoutToken)).status).toBe(403);
    expect(
      (
        await send(like, model.id, {
          ...ada.headers,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        })
      ).status,
    ).toBe(403);
    expect(await rowsOf(model.id)).toBe(0);
  });

  it('answers 429 past the hourly budget of like and unlike requests', async () => {
    const carol = await newUser('carol_likes');
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    await t.handle.query('INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 120)', [
      `model_like:user:${carol.id}`,
      hour,
    ]);
    const seeded = await likesOf(model.id);
    expect((await send(like, model.id, carol.headers)).status).toBe(429);
    expect((await send(unlike, model.id, carol.headers)).status).toBe(429);
    expect(await likesOf(model.id)).toBe(seeded);
  });
});
