import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { AppError } from '@/server/errors';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { createTestPaymentProvider } from './payments/test-provider';
import { checkout, configuredRules, refundOrder } from './commands';
import { getDownload, getPurchases } from './queries';
import { isValidDownloadLink } from './download-links';

let t: TestDatabase;
const now = new Date('2026-11-22T12:00:00Z');
const clock = () => now;
const provider = createTestPaymentProvider({ now: clock, sleep: async () => undefined });
const rules = {
  pricing: { saleThresholdCents: 2000, creditsMinCartCents: 1000 },
  loyalty: { creditsExpiryDays: 365, firstPurchaseGiftCents: 500 },
};
const visa = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const declined = { number: '4000000000000002', expiry: '12/30', cvc: '123' };
let key = 0;
const nextKey = () => `test-key-${++key}-abcdef`;

async function newUser(name: string): Promise<number> {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [name, `${name}@example.com`],
  );
  return row!.id;
}

/** Sets a model's price, sale and wallet sign, and returns its id. */
async function priced(id: number, priceCents: number, { sale = 0, wallet = false } = {}): Promise<number> {
  await t.handle.query(
    `UPDATE models SET price_cents = $2, sale_discount_cents = $3, sale_ends_at = $4, wallet_eligible = $5 WHERE id = $1`,
    [id, priceCents, sale, sale > 0 ? new Date(now.getTime() + 86_400_000) : null, wallet],
  );
  return id;
}

async function ledger(userId: number) {
  return t.handle.query<{ kind: string; amount_cents: number; order_id: number | null }>(
    `SELECT kind, amount_cents, order_id FROM points_ledger WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
}

async function balance(userId: number): Promise<number> {
  const [row] = await t.handle.query<{ b: number }>(
    `SELECT coalesce(sum(amount_cents), 0)::int AS b FROM points_ledger WHERE user_id = $1`,
    [userId],
  );
  return row!.b;
}

const options = { now: clock, provider, rules };

/** Puts a model in a user's cart (the cart feature's own tests cover adding). */
async function putInCart(userId: number, modelId: number) {
  await t.handle.query(`INSERT INTO cart_items (user_id, model_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    userId,
    modelId,
  ]);
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 120, filesRoot: t.filesRoot });
});
afterAll(() => t.cleanup());
beforeEach(() => {
  key = key + 100;
});

