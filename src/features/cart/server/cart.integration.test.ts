import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { addToCart, mergeGuestCart } from './commands';

let t: TestDatabase;
const now = new Date('2026-11-22T12:00:00Z');

async function newUser(name: string): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [name, `${name}@example.com`],
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 120, filesRoot: t.filesRoot });
});
afterAll(() => t.cleanup());

describe('add to cart', () => {
  it('adds once, then says it is already there; a double submit adds one row', async () => {
    const buyer = await newUser('cart-buyer');
    const results = await Promise.all(Array.from({ length: 8 }, () => addToCart({ userId: buyer }, 3, now)));
    expect(results.filter((r) => r.outcome === 'added')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'already_in_cart')).toHaveLength(7);
    const rows = await t.handle.query(`SELECT model_id FROM cart_items WHERE user_id = $1`, [buyer]);
    expect(rows).toEqual([{ model_id: 3 }]);
  });

  it('refuses the 501st item', async () => {
    const buyer = await newUser('cart-full');
    await t.handle.query(
      `INSERT INTO cart_items (user_id, model_id) SELECT $1, id FROM models ORDER BY id LIMIT 100`,
      [buyer],
    );
    // 500 lines: the same 100 models would break the unique index, so the rest are fresh models.
    await t.handle.query(
      `INSERT INTO models (slug, title, designer_id, category_id, root_category_id, product_type, price_cents, licence)
       SELECT 'filler-' || g, 'Filler ' || g, 1, category_id, root_category_id, product_type, 100, licence
       FROM models, generate_series(1, 400) g WHERE models.id = 1`,
    );
    await t.handle.query(
      `INSERT INTO cart_items (user_id, model_id) SELECT $1, id FROM models WHERE slug LIKE 'filler-%'`,
      [buyer],
    );
    expect((await addToCart({ userId: buyer }, 101, now)).outcome).toBe('limit_reached');
    await t.handle.query(`DELETE FROM cart_items WHERE user_id = $1 AND model_id = 1`, [buyer]);
    expect((await addToCart({ userId: buyer }, 101, now)).outcome).toBe('added');
    await t.handle.query(`DELETE FROM models WHERE slug LIKE 'filler-%'`);
  });

  it('is NOT_FOUND for an unknown model', async () => {
    const buyer = await newUser('cart-unknown');
    await expect(addToCart({ userId: buyer }, 999_999, now)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('guest cart', () => {
  it('joins the user’s cart at log-in, without duplicates or models already bought', async () => {
    const buyer = await newUser('merging-buyer');
    await t.handle.query(
      `INSERT INTO sessions (id, csrf_token, expires_at) VALUES ('guest-session', 'x', $1)`,
      [new Date(now.getTime() + 86_400_000)],
    );
    for (const id of [5, 6, 7])
      expect((await addToCart({ sessionId: 'guest-session' }, id, now)).outcome).toBe('added');
    await addToCart({ userId: buyer }, 6, now);
    const [order] = await t.handle.query<{ id: number }>(
      `INSERT INTO orders (user_id, idempotency_key, status, subtotal_cents, sale_discount_cents, coupon_discount_cents, credits_cents, total_cents, payment_provider)
       VALUES ($1, 'bought-before', 'fulfilled', 100, 0, 0, 0, 100, 'test') RETURNING id`,
      [buyer],
    );
    await t.handle.query(
      `INSERT INTO order_lines (order_id, model_id, designer_id, title, licence, price_cents, sale_discount_cents, coupon_discount_cents, credits_cents, final_cents)
       SELECT $1, id, designer_id, title, licence, 100, 0, 0, 0, 100 FROM models WHERE id = 7`,
      [order!.id],
    );
    expect(await mergeGuestCart('guest-session', buyer)).toBe(1);
    const rows = await t.handle.query<{ model_id: number }>(
      `SELECT model_id FROM cart_items WHERE user_id = $1 ORDER BY model_id`,
      [buyer],
    );
    expect(rows.map((r) => r.model_id)).toEqual([5, 6]);
    expect(await t.handle.query(`SELECT * FROM cart_items WHERE session_id = 'guest-session'`)).toEqual([]);
    expect((await addToCart({ userId: buyer }, 7, now)).outcome).toBe('already_purchased');
  });
});
