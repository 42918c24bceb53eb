import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriesWindow } from '../stats-series';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { getAnalytics, getSalesOverview } from './queries';
import { findSaleLines, findSalesTotals, findSellerModel } from './repository';

let t: TestDatabase;
const now = new Date('2026-11-22T12:00:00Z');
const day = 86_400_000;
const daysAgo = (n: number, hour = 10) => new Date(Date.UTC(2026, 10, 22 - n, hour));

let seller: number;
let other: number;
let buyer: number;
/** The seller's models: a (published), b (draft); the other seller's: c. */
let a: number;
let b: number;
let c: number;

async function newUser(name: string, roles = '{buyer}'): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ($1, $2, $3::user_role[]) RETURNING id`,
    [name, `${name}@example.com`, roles],
  );
  return row!.id;
}

let orderKey = 0;
/** An order of `lines` (model, price, sale discount, coupon discount) in `status`, paid at `paidAt`. */
async function order(
  status: 'pending' | 'paid' | 'fulfilled' | 'failed' | 'refunded',
  paidAt: Date,
  lines: [model: number, price: number, sale?: number, coupon?: number][],
): Promise<number> {
  const total = lines.reduce((sum, [, price, sale = 0, coupon = 0]) => sum + price - sale - coupon, 0);
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO orders (user_id, idempotency_key, status, subtotal_cents, sale_discount_cents, coupon_discount_cents,
       credits_cents, total_cents, payment_provider, created_at, paid_at)
     VALUES ($1, $2, $3, $4, 0, 0, 0, $4, 'test', $5, $6) RETURNING id`,
    [
      buyer,
      `key-${++orderKey}`,
      status,
      total,
      paidAt,
      status === 'pending' || status === 'failed' ? null : paidAt,
    ],
  );
  for (const [model, price, sale = 0, coupon = 0] of lines) {
    await t.handle.query(
      `INSERT INTO order_lines (order_id, model_id, designer_id, title, licence, price_cents, sale_discount_cents,
         coupon_discount_cents, credits_cents, final_cents)
       SELECT $1, id, designer_id, title, licence, $2::int, $3::int, $4::int, 0, $2::int - $3::int - $4::int FROM models WHERE id = $5`,
      [row!.id, price, sale, coupon, model],
    );
  }
  return row!.id;
}

async function visits(model: number, dayOffset: number, visitors: number) {
  for (let i = 0; i < visitors; i++) {
    await t.handle.query(`INSERT INTO model_view_visits (model_id, visitor, day) VALUES ($1, $2, $3)`, [
      model,
      `visitor-${i}`,
      new Date(now.getTime() - dayOffset * day).toISOString().slice(0, 10),
    ]);
  }
}

async function download(model: number, at: Date) {
  await t.handle.query(`INSERT INTO download_events (model_id, user_id, created_at) VALUES ($1, $2, $3)`, [
    model,
    buyer,
    at,
  ]);
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 40, filesRoot: t.filesRoot });
  seller = await newUser('stats-seller', '{buyer,seller}');
  other = await newUser('stats-other', '{buyer,seller}');
  buyer = await newUser('stats-buyer');
  [a, b, c] = [30, 31, 32]; // not among the demo seller's models
  await t.handle.query(
    `UPDATE models SET designer_id = $1, title = 'Alpha', views = 200, likes = 7, sales = 3 WHERE id = $2`,
    [seller, a],
  );
  await t.handle.query(
    `UPDATE models SET designer_id = $1, title = 'Beta', status = 'draft', views = 0, likes = 0, sales = 0 WHERE id = $2`,
    [seller, b],
  );
  await t.handle.query(`UPDATE models SET designer_id = $1, title = 'Gamma', views = 999 WHERE id = $2`, [
    other,
    c,
  ]);

  // The seller: two kept sales today and 3 days ago, one refunded, one pending, one failed; one old sale.
  await order('fulfilled', daysAgo(0), [[a, 2000, 500, 0]]); // gross 1500
  await order('paid', daysAgo(3), [
    [a, 1000, 0, 100], // gross 900
    [c, 5000], // the other seller's line in the same order
  ]);
  await order('refunded', daysAgo(3), [[a, 3000]]);
  await order('pending', daysAgo(1), [[a, 4000]]);
  await order('failed', daysAgo(1), [[a, 4000]]);
  await order('fulfilled', daysAgo(100), [[b, 700]]);
  // The other seller's sales only.
  await order('fulfilled', daysAgo(2), [[c, 9900]]);

  await visits(a, 0, 3);
  await visits(a, 5, 2);
  await visits(b, 5, 1);
  await visits(c, 5, 50);
  await download(a, daysAgo(0, 1));
  await download(a, daysAgo(0, 23));
  await download(b, daysAgo(40));
  await download(c, daysAgo(0));
});
afterAll(() => t.cleanup());

