/**
 * Issue 24, "a crash during checkout": the real server is killed with SIGKILL at each point of a
 * checkout (before the charge, during the delayed charge of card 4000 0000 0000 0119, after the charge
 * before fulfilment; CHECKOUT_TEST_PAUSE_AT holds the process there), then one reconciliation run
 * settles every order: fulfilled and paid, or failed and unpaid with its credits and models back; the
 * credits ledger adds up to the balance the orders explain; re-sending a key answers the final state,
 * and no key ever charges twice. On PGlite by default, on PostgreSQL with DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';

import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { freePort, requireBuild, run, serverEntry, start, stop, tempDir, waitForHealth } from './processes';

const goodCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const slowFailingCard = { number: '4000 0000 0000 0119', expiry: '12/30', cvc: '123' };
const crashPoints = ['before_charge', 'during_charge', 'after_charge'] as const;
type CrashPoint = (typeof crashPoints)[number];

/** A signed-up buyer talking to whichever server runs now; cookies kept by hand (`__Host-` over http). */
class Buyer {
  private readonly cookies = new Map<string, string>();
  port = 0;
  constructor(readonly name: string) {}

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async post(pathname: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const origin = `http://127.0.0.1:${this.port}`;
    if (!this.cookies.has('__Host-csrf')) {
      this.remember(await fetch(`${origin}/api/internal/csrf`, { headers: { cookie: this.cookieHeader() } }));
    }
    const response = await fetch(`${origin}${pathname}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        cookie: this.cookieHeader(),
        'x-csrf-token': this.cookies.get('__Host-csrf')!,
      },
      body: JSON.stringify(body),
    });
    this.remember(response);
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  async signUp() {
    const response = await this.post('/api/internal/users/sign_up', {
      username: this.name,
      email: `${this.name}@example.com`,
      password: 'crash test passphrase 2026',
    });
    expect(response.status, JSON.stringify(response.json)).toBe(201);
  }

  async addToCart(modelId: number) {
    const response = await this.post('/api/internal/cart/items', { modelId });
    expect(response.json, JSON.stringify(response.json)).toMatchObject({ data: { outcome: 'added' } });
  }

  checkout(idempotencyKey: string, card: typeof goodCard, useCredits = false) {
    return this.post('/api/internal/checkout', { idempotencyKey, useCredits, card });
  }
}

let t: TestDatabase | undefined;
let dataDir: string;
/** The server's database settings: a data folder (PGlite) or a PostgreSQL database of its own. */
let databaseEnv: Record<string, string>;

beforeAll(async () => {
  requireBuild();
  dataDir = tempDir('checkout-crash');
  if (env.DATABASE_URL) {
    t = await createTestDatabase();
    databaseEnv = { DATABASE_URL: t.url!, DATA_DIR: dataDir };
  } else {
    databaseEnv = { DATA_DIR: dataDir };
  }
  const seeded = await run('src/seed/cli.ts', ['--models', '20'], databaseEnv, 120_000);
  expect(seeded.code, seeded.stdout + seeded.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  await t?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The database, opened while no server has it (PGlite allows one process at a time). */
async function withDatabase<T>(read: (db: DatabaseHandle) => Promise<T>): Promise<T> {
  if (t) return read(t.handle);
  const db = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

async function startServer(
  extra: Record<string, string> = {},
  attempt = 1,
): Promise<{
  app: ReturnType<typeof start>;
  port: number;
}> {
  const port = await freePort();
  const app = start(serverEntry, [], {
    ...databaseEnv,
    PORT: String(port),
    PAGE_CACHE_SECONDS: '0',
    ACCOUNT_RATE_LIMIT_FACTOR: '100',
    // The servers that crash must not settle anything themselves: the one run below does.
    PAYMENT_PENDING_SECONDS: '3600',
    ...extra,
  });
  const exited = new Promise<'exited'>((resolve) => app.once('exit', () => resolve('exited')));
  const outcome = await Promise.race([waitForHealth(port, 120_000).then(() => 'healthy' as const), exited]);
  if (outcome === 'healthy') return { app, port };
  // Another program on this machine took the free port first: try another one.
  if (attempt < 3 && /already in use/.test(app.output().stderr)) return startServer(extra, attempt + 1);
  throw new Error(`the server did not start:\n${app.output().stdout}\n${app.output().stderr}`);
}

function pausedAt(app: ReturnType<typeof start>, point: CrashPoint): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the checkout never reached ${point}:\n${app.output().stderr}`)),
      30_000,
    );
    const look = () => {
      if (app.output().stderr.includes(`checkout paused at ${point}`)) {
        clearTimeout(timer);
        app.stderr!.off('data', look);
        resolve();
      }
    };
    app.stderr!.on('data', look);
    look();
  });
}

