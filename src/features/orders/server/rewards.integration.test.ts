import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '@/server/db/client';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { grantReward } from './ledger-commands';

let t: TestDatabase;
const now = new Date('2026-11-26T12:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

async function newUser(name: string): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [name, `${name}@example.com`],
  );
  return row!.id;
}

describe('grantReward', () => {
  it('pays a reward once per key, however many callers race for it', async () => {
    const userId = await newUser('winner');
    const db = await getDb();
    const grant = () =>
      db.transaction((tx) =>
        grantReward(tx, { userId, amountCents: 2500, rewardKey: 'challenge:1:winner', now, expiresAt: null }),
      );
    const results = await Promise.all([grant(), grant(), grant(), grant()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await grant()).toBe(false);
    const rows = await t.handle.query<{ kind: string; amount_cents: number; reward_key: string }>(
      `SELECT kind, amount_cents, reward_key FROM points_ledger WHERE user_id = $1`,
      [userId],
    );
    expect(rows).toEqual([{ kind: 'rewarded', amount_cents: 2500, reward_key: 'challenge:1:winner' }]);
  });

  it('refuses a reward that is not a positive whole amount, and an entry of another kind with a key', async () => {
    const userId = await newUser('other');
    const db = await getDb();
    await expect(
      db.transaction((tx) => grantReward(tx, { userId, amountCents: 0, rewardKey: 'x', now, expiresAt: null })),
    ).rejects.toThrow(/positive whole number/);
    await expect(
      t.handle.query(
        `INSERT INTO points_ledger (user_id, kind, amount_cents, reward_key) VALUES ($1, 'gifted', 100, 'y')`,
        [userId],
      ),
    ).rejects.toThrow(/points_ledger_sign/);
  });
});
