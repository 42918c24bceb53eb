import fs from 'node:fs';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import { LocalFileStore } from '@/server/files/local-store';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../tests/fixtures/csrf';
import { insertMember, signedInHeaders } from '../../../../../tests/fixtures/members';
import { POST as deleteMake } from './[id]/delete/route';
import { POST as like } from './[id]/likes/route';
import { POST as unlike } from './[id]/likes/remove/route';
import { GET as list, POST as post } from './route';

let t: TestDatabase;
let model: { id: number };
let draft: { id: number };
type Member = { id: number; headers: Record<string, string> };
let ada: Member;
let bob: Member;
let admin: Member;
const origin = 'http://localhost:3000';

async function member(username: string, roles: ('buyer' | 'admin')[] = ['buyer']): Promise<Member> {
  const { id } = await insertMember(t.handle, username, roles);
  return { id, headers: await signedInHeaders(id) };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  [model] = (await t.handle.query<{ id: number }>(
    "SELECT id FROM models WHERE status = 'published' ORDER BY id LIMIT 1",
  )) as [{ id: number }];
  [draft] = (await t.handle.query<{ id: number }>(
    "UPDATE models SET status = 'draft' WHERE id = (SELECT max(id) FROM models) RETURNING id",
  )) as [{ id: number }];
  ada = await member('ada_makes');
  bob = await member('bob_makes');
  admin = await member('root_makes', ['buyer', 'admin']);
}, 600_000);
afterAll(() => t.cleanup());

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

async function upload(
  who: Member | null,
  fields: Record<string, string>,
  pictures: Array<{ name: string; bytes: Buffer }>,
  headers: Record<string, string> = who?.headers ?? csrfHeaders(origin),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const picture of pictures)
    form.append('pictures', new Blob([new Uint8Array(picture.bytes)]), picture.name);
  return post(new Request(`${origin}/api/internal/makes`, { method: 'POST', headers, body: form }));
}

const call = (
  route: typeof like,
  id: number | string,
  who: Member | null,
  headers = who?.headers ?? csrfHeaders(origin),
) =>
  route(new Request(`${origin}/api/internal/makes/${id}`, { method: 'POST', headers }), {
    params: Promise.resolve({ id: String(id) }),
  });

interface Answer {
  data: {
    id: number;
    total: number;
    liked: boolean;
    likes: number;
    items: Array<{ id: number; pictures: Array<{ src: string }> } & Record<string, unknown>>;
  };
  error: { fieldErrors: Record<string, string> };
}
const json = async (response: Response) => (await response.json()) as Answer;

describe('makes: post, list, like, delete', () => {
  let makeId: number;

  it('posts a make with its pictures stored as WebP in three widths', async () => {
    const response = await upload(
      ada,
      { modelId: String(model.id), printer: 'Prusa MK4', material: 'PLA', description: 'First try' },
      [{ name: 'print.png', bytes: await png() }],
    );
    expect(response.status).toBe(201);
    makeId = (await json(response)).data.id;
    const [picture] = await t.handle.query<{ storage_key: string; width: number }>(
      'SELECT storage_key, width FROM make_pictures WHERE make_id = $1',
      [makeId],
    );
    expect(picture!.width).toBe(640);
    for (const width of [360, 720, 1440])
      expect(
        fs.existsSync(new LocalFileStore(env.filesDir).path(`${picture!.storage_key}-${width}.webp`)),
      ).toBe(true);

    const listed = await json(await list(new Request(`${origin}/api/internal/makes?model=${model.id}`)));
    expect(listed.data.total).toBe(1);
    expect(listed.data.items[0]).toMatchObject({
      id: makeId,
      printer: 'Prusa MK4',
      maker: { username: 'ada_makes' },
      model: { id: model.id },
    });
    expect(listed.data.items[0]!.pictures[0]!.src).toMatch(/-360\.webp$/);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const text = { name: 'x.png', bytes: Buffer.from('not a picture at all') };
    const refused = await upload(bob, { modelId: String(model.id) }, [text]);
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fieldErrors).toEqual({ pictures: 'picture_type' });
    expect((await json(await upload(bob, { modelId: String(model.id) }, []))).error.fieldErrors).toEqual({
      pictures: 'pictures_missing',
    });
    const long = await upload(bob, { modelId: String(model.id), printer: 'x'.repeat(81) }, [
      { name: 'a.png', bytes: await png() },
    ]);
    expect((await json(long)).error.fieldErrors).toEqual({ printer: 'too_long' });
    expect(
      (await upload(bob, { modelId: String(draft.id) }, [{ name: 'a.png', bytes: await png() }])).status,
    ).toBe(404);
    expect((await upload(bob, { modelId: 'nonsense' }, [{ name: 'a.png', bytes: await png() }])).status).toBe(
      404,
    );
    const nul = await upload(bob, { modelId: String(model.id), description: 'a\u0000b' }, [
      { name: 'a.png', bytes: await png() },
    ]);
    expect(nul.status).toBe(400);
    const [{ n }] = (await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM makes WHERE user_id = $1',
      [bob.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('needs a session and the CSRF header', async () => {
    expect((await upload(null, { modelId: String(model.id) }, [])).status).toBe(401);
    const withoutCsrf = Object.fromEntries(
      Object.entries(ada.headers).filter(([name]) => name !== 'x-csrf-token'),
    );
    expect((await upload(ada, { modelId: String(model.id) }, [], withoutCsrf)).status).toBe(403);
    expect((await call(like, makeId, ada, withoutCsrf)).status).toBe(403);
  });

  it('likes once per member, idempotently; unlike takes it back', async () => {
    expect((await json(await call(like, makeId, bob))).data).toEqual({ liked: true, likes: 1 });
    expect((await json(await call(like, makeId, bob))).data).toEqual({ liked: true, likes: 1 });
    const both = await Promise.all([call(like, makeId, admin), call(like, makeId, admin)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await json(await call(unlike, makeId, admin))).data).toEqual({ liked: false, likes: 1 });
    expect((await json(await call(unlike, makeId, admin))).data).toEqual({ liked: false, likes: 1 });
    expect((await call(like, 999_999, bob)).status).toBe(404);
    expect((await call(like, 'abc', bob)).status).toBe(404);
    const sorted = await json(await list(new Request(`${origin}/api/internal/makes?sort=most_liked`)));
    expect(sorted.data.items[0]!.id).toBe(makeId);
  });

  it('lets only the poster delete (others get a 404), an admin remove, and deletes the pictures', async () => {
    expect((await call(deleteMake, makeId, bob)).status).toBe(404);
    expect((await call(deleteMake, makeId, null)).status).toBe(401);
    const [picture] = await t.handle.query<{ storage_key: string }>(
      'SELECT storage_key FROM make_pictures WHERE make_id = $1',
      [makeId],
    );
    expect((await call(deleteMake, makeId, ada)).status).toBe(200);
    expect(fs.existsSync(new LocalFileStore(env.filesDir).path(`${picture!.storage_key}-360.webp`))).toBe(
      false,
    );
    expect((await call(deleteMake, makeId, ada)).status).toBe(404);

    const second = await upload(ada, { modelId: String(model.id) }, [{ name: 'p.png', bytes: await png() }]);
    const secondId = (await json(second)).data.id;
    expect((await call(deleteMake, secondId, admin)).status).toBe(200);
  });

  it('stops a flood of uploads with a 429 and Retry-After', async () => {
    const flooder = await member('flood_makes');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await upload(flooder, { modelId: String(model.id) }, [])).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const limited = await upload(flooder, { modelId: String(model.id) }, []);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