function killed(app: ReturnType<typeof start>): Promise<void> {
  return new Promise((resolve) => {
    app.once('exit', () => resolve());
    app.kill('SIGKILL');
  });
}

const keyOf = (point: CrashPoint) => `crash-${point}-attempt`;

describe('kill -9 during checkout, then one reconciliation run', () => {
  const buyers = Object.fromEntries(
    crashPoints.map((point) => [point, new Buyer(`crash_${point}`)]),
  ) as Record<CrashPoint, Buyer>;

  it('every order ends fulfilled and paid or failed and unpaid; the ledger adds up; no key charges twice', async () => {
    // Carts that may be paid partly with credits: six models made wallet-eligible at $8, without a sale.
    const [crashModels, firstModels] = await withDatabase(async (db) => {
      const eligible = await db.query<{ id: number }>(
        `UPDATE models SET wallet_eligible = true, sale_discount_cents = 0, price_cents = 800
         WHERE id IN (SELECT id FROM models WHERE status = 'published' AND price_cents > 0 ORDER BY id LIMIT 6)
         RETURNING id`,
      );
      const others = await db.query<{ id: number }>(
        `SELECT id FROM models WHERE status = 'published' AND price_cents >= 100 AND NOT (id = ANY($1::int[]))
         ORDER BY id LIMIT 3`,
        [eligible.map((row) => row.id)],
      );
      return [eligible.map((row) => row.id), others.map((row) => row.id)];
    });
    expect(crashModels).toHaveLength(6);
    expect(firstModels).toHaveLength(3);

    // Each buyer's first purchase goes through and earns credits (and the first-purchase gift).
    const setup = await startServer();
    try {
      for (const [index, point] of crashPoints.entries()) {
        const buyer = buyers[point];
        buyer.port = setup.port;
        await buyer.signUp();
        await buyer.addToCart(firstModels[index]!);
        const first = await buyer.checkout(`first-${point}-purchase`, goodCard);
        expect(first.json).toMatchObject({ data: { status: 'fulfilled' } });
        await buyer.addToCart(crashModels[index * 2]!);
        await buyer.addToCart(crashModels[index * 2 + 1]!);
      }
    } finally {
      await stop(setup.app);
    }

    // The second checkout (two models, paid partly with credits) dies at its crash point.
    for (const point of crashPoints) {
      const server = await startServer({ CHECKOUT_TEST_PAUSE_AT: point });
      const buyer = buyers[point];
      buyer.port = server.port;
      const answer = buyer
        .checkout(keyOf(point), point === 'during_charge' ? slowFailingCard : goodCard, true)
        .catch((error: unknown) => error);
      await pausedAt(server.app, point);
      await killed(server.app);
      expect(await answer).toBeInstanceOf(Error);
    }

    const stuck = await withDatabase((db) =>
      db.query<{ status: string; age_ms: number }>(
        `SELECT status::text, (extract(epoch FROM now() - created_at) * 1000)::float8 AS age_ms
         FROM orders WHERE idempotency_key LIKE 'crash-%'`,
      ),
    );
    expect(stuck.map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    // The run below settles orders pending for over a second: let the newest one (the last crash, a
    // moment ago on a fast machine) pass that age first, or the run rightly leaves it for the next.
    const youngestMs = Math.min(...stuck.map((row) => row.age_ms));
    console.info(`the newest stuck order is ${Math.round(youngestMs)} ms old`);
    if (youngestMs < 1500) await new Promise((resolve) => setTimeout(resolve, 1500 - youngestMs));

    // One reconciliation run.
    const reconciled = await run('src/payment-reconciliation-cli.ts', [], {
      ...databaseEnv,
      PAYMENT_PENDING_SECONDS: '1',
    });
    expect(reconciled.code, reconciled.stdout + reconciled.stderr).toBe(0);
    console.info(reconciled.stdout.trim());
    expect(reconciled.stdout).toMatch(/"checked":3,"fulfilled":1,"failed":1,"expired":1,.*"errors":0/);

    // Re-sending each key, now with a good card, answers the final state: never pending, never a charge.
    const server = await startServer();
    try {
      const expected: Record<CrashPoint, string> = {
        before_charge: 'failed',
        during_charge: 'failed',
        after_charge: 'fulfilled',
      };
      for (const point of crashPoints) {
        const buyer = buyers[point];
        buyer.port = server.port;
        const again = await buyer.checkout(keyOf(point), goodCard, true);
        expect(again.json, point).toMatchObject({ data: { status: expected[point] } });
      }
    } finally {
      await stop(server.app);
    }

    await withDatabase(async (db) => {
      const orders = await db.query<{
        id: number;
        key: string;
        status: string;
        payment_reference: string | null;
        credits_cents: number;
        user_id: number;
        lines: number;
        in_cart: number;
      }>(
        `SELECT o.id, o.idempotency_key AS key, o.status::text, o.payment_reference, o.credits_cents, o.user_id,
                (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines,
                (SELECT count(*)::int FROM cart_items c JOIN order_lines l ON l.model_id = c.model_id
                 WHERE l.order_id = o.id AND c.user_id = o.user_id) AS in_cart
         FROM orders o WHERE o.idempotency_key LIKE 'crash-%' ORDER BY o.id`,
      );
      const charges = await db.query<{ key: string; status: string; reference: string | null }>(
        `SELECT idempotency_key AS key, status, reference FROM test_payment_charges`,
      );
      const chargesOf = (orderId: number) => charges.filter((c) => c.key === `order-${orderId}`);
      for (const order of orders) {
        expect(order.credits_cents, order.key).toBeGreaterThan(0);
        const charged = chargesOf(order.id).filter((c) => c.status === 'succeeded');
        if (order.status === 'fulfilled') {
          // Paid once, with the reference of the one charge, the models owned and out of the cart.
          expect(
            charged.map((c) => c.reference),
            order.key,
          ).toEqual([order.payment_reference]);
          expect(order.in_cart, order.key).toBe(0);
        } else {
          expect(order.status, order.key).toBe('failed');
          expect(charged, order.key).toEqual([]);
          expect(order.payment_reference, order.key).toBeNull();
          expect(order.in_cart, order.key).toBe(order.lines);
        }
      }
      expect(orders.map((o) => [o.key, o.status])).toEqual([
        [keyOf('before_charge'), 'failed'],
        [keyOf('during_charge'), 'failed'],
        [keyOf('after_charge'), 'fulfilled'],
      ]);
      // Every succeeded charge belongs to a paid order (the provider keeps one record per key).
      const paidReferences = await db.query<{ payment_reference: string }>(
        `SELECT payment_reference FROM orders WHERE status IN ('paid', 'fulfilled') AND payment_reference IS NOT NULL`,
      );
      const paid = new Set(paidReferences.map((r) => r.payment_reference));
      const succeeded = charges.filter((c) => c.status === 'succeeded');
      // The three first purchases and the checkout killed after its charge; re-sent keys charged nothing.
      expect(succeeded).toHaveLength(4);
      for (const charge of succeeded) expect(paid.has(charge.reference!), charge.key).toBe(true);

      // Every server queued a reconciliation run at its start, and the job runner ran them.
      const runs = await db.query<{ status: string }>(
        `SELECT status FROM jobs WHERE kind = 'payment_reconciliation'`,
      );
      expect(runs.map((run) => run.status)).toContain('succeeded');

      // The ledger: a failed order's credits came back in full; the balance is what the orders explain.
      for (const order of orders) {
        const [ledger] = await db.query<{ spent: number; refunded: number; earned: number }>(
          `SELECT coalesce(sum(amount_cents) FILTER (WHERE kind = 'spent'), 0)::int AS spent,
                  coalesce(sum(amount_cents) FILTER (WHERE kind = 'refunded'), 0)::int AS refunded,
                  coalesce(sum(amount_cents) FILTER (WHERE kind IN ('earned', 'gifted')), 0)::int AS earned
           FROM points_ledger WHERE order_id = $1`,
          [order.id],
        );
        expect(ledger!.spent, order.key).toBe(-order.credits_cents);
        if (order.status === 'failed') {
          expect(ledger!.refunded, order.key).toBe(order.credits_cents);
          expect(ledger!.earned, order.key).toBe(0);
        } else {
          expect(ledger!.refunded, order.key).toBe(0);
          expect(ledger!.earned, order.key).toBeGreaterThan(0);
        }
        const [balance] = await db.query<{ ledger: number; explained: number }>(
          `SELECT (SELECT coalesce(sum(amount_cents), 0)::int FROM points_ledger WHERE user_id = $1) AS ledger,
                  (SELECT coalesce(sum(p.amount_cents), 0)::int FROM points_ledger p
                   JOIN orders o ON o.id = p.order_id
                   WHERE p.user_id = $1
                     AND ((o.status = 'fulfilled') OR (o.status = 'failed' AND p.kind IN ('spent', 'refunded')))
                  ) AS explained`,
          [order.user_id],
        );
        expect(balance!.ledger, order.key).toBe(balance!.explained);
        expect(balance!.ledger, order.key).toBeGreaterThanOrEqual(0);
      }
    });
  }, 300_000);
});