describe('seller sales', () => {
  it('counts only the seller’s own models, and refunded orders not in revenue', async () => {
    const totals = await findSalesTotals(seller, seriesWindow('30d', now));
    expect(totals.period).toEqual({ unitsSold: 2, grossCents: 2400, refundedUnits: 1, refundedCents: 3000 });
    expect(totals.allTime).toEqual({ unitsSold: 3, grossCents: 3100, refundedUnits: 1, refundedCents: 3000 });
    const others = await findSalesTotals(other, seriesWindow('30d', now));
    expect(others.allTime).toEqual({ unitsSold: 2, grossCents: 14_900, refundedUnits: 0, refundedCents: 0 });
  });

  it('gives a value for every day, zero on days without sales', async () => {
    const overview = await getSalesOverview(seller, { range: '30d', page: 1 }, now);
    expect(overview.revenue).toHaveLength(30);
    expect(overview.revenue.at(-1)).toEqual({ bucket: '2026-11-22', value: 1500 });
    expect(overview.revenue.at(-4)).toEqual({ bucket: '2026-11-19', value: 900 });
    expect(overview.revenue.filter((p) => p.value === 0)).toHaveLength(28);
    expect(overview.units.reduce((sum, p) => sum + p.value, 0)).toBe(2);
  });

  it('groups by week and month', async () => {
    const weeks = await getSalesOverview(seller, { range: '12w', page: 1 }, now);
    expect(weeks.revenue).toHaveLength(12);
    expect(weeks.revenue.at(-1)).toEqual({ bucket: '2026-11-16', value: 2400 });
    const months = await getSalesOverview(seller, { range: '12m', page: 1 }, now);
    expect(months.revenue.at(-1)).toEqual({ bucket: '2026-11-01', value: 2400 });
    expect(months.revenue.find((p) => p.bucket === '2026-08-01')?.value).toBe(700);
    expect(months.totals.period.unitsSold).toBe(3);
  });

  it('lists the seller’s sales newest first, refunded ones included, pending and failed ones not', async () => {
    const { items, total } = await findSaleLines(seller, { limit: 10, offset: 0 });
    expect(total).toBe(4);
    expect(items.map((line) => [line.title, line.priceCents, line.status])).toEqual([
      ['Alpha', 1500, 'fulfilled'],
      ['Alpha', 3000, 'refunded'],
      ['Alpha', 900, 'paid'],
      ['Beta', 700, 'fulfilled'],
    ]);
    expect(items[0]!.soldAt).toEqual(daysAgo(0));
    const page2 = await getSalesOverview(seller, { range: '30d', page: 2 }, now);
    expect(page2.recent).toMatchObject({ page: 2, total: 4, pageCount: 1, items: [] });
  });
});

