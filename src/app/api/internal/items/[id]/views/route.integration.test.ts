import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../../tests/fixtures/csrf';
import { POST } from './route';

let t: TestDatabase;
let modelIds: number[];
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  modelIds = (
    await t.handle.query<{ id: number }>(
      `SELECT id FROM models WHERE status = 'published' ORDER BY id LIMIT 4`,
    )
  ).map((row) => row.id);
});
afterAll(() => t.cleanup());

/** A view report as a script sends it: no visitor cookie unless one is given. */
async function view(
  modelId: number,
  { address = '203.0.113.7', userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', visitor = '' } = {},
) {
  const headers = csrfHeaders();
  const response = await POST(
    new Request(`http://localhost:3000/api/internal/items/${modelId}/views`, {
      method: 'POST',
      headers: {
        ...headers,
        cookie: visitor ? `${headers.cookie!}; visitor_id=${visitor}` : headers.cookie!,
        'user-agent': userAgent,
        'x-client-ip': address,
      },
    }),
    { params: Promise.resolve({ id: String(modelId) }) },
  );
  return response;
}

const viewsOf = async (modelId: number) =>
  (await t.handle.query<{ views: number }>('SELECT views FROM models WHERE id = $1', [modelId]))[0]!.views;

describe('POST /api/internal/items/[id]/views: views cannot be inflated', () => {
  it('counts 49 posts without the visitor cookie from one browser as one view', async () => {
    const id = modelIds[0]!;
    const before = await viewsOf(id);
    for (let i = 0; i < 49; i++) {
      const response = await view(id);
      expect(response.status).toBe(200);
    }
    expect(await viewsOf(id)).toBe(before + 1);
  });

  it('counts a few visitors behind one address, not a script minting cookies or user agents', async () => {
    const id = modelIds[1]!;
    const before = await viewsOf(id);
    for (let i = 0; i < 40; i++) {
      await view(id, {
        address: '198.51.100.20',
        userAgent: `agent ${i}`,
        visitor: randomBytes(16).toString('base64url'),
      });
    }
    // Five visitors a day may share an address (a household, an office); the rest are not counted.
    expect(await viewsOf(id)).toBe(before + 5);
    // Other addresses still count.
    await view(id, { address: '198.51.100.21' });
    expect(await viewsOf(id)).toBe(before + 6);
  });

  it('gives a visitor without a cookie one, and their next view with it is not counted again', async () => {
    const id = modelIds[2]!;
    const before = await viewsOf(id);
    const first = await view(id, { address: '198.51.100.40' });
    expect(await first.json()).toEqual({ data: { counted: true, views: before + 1 } });
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^visitor_id=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const visitor = /^visitor_id=([^;]+)/.exec(cookie)![1]!;
    const again = await view(id, { address: '198.51.100.41', visitor });
    expect(await again.json()).toEqual({ data: { counted: false, views: before + 1 } });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('a visitor with a cookie counts once a day', async () => {
    const id = modelIds[2]!;
    const before = await viewsOf(id);
    const visitor = randomBytes(16).toString('base64url');
    for (let i = 0; i < 5; i++) await view(id, { visitor, address: '198.51.100.30' });
    expect(await viewsOf(id)).toBe(before + 1);
  });

  it('refuses a flood of view reports from one address with 429', async () => {
    // 120 a minute in fixed windows: 241 reports pass one window's limit even across a window's end.
    const statuses: number[] = [];
    for (let i = 0; i < 241 && !statuses.includes(429); i++)
      statuses.push((await view(modelIds[3]!, { address: '192.0.2.99' })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 100).every((status) => status === 200)).toBe(true);
  });
});
