import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getFollowingPage } from '@/features/designers/server/follows-queries';
import { findDesignerByUsername } from '@/features/designers/server/repository';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../tests/fixtures/csrf';
import { insertMember, signedInHeaders } from '../../../../../tests/fixtures/members';
import { POST as follow } from './route';
import { POST as unfollow } from './remove/route';

let t: TestDatabase;
let designer: { id: number; username: string; followers: number };
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
  [designer] = (await t.handle.query<typeof designer>(
    `SELECT u.id, u.username, p.followers FROM users u JOIN designer_profiles p ON p.user_id = u.id
     WHERE EXISTS (SELECT 1 FROM models m WHERE m.designer_id = u.id AND m.status = 'published')
     ORDER BY u.id LIMIT 1`,
  )) as [typeof designer];
  ada = await newUser('ada_follows');
  bob = await newUser('bob_follows');
});
afterAll(() => t.cleanup());

function send(route: typeof follow, payload: unknown, headers: Record<string, string> = ada.headers) {
  return route(
    new Request(`${origin}/api/internal/follows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    }),
  );
}

const followersOf = async (id: number) =>
  (
    await t.handle.query<{ followers: number }>(
      'SELECT followers FROM designer_profiles WHERE user_id = $1',
      [id],
    )
  )[0]!.followers;
const rowsOf = async (id: number) =>
  (
    await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM designer_follows WHERE designer_id = $1',
      [id],
    )
  )[0]!.n;
const body = async (response: Response) =>
  ((await response.json()) as { data: { following: boolean; followers: number } }).data;

describe('POST /api/internal/follows (and /remove)', () => {
  it('follows once: following again changes nothing; unfollowing twice takes one follower back', async () => {
    const seeded = designer.followers;
    const first = await send(follow, { userId: designer.id });
    expect(first.status).toBe(200);
    expect(await body(first)).toEqual({ following: true, followers: seeded + 1 });
    expect(await body(await send(follow, { userId: designer.id }))).toEqual({
      following: true,
      followers: seeded + 1,
    });
    expect(await rowsOf(designer.id)).toBe(1);
    expect(await body(await send(unfollow, { userId: designer.id }))).toEqual({
      following: false,
      followers: seeded,
    });
    expect(await body(await send(unfollow, { userId: designer.id }))).toEqual({
      following: false,
      followers: seeded,
    });
    expect(await followersOf(designer.id)).toBe(seeded);
  });

  it('counts follows sent at once by one user once, and by two users twice', async () => {
    const seeded = await followersOf(designer.id);
    await Promise.all([send(follow, { userId: designer.id }), send(follow, { userId: designer.id })]);
    expect(await followersOf(designer.id)).toBe(seeded + 1);
    await send(follow, { userId: designer.id }, bob.headers);
    expect(await followersOf(designer.id)).toBe(seeded + 2);
    expect(await rowsOf(designer.id)).toBe(2);
  });

  it("shows followers and following on the profile, and the designer's newest models on the Following page", async () => {
    const profile = (await findDesignerByUsername(designer.username))!;
    expect(profile.followers).toBe(await followersOf(designer.id));
    expect(profile.following).toBe(0);
    const page = (await getFollowingPage(ada.id, 1))!;
    expect(page.designerCount).toBe(1);
    expect(page.designers.map((d) => d.username)).toEqual([designer.username]);
    const newest = await t.handle.query<{ id: number }>(
      `SELECT id FROM models WHERE designer_id = $1 AND status = 'published' ORDER BY published_at DESC, id DESC`,
      [designer.id],
    );
    expect(page.modelCount).toBe(newest.length);
    expect(page.modelIds).toEqual(newest.slice(0, 24).map((row) => row.id));
    expect(await getFollowingPage(ada.id, 99)).toBeNull();
    const nobody = (await getFollowingPage((await newUser('carol_follows')).id, 1))!;
    expect(nobody).toMatchObject({ designerCount: 0, modelCount: 0, modelIds: [], pageCount: 1 });
  });

  it('refuses oneself and bad ids (400), a user without a designer profile (404), and stores nothing', async () => {
    const before = await rowsOf(designer.id);
    const self = await newUser('dan_follows');
    await t.handle.query('INSERT INTO designer_profiles (user_id) VALUES ($1)', [self.id]);
    expect((await send(follow, { userId: self.id }, self.headers)).status).toBe(400);
    for (const payload of [{}, { userId: 'x' }, { userId: -1 }, { userId: 1.5 }, '{not json']) {
      expect((await send(follow, payload)).status).toBe(400);
    }
    expect((await send(follow, { userId: bob.id })).status).toBe(404);
    expect((await send(follow, { userId: 987_654 })).status).toBe(404);
    expect((await send(unfollow, { userId: 987_654 })).status).toBe(404);
    expect(await rowsOf(designer.id)).toBe(before);
    expect(await rowsOf(bob.id)).toBe(0);
  });

  it('answers 401 to a guest and 403 without the CSRF token or from another site', async () => {
    const before = await rowsOf(designer.id);
    const carol = await newUser('erin_follows');
    expect((await send(follow, { userId: designer.id }, csrfHeaders())).status).toBe(401);
    const withoutToken = Object.fromEntries(
      Object.entries(carol.headers).filter(([name]) => name !== 'x-csrf-token'),
    );
    expect((await send(follow, { userId: designer.id }, withoutToken)).status).toBe(403);
    expect(
      (
        await send(
          follow,
          { userId: designer.id },
          { ...carol.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        )
      ).status,
    ).toBe(403);
    expect(await rowsOf(designer.id)).toBe(before);
  });

  it('answers 429 past the hourly budget of follow and unfollow requests', async () => {
    const frank = await newUser('frank_follows');
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    await t.handle.query('INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 60)', [
      `designer_follow:user:${frank.id}`,
      hour,
    ]);
    const before = await followersOf(designer.id);
    expect((await send(follow, { userId: designer.id }, frank.headers)).status).toBe(429);
    expect((await send(unfollow, { userId: designer.id }, frank.headers)).status).toBe(429);
    expect(await followersOf(designer.id)).toBe(before);
  });
});