describe('checkout', () => {
  it('pays with a test card: one fulfilled order, credits earned and gifted, downloads for the buyer only', async () => {
    const buyer = await newUser('happy-buyer');
    const stranger = await newUser('stranger');
    const model = await priced(112, 4000);
    // Model 120 is one of the seeded real meshes: it has a file to download.
    const withFile = await priced(120, 1500);
    await putInCart(buyer, model);
    await putInCart(buyer, withFile);
    const outcome = await checkout(
      buyer,
      { idempotencyKey: nextKey(), card: visa, expectedTotalCents: 5500 },
      options,
    );
    expect(outcome).toMatchObject({ status: 'fulfilled' });
    const [order] = await t.handle.query<Record<string, unknown>>(
      `SELECT status, subtotal_cents, total_cents, credits_cents, paid_at IS NOT NULL AS paid FROM orders WHERE id = $1`,
      [outcome.orderId],
    );
    expect(order).toEqual({
      status: 'fulfilled',
      subtotal_cents: 5500,
      total_cents: 5500,
      credits_cents: 0,
      paid: true,
    });
    expect(await t.handle.query(`SELECT * FROM cart_items WHERE user_id = $1`, [buyer])).toEqual([]);
    // Bronze level earns 2 %: 110 cents; the first purchase brings the 500-cent gift.
    expect(await ledger(buyer)).toEqual([
      { kind: 'earned', amount_cents: 110, order_id: outcome.orderId },
      { kind: 'gifted', amount_cents: 500, order_id: outcome.orderId },
    ]);

    const purchases = await getPurchases(buyer, now);
    const file = purchases.find((p) => p.modelId === withFile)!.files[0]!;
    const link = new URL(file.href, 'http://localhost');
    const query = {
      expires: link.searchParams.get('expires'),
      signature: link.searchParams.get('signature'),
    };
    expect(await getDownload(file.id, buyer, query, now)).toMatchObject({ fileName: file.fileName });
    expect(await getDownload(file.id, stranger, query, now)).toBeNull();
    expect(
      await getDownload(file.id, buyer, { ...query, signature: 'x' + query.signature!.slice(1) }, now),
    ).toBeNull();
    expect(await getDownload(file.id, buyer, query, new Date(now.getTime() + 16 * 60_000))).toBeNull();
    expect(isValidDownloadLink(file.id, buyer, query.expires, query.signature, now)).toBe(true);
  });

  it('a declined card fails the order, keeps the cart and gives the credits back', async () => {
    const buyer = await newUser('declined-buyer');
    await t.handle.query(
      `INSERT INTO points_ledger (user_id, kind, amount_cents, expires_at) VALUES ($1, 'gifted', 1000, $2)`,
      [buyer, new Date(now.getTime() + 86_400_000)],
    );
    const model = await priced(113, 5000, { wallet: true });
    await putInCart(buyer, model);
    const outcome = await checkout(
      buyer,
      { idempotencyKey: nextKey(), card: declined, useCredits: true },
      options,
    );
    expect(outcome).toEqual({
      status: 'failed',
      orderId: expect.any(Number),
      failure: { kind: 'declined', code: 'card_declined' },
    });
    expect((await ledger(buyer)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ['gifted', 1000],
      ['spent', -1000],
      ['refunded', 1000],
    ]);
    expect(await balance(buyer)).toBe(1000);
    expect(await t.handle.query(`SELECT model_id FROM cart_items WHERE user_id = $1`, [buyer])).toEqual([
      { model_id: model },
    ]);
  });

  it('a double-clicked checkout (same key, in parallel) makes one order and answers both with it', async () => {
    const buyer = await newUser('double-click');
    await putInCart(buyer, await priced(114, 3000));
    const idempotencyKey = nextKey();
    const [a, b] = await Promise.all([
      checkout(buyer, { idempotencyKey, card: visa }, options),
      checkout(buyer, { idempotencyKey, card: visa }, options),
    ]);
    expect(a.orderId).toBe(b.orderId);
    const orders = await t.handle.query(`SELECT id FROM orders WHERE user_id = $1`, [buyer]);
    expect(orders).toHaveLength(1);
    // A retry later returns the same order too.
    expect((await checkout(buyer, { idempotencyKey, card: visa }, options)).orderId).toBe(a.orderId);
  });

  it('two concurrent checkouts of one cart: exactly one order, the other a CONFLICT', async () => {
    const buyer = await newUser('two-tabs');
    await putInCart(buyer, await priced(115, 2500));
    const results = await Promise.allSettled([
      checkout(buyer, { idempotencyKey: nextKey(), card: visa }, options),
      checkout(buyer, { idempotencyKey: nextKey(), card: visa }, options),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(AppError);
    expect(rejected.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await t.handle.query(`SELECT id FROM orders WHERE user_id = $1`, [buyer])).toHaveLength(1);
  });

  it('credits pay up to 30 % of wallet models; parallel checkouts never overdraw them', async () => {
    const buyer = await newUser('credit-user');
    await t.handle.query(
      `INSERT INTO points_ledger (user_id, kind, amount_cents, expires_at) VALUES ($1, 'gifted', 1200, $2)`,
      [buyer, new Date(now.getTime() + 86_400_000)],
    );
    await putInCart(buyer, await priced(116, 3000, { wallet: true }));
    await putInCart(buyer, await priced(117, 2000));
    const first = await checkout(
      buyer,
      { idempotencyKey: nextKey(), card: visa, useCredits: true, expectedTotalCents: 4100 },
      options,
    );
    expect(first.status).toBe('fulfilled');
    const [order] = await t.handle.query<{ credits_cents: number; total_cents: number }>(
      `SELECT credits_cents, total_cents FROM orders WHERE id = $1`,
      [first.orderId],
    );
    expect(order).toEqual({ credits_cents: 900, total_cents: 4100 });

    // Now 300 left (+82 earned at 2 %): two carts checked out at once in two sessions share them.
    await putInCart(buyer, await priced(118, 9000, { wallet: true }));
    const results = await Promise.allSettled([
      checkout(buyer, { idempotencyKey: nextKey(), card: visa, useCredits: true }, options),
      checkout(buyer, { idempotencyKey: nextKey(), card: visa, useCredits: true }, options),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const spent = await t.handle.query<{ amount_cents: number }>(
      `SELECT amount_cents FROM points_ledger WHERE user_id = $1 AND kind = 'spent' ORDER BY id`,
      [buyer],
    );
    expect(spent.map((s) => s.amount_cents)).toEqual([-900, -382]);
    expect(await balance(buyer)).toBeGreaterThanOrEqual(0);
  });

  it('refuses credits during a sale and a total that changed since the buyer saw it', async () => {
    const buyer = await newUser('sale-user');
    await t.handle.query(
      `INSERT INTO points_ledger (user_id, kind, amount_cents, expires_at) VALUES ($1, 'gifted', 1000, $2)`,
      [buyer, new Date(now.getTime() + 86_400_000)],
    );
    await putInCart(buyer, await priced(119, 4000, { sale: 1000, wallet: true }));
    await expect(
      checkout(
        buyer,
        { idempotencyKey: nextKey(), card: visa, useCredits: true, expectedTotalCents: 2800 },
        options,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const outcome = await checkout(
      buyer,
      { idempotencyKey: nextKey(), card: visa, useCredits: true, expectedTotalCents: 3000 },
      options,
    );
    expect(outcome.status).toBe('fulfilled');
    expect((await ledger(buyer)).some((e) => e.kind === 'spent')).toBe(false);
  });

  it('a refund gives spent credits back and takes earned ones, never below zero', async () => {
    const buyer = await newUser('refund-user');
    await putInCart(buyer, await priced(111, 10000));
    const outcome = await checkout(buyer, { idempotencyKey: nextKey(), card: visa }, options);
    expect(await balance(buyer)).toBe(200 + 500);
    await refundOrder(outcome.orderId, { now, provider });
    expect(await balance(buyer)).toBe(0);
    const [order] = await t.handle.query<{ status: string }>(`SELECT status FROM orders WHERE id = $1`, [
      outcome.orderId,
    ]);
    expect(order!.status).toBe('refunded');
    await expect(refundOrder(outcome.orderId, { now, provider })).rejects.toThrow('cannot go from refunded');
  });

  it('rejects malformed input before anything is stored', async () => {
    const buyer = await newUser('bad-input');
    await expect(checkout(buyer, { idempotencyKey: 'x' }, options)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(checkout(buyer, 'nonsense', options)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(checkout(buyer, { idempotencyKey: nextKey() }, options)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await t.handle.query(`SELECT id FROM orders WHERE user_id = $1`, [buyer])).toEqual([]);
    expect(configuredRules().pricing.saleThresholdCents).toBeGreaterThanOrEqual(0);
  });
});
