import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loyaltyLevelOf, pointsEarnedFor } from '@/features/orders/api';
import { readLedger, readLifetimeSpending } from '@/features/orders/server/api';
import { locales } from '@/i18n/routing';
import { getDb } from '@/server/db/client';

import { createTestDatabase, type TestDatabase } from '../../tests/setup/test-database';
import { clearCatalog, seedCatalog } from '@/seed/seed';

const models = 400;
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models, filesRoot: t.filesRoot });
  // Seeding 400 models takes well under a minute on a quiet machine, several on a busy one.
}, 600_000);
afterAll(() => t.cleanup());

async function fingerprint() {
  const [row] = await t.handle.query<{ digest: string }>(
    `SELECT md5(string_agg(concat_ws('|', id, slug, title, price_cents, sale_discount_cents, formats::text, badges::text,
       tags::text, licence, category_id, designer_id, trending_score, published_at), ',' ORDER BY id)) AS digest FROM models`,
  );
  return row!.digest;
}

describe('demo catalogue seed', () => {
  it('builds the real Thingi10K models, in order, with generated commerce figures', async () => {
    const rows = await t.handle.query<{
      id: number;
      title: string;
      price_cents: number;
      sale_discount_cents: number;
    }>('SELECT id, title, price_cents, sale_discount_cents FROM models ORDER BY id LIMIT 3');
    expect(rows.map((r) => r.title)).toEqual([
      'Octocat',
      'Spiral bevel gear',
      'Coin Sorter and Counting/Wrapping Tubes',
    ]);
    const [stats] = await t.handle.query<{ n: number; free: number; sale: number; max_share: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE price_cents = 0)::int AS free,
              count(*) FILTER (WHERE sale_discount_cents > 0)::int AS sale,
              max(sale_discount_cents::float / nullif(price_cents, 0)) AS max_share FROM models`,
    );
    expect(stats!.n).toBe(models);
    expect(stats!.free).toBeGreaterThan(0);
    expect(stats!.sale).toBeGreaterThan(0);
    expect(stats!.max_share).toBeLessThanOrEqual(0.5);
  });

  it('is deterministic: a second build gives identical rows', async () => {
    const first = await fingerprint();
    await clearCatalog(t.handle);
    await seedCatalog(t.handle, { models, filesRoot: t.filesRoot });
    expect(await fingerprint()).toBe(first);
  });

  it('has the category tree in all 8 locales with item counts that add up', async () => {
    const [tree] = await t.handle.query<{ categories: number; translations: number }>(
      'SELECT (SELECT count(*)::int FROM categories) AS categories, (SELECT count(*)::int FROM category_translations) AS translations',
    );
    expect(tree!.translations).toBe(tree!.categories * locales.length);
    const [sum] = await t.handle.query<{ top: number }>(
      'SELECT sum(item_count)::int AS top FROM categories WHERE parent_id IS NULL',
    );
    expect(sum!.top).toBe(models);
    const samples = await t.handle.query<{ path: string }>(
      `SELECT path FROM categories WHERE product_type = 'print' AND path IN
       ('art/sculptures','fashion/shoes','gadgets/audio','games-toys/board-games','hobby-diy/electronics','home-office/furniture','jewelry/coins-badges')`,
    );
    expect(samples).toHaveLength(7);
    const german = await t.handle.query<{ path: string }>(
      `SELECT path FROM category_translations WHERE locale = 'de' AND path = 'kunst/skulpturen'`,
    );
    expect(german).toHaveLength(1);
  });

  it('gives every model a stored WebP picture in each card size', async () => {
    const rows = await t.handle.query<{ storage_key: string; widths: number[] }>(
      `SELECT DISTINCT p.storage_key, p.widths FROM models m LEFT JOIN preview_images p ON p.model_id = m.id AND p.position = 0`,
    );
    for (const row of rows) {
      expect(row.storage_key).toBeTruthy();
      for (const width of row.widths) {
        const file = path.join(t.filesRoot, `${row.storage_key}-${width}.webp`);
        const head = fs.readFileSync(file).subarray(0, 12).toString('latin1');
        expect(head.startsWith('RIFF') && head.endsWith('WEBP')).toBe(true);
      }
    }
  });

  it('has designers with avatars and one featured designer with keywords', async () => {
    const [featured] = await t.handle.query<{
      username: string;
      keywords: string[];
      avatar_key: string;
      n: number;
    }>(
      `SELECT u.username, f.keywords, u.avatar_key, (SELECT count(*)::int FROM models WHERE designer_id = u.id) AS n
       FROM featured_designers f JOIN users u ON u.id = f.user_id`,
    );
    expect(featured!.n).toBeGreaterThanOrEqual(3);
    expect(featured!.keywords.length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(t.filesRoot, `${featured!.avatar_key}-64.webp`))).toBe(true);
  });

  it("gives the demo buyer's level and lifetime spending from real seeded purchases", async () => {
    const [buyer] = await t.handle.query<{ id: number }>(
      `SELECT id FROM users WHERE username = 'demo-buyer'`,
    );
    const orders = await t.handle.query<{ id: number; kind: string; total_cents: number; paid_at: Date }>(
      `SELECT id, kind, total_cents, paid_at FROM orders WHERE user_id = $1 AND status IN ('paid', 'fulfilled')
       ORDER BY paid_at`,
      [buyer!.id],
    );
    const modelOrders = orders.filter((o) => o.kind === 'models');
    expect(modelOrders.length).toBeGreaterThanOrEqual(3);
    const [lines] = await t.handle.query<{ n: number; mismatched: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE o.total_cents <> (
         SELECT sum(final_cents) FROM order_lines l2 WHERE l2.order_id = o.id))::int AS mismatched
       FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.user_id = $1`,
      [buyer!.id],
    );
    expect(lines!.n).toBeGreaterThanOrEqual(modelOrders.length);
    expect(lines!.mismatched).toBe(0);

    const db = await getDb();
    const lifetime = await readLifetimeSpending(db, buyer!.id);
    expect(lifetime).toBe(orders.reduce((sum, o) => sum + o.total_cents, 0));
    // Each model order earned credits at the level its buyer had before it, the first one the gift too.
    const ledger = await readLedger(db, buyer!.id);
    let before = 0;
    for (const order of orders) {
      if (order.kind === 'models') {
        const earned = ledger.find((e) => e.orderId === order.id && e.kind === 'earned');
        expect(earned?.amountCents).toBe(
          pointsEarnedFor(order.total_cents, loyaltyLevelOf(before).earnRatePercent),
        );
      }
      before += order.total_cents;
    }
    expect(ledger.filter((e) => e.kind === 'gifted').map((e) => e.orderId)).toEqual([modelOrders[0]!.id]);
  });

  it('makes nobody a member after their own activity', async () => {
    const late = await t.handle.query<{ username: string }>(
      `SELECT u.username FROM users u WHERE
         EXISTS (SELECT 1 FROM designer_reviews r WHERE r.author_id = u.id AND r.created_at < u.created_at)
         OR EXISTS (SELECT 1 FROM designer_reviews r WHERE r.subject_id = u.id AND r.created_at < u.created_at)
         OR EXISTS (SELECT 1 FROM models m WHERE m.designer_id = u.id AND m.published_at < u.created_at)
         OR EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.created_at < u.created_at)
         OR EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = u.id AND m.created_at < u.created_at)`,
    );
    expect(late.map((u) => u.username)).toEqual([]);
  });

  it('decodes the source names once: no mis-read UTF-8 in any title', async () => {
    const broken = await t.handle.query<{ title: string }>(
      `SELECT title FROM models WHERE title ~ '(Ã|Â|â€)'`,
    );
    expect(broken.map((m) => m.title)).toEqual([]);
  });
});
