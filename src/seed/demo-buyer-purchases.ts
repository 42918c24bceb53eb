/**
 * The demo buyer's model purchases: a few paid orders over the months before `now`, written as a real
 * checkout writes them (the order and its lines, fulfilled; the credits earned at the buyer's level as
 * it stood before each order, the first-purchase gift on the first). The buyer's loyalty level and
 * lifetime spending are then what these orders (and the custom-model orders) add up to.
 */
import { env } from '@/env';
import { loyaltyLevelOf, pointsEarnedFor } from '@/features/orders/api';
import type { SqlSession } from '@/server/db/client';

const day = 86_400_000;

/** Days before `now` of each order, and how many models it holds. */
const purchases = [
  { daysAgo: 210, models: 1 },
  { daysAgo: 130, models: 2 },
  { daysAgo: 48, models: 1 },
  { daysAgo: 12, models: 2 },
] as const;

export async function insertDemoBuyerPurchases(handle: SqlSession, now = new Date()): Promise<void> {
  const [buyer] = await handle.query<{ id: number }>(`SELECT id FROM users WHERE username = 'demo-buyer'`);
  if (!buyer) return;
  const wanted = purchases.reduce((n, p) => n + p.models, 0);
  // Priced models of seeded designers (not the demo seller's, whose sales are their own story).
  const models = await handle.query<{
    id: number;
    title: string;
    licence: string;
    price_cents: number;
    designer_id: number;
  }>(
    `SELECT m.id, m.title, m.licence, m.price_cents, m.designer_id FROM models m JOIN users u ON u.id = m.designer_id
     WHERE m.status = 'published' AND m.price_cents > 0 AND u.password_hash IS NULL
     ORDER BY m.id LIMIT $1`,
    [wanted],
  );
  if (models.length < wanted) return;
  let next = 0;
  for (const [k, purchase] of purchases.entries()) {
    const lines = models.slice(next, next + purchase.models);
    next += purchase.models;
    const paidAt = new Date(now.getTime() - purchase.daysAgo * day);
    const totalCents = lines.reduce((sum, line) => sum + line.price_cents, 0);
    const [previous] = await handle.query<{ cents: string | null }>(
      `SELECT sum(total_cents) AS cents FROM orders WHERE user_id = $1 AND status IN ('paid', 'fulfilled') AND paid_at < $2`,
      [buyer.id, paidAt],
    );
    const previousSpendingCents = Number(previous?.cents ?? 0);
    const [order] = await handle.query<{ id: number }>(
      `INSERT INTO orders (user_id, idempotency_key, status, subtotal_cents, sale_discount_cents, coupon_discount_cents,
         credits_cents, total_cents, payment_provider, payment_reference, created_at, updated_at, paid_at)
       VALUES ($1, $2, 'fulfilled', $3, 0, 0, 0, $3, 'test', $4, $5, $5, $5) RETURNING id`,
      [buyer.id, `demo-buyer-purchase-${k}`, totalCents, `test_ch_demo_buyer_${k}`, paidAt],
    );
    for (const line of lines) {
      await handle.query(
        `INSERT INTO order_lines (order_id, model_id, designer_id, title, licence, price_cents, sale_discount_cents,
           coupon_discount_cents, credits_cents, final_cents)
         VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, $6)`,
        [order!.id, line.id, line.designer_id, line.title, line.licence, line.price_cents],
      );
      await handle.query(`UPDATE models SET sales = sales + 1 WHERE id = $1`, [line.id]);
    }
    const expiresAt = new Date(paidAt.getTime() + env.CREDITS_EXPIRY_DAYS * day);
    const earned = pointsEarnedFor(totalCents, loyaltyLevelOf(previousSpendingCents).earnRatePercent);
    if (earned > 0)
      await handle.query(
        `INSERT INTO points_ledger (user_id, kind, amount_cents, order_id, expires_at, created_at)
         VALUES ($1, 'earned', $2, $3, $4, $5)`,
        [buyer.id, earned, order!.id, expiresAt, paidAt],
      );
    if (k === 0 && env.FIRST_PURCHASE_GIFT_CENTS > 0)
      await handle.query(
        `INSERT INTO points_ledger (user_id, kind, amount_cents, order_id, expires_at, created_at)
         VALUES ($1, 'gifted', $2, $3, $4, $5)`,
        [buyer.id, env.FIRST_PURCHASE_GIFT_CENTS, order!.id, expiresAt, paidAt],
      );
  }
}
