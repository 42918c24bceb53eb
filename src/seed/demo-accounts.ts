/**
 * The demo's accounts and coupons (README "Demo accounts"): a buyer, a seller and an admin with a known
 * password, and a few coupons. Only the demo seed makes them; a real installation creates its own.
 */
import type { SqlSession } from '@/server/db/client';
import { hashPassword } from '@/server/auth/password';

export const demoPassword = 'demo-password-2026';
export const demoAccounts = [
  { username: 'demo-buyer', email: 'buyer@demo.example', roles: '{buyer}' },
  { username: 'demo-admin', email: 'admin@demo.example', roles: '{buyer,admin}' },
  { username: 'demo-seller', email: 'seller@demo.example', roles: '{buyer,seller}' },
] as const;

/** How many of the first priced models the demo seller takes over (their sales and analytics pages). */
export const demoSellerModelCount = 5;

const day = 86_400_000;

export async function insertDemoAccountsAndCoupons(handle: SqlSession, now = new Date()): Promise<void> {
  const hash = await hashPassword(demoPassword);
  for (const account of demoAccounts) {
    const [user] = await handle.query<{ id: number }>(
      `INSERT INTO users (username, email, roles, password_hash, display_name) VALUES ($1, $2, $3::user_role[], $4, $1) RETURNING id`,
      [account.username, account.email, account.roles, hash],
    );
    if (account.username === 'demo-seller') await insertDemoSellerActivity(handle, user!.id, now);
  }
  const coupons = [
    { code: 'WELCOME10', kind: 'deal', percentOff: 10, days: 90 },
    { code: 'PRINT15', kind: 'deal', percentOff: 15, days: 30 },
    { code: 'ENTERPRISE20', kind: 'enterprise', percentOff: 20, days: 365 },
  ];
  for (const c of coupons) {
    await handle.query(`INSERT INTO coupons (code, kind, percent_off, expires_at) VALUES ($1, $2, $3, $4)`, [
      c.code,
      c.kind,
      c.percentOff,
      new Date(now.getTime() + c.days * day),
    ]);
  }
}

/**
 * The demo seller: a designer profile, the first few priced models of the catalogue, and, over the
 * days before `now`, paid orders (one refunded) from seeded designers, daily visitors and downloads,
 * so that "My sales" and "Analytics" have something to show. Deterministic: no random numbers.
 */
async function insertDemoSellerActivity(handle: SqlSession, sellerId: number, now: Date): Promise<void> {
  await handle.query(`INSERT INTO designer_profiles (user_id, about) VALUES ($1, $2)`, [
    sellerId,
    'The demo seller account: log in to see the studio’s sales and analytics.',
  ]);
  const owned = await handle.query<{ id: number; title: string; licence: string; price_cents: number }>(
    `UPDATE models SET designer_id = $1
     WHERE id IN (SELECT id FROM models WHERE price_cents > 0 AND status = 'published' ORDER BY id LIMIT $2)
     RETURNING id, title, licence, price_cents`,
    [sellerId, demoSellerModelCount],
  );
  owned.sort((a, b) => a.id - b.id);
  const buyers = await handle.query<{ id: number }>(
    `SELECT id FROM users WHERE password_hash IS NULL AND id <> $1 ORDER BY id LIMIT 6`,
    [sellerId],
  );
  if (owned.length === 0 || buyers.length === 0) return;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // Days before today of each sale; the sixth is refunded.
  const saleDays = [0, 1, 2, 4, 4, 6, 9, 13, 17, 22, 28, 45, 80, 150, 240];
  for (const [k, daysAgo] of saleDays.entries()) {
    const model = owned[k % owned.length]!;
    const buyer = buyers[k % buyers.length]!;
    const paidAt = new Date(Math.min(now.getTime(), today - daysAgo * day + (9 + (k % 8)) * 3_600_000));
    const [order] = await handle.query<{ id: number }>(
      `INSERT INTO orders (user_id, idempotency_key, status, subtotal_cents, sale_discount_cents, coupon_discount_cents,
         credits_cents, total_cents, payment_provider, payment_reference, created_at, updated_at, paid_at)
       VALUES ($1, $2, $3, $4, 0, 0, 0, $4, 'test', $2, $5, $5, $5) RETURNING id`,
      [buyer.id, `demo-seller-sale-${k}`, k === 5 ? 'refunded' : 'fulfilled', model.price_cents, paidAt],
    );
    await handle.query(
      `INSERT INTO order_lines (order_id, model_id, designer_id, title, licence, price_cents, sale_discount_cents,
         coupon_discount_cents, credits_cents, final_cents)
       VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, $6)`,
      [order!.id, model.id, sellerId, model.title, model.licence, model.price_cents],
    );
    if (k === 5) continue;
    for (let n = 0; n <= k % 2; n++) {
      await handle.query(`INSERT INTO download_events (model_id, user_id, created_at) VALUES ($1, $2, $3)`, [
        model.id,
        buyer.id,
        new Date(Math.min(now.getTime(), paidAt.getTime() + (n * 26 + 1) * 3_600_000)),
      ]);
    }
  }
  // Visitors: every day of the last 30 for each model, and every sixth day of the year before.
  const visits: string[] = [];
  for (let daysAgo = 0; daysAgo < 360; daysAgo += daysAgo < 30 ? 1 : 6) {
    const date = new Date(today - daysAgo * day).toISOString().slice(0, 10);
    for (const [i, model] of owned.entries()) {
      const visitors = daysAgo < 30 ? ((daysAgo * 7 + i * 3) % 6) + (i === 0 ? 2 : 0) : i < 2 ? 2 : 0;
      for (let v = 0; v < visitors; v++) visits.push(`(${model.id}, 'demo-visitor-${v}', '${date}')`);
    }
  }
  if (visits.length > 0)
    await handle.exec(`INSERT INTO model_view_visits (model_id, visitor, day) VALUES ${visits.join(', ')};`);
}
