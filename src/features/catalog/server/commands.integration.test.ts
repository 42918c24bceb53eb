import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { countModelView as countView, isVisitorId, newVisitorId } from './commands';

/** Each visitor from their own address (the per-address cap is the route's test's). */
let nextAddress = 0;
const addressOf = new Map<string, string>();
const countModelView = (modelId: number, visitorId: string, now?: Date) => {
  if (!addressOf.has(visitorId)) addressOf.set(visitorId, `203.0.113.${++nextAddress}`);
  return countView(modelId, { visitorId, address: addressOf.get(visitorId)!, userAgent: 'test' }, now);
};

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
});
afterAll(() => t.cleanup());

const viewsOf = async (id: number) =>
  (await t.handle.query<{ views: number }>('SELECT views FROM models WHERE id = $1', [id]))[0]!.views;

describe('model views', () => {
  it('counts a visitor once per model and day, however often they reload', async () => {
    const before = await viewsOf(3);
    const alice = newVisitorId();
    const bob = newVisitorId();
    expect(isVisitorId(alice)).toBe(true);
    const monday = new Date('2026-11-23T09:00:00Z');
    expect(await countModelView(3, alice, monday)).toEqual({ counted: true, views: before + 1 });
    expect(await countModelView(3, alice, new Date('2026-11-23T21:00:00Z'))).toEqual({
      counted: false,
      views: before + 1,
    });
    expect(await countModelView(3, bob, monday)).toEqual({ counted: true, views: before + 2 });
    expect(await countModelView(3, alice, new Date('2026-11-24T08:00:00Z'))).toEqual({
      counted: true,
      views: before + 3,
    });
    // Another model is another count.
    const other = await viewsOf(4);
    expect(await countModelView(4, alice, monday)).toEqual({ counted: true, views: other + 1 });
    // Concurrent reloads of one visitor count once.
    const carol = newVisitorId();
    const results = await Promise.all(Array.from({ length: 5 }, () => countModelView(5, carol, monday)));
    expect(results.filter((r) => r!.counted)).toHaveLength(1);
    const stored = await t.handle.query<{ visitor: string }>('SELECT visitor FROM model_view_visits');
    expect(stored.map((r) => r.visitor)).not.toContain(alice);
  });

  it('knows no view of a model that does not exist, and rejects malformed visitor ids', async () => {
    expect(await countModelView(999_999, newVisitorId())).toBeNull();
    expect(isVisitorId('short')).toBe(false);
    expect(isVisitorId(undefined)).toBe(false);
    expect(isVisitorId('a'.repeat(21) + '!')).toBe(false);
  });
});