describe('seller analytics', () => {
  it('lists every model of the seller, drafts included, with its figures', async () => {
    const analytics = await getAnalytics(seller, { range: '30d', page: 1 }, now);
    expect(analytics.models.map((m) => [m.title, m.status])).toEqual([
      ['Alpha', 'published'],
      ['Beta', 'draft'],
    ]);
    expect(analytics.table.items).toEqual([
      expect.objectContaining({
        id: a,
        views: 200,
        likes: 7,
        sales: 3,
        downloads: 2,
        conversionPercent: 1.5,
      }),
      expect.objectContaining({ id: b, views: 0, downloads: 1, conversionPercent: null }),
    ]);
    expect(analytics.totals).toEqual({
      models: 2,
      views: 200,
      likes: 7,
      sales: 3,
      downloads: 3,
      conversionPercent: 1.5,
    });
  });

  it('gives views, downloads and sales per day, zero on empty days, only for the seller’s models', async () => {
    const analytics = await getAnalytics(seller, { range: '30d', page: 1 }, now);
    expect(analytics.views.at(-1)).toEqual({ bucket: '2026-11-22', value: 3 });
    expect(analytics.views.at(-6)).toEqual({ bucket: '2026-11-17', value: 3 });
    expect(analytics.views.reduce((sum, p) => sum + p.value, 0)).toBe(6);
    expect(analytics.downloads.at(-1)).toEqual({ bucket: '2026-11-22', value: 2 });
    expect(analytics.downloads.reduce((sum, p) => sum + p.value, 0)).toBe(2);
    expect(analytics.sales.reduce((sum, p) => sum + p.value, 0)).toBe(2);
    expect(analytics.views.filter((p) => p.value === 0)).toHaveLength(28);
  });

  it('narrows the charts to one model', async () => {
    const analytics = await getAnalytics(seller, { range: '12w', modelId: b, page: 1 }, now);
    expect(analytics.selected).toEqual({ id: b, title: 'Beta', status: 'draft' });
    expect(analytics.views.reduce((sum, p) => sum + p.value, 0)).toBe(1);
    expect(analytics.downloads.reduce((sum, p) => sum + p.value, 0)).toBe(1);
    expect(analytics.sales.reduce((sum, p) => sum + p.value, 0)).toBe(0);
  });

  it('refuses another seller’s model like one that does not exist', async () => {
    expect(await findSellerModel(seller, c)).toBeNull();
    await expect(getAnalytics(seller, { range: '30d', modelId: c, page: 1 }, now)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      getAnalytics(seller, { range: '30d', modelId: 2_000_000_000, page: 1 }, now),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is empty for a seller without models', async () => {
    const newcomer = await newUser('stats-newcomer', '{buyer,seller}');
    const analytics = await getAnalytics(newcomer, { range: '12m', page: 1 }, now);
    expect(analytics.totals.models).toBe(0);
    expect(analytics.table).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    expect(analytics.views.every((p) => p.value === 0)).toBe(true);
    const sales = await getSalesOverview(newcomer, { range: '30d', page: 1 }, now);
    expect(sales.totals.allTime).toEqual({ unitsSold: 0, grossCents: 0, refundedUnits: 0, refundedCents: 0 });
  });
});

describe('the demo seller of the seed', () => {
  it('has sales (one refunded), visitors and downloads in the last 30 days', async () => {
    const [row] = await t.handle.query<{ id: number }>(`SELECT id FROM users WHERE username = 'demo-seller'`);
    const clock = new Date();
    const sales = await getSalesOverview(row!.id, { range: '30d', page: 1 }, clock);
    expect(sales.totals.period).toMatchObject({ unitsSold: 10, refundedUnits: 1 });
    expect(sales.totals.allTime.unitsSold).toBe(14);
    expect(sales.recent.total).toBe(15);
    const analytics = await getAnalytics(row!.id, { range: '30d', page: 1 }, clock);
    expect(analytics.models).toHaveLength(5);
    expect(analytics.views.filter((p) => p.value > 0).length).toBeGreaterThan(20);
    expect(analytics.downloads.some((p) => p.value > 0)).toBe(true);
  });
});
