/**
 * The conversation types made by their own flows (decision 0037), on a real migrated database: price
 * offers (made in a conversation, accepted by their buyer only, charged by cart and checkout, expiring,
 * one live per buyer and model, rate limited), file conversion requests, feedback after a purchase, the
 * site's support form reaching every admin, and admins' promotions to a group of users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getPricedCart } from '@/features/cart/server/queries';
import { checkout } from '@/features/orders/server/commands';
import { createTestPaymentProvider } from '@/features/orders/server/api';
import { createSession, type SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import { seedCatalog } from '@/seed/seed';

import { POST as promotionsRoute } from '../admin/promotions/route';
import { POST as conversionRoute } from '../items/[id]/conversion_requests/route';
import { POST as feedbackRoute } from '../items/[id]/feedback/route';
import { POST as acceptRoute } from '../offers/[id]/accept/route';
import { POST as supportRoute } from '../support/route';
import { POST as offerRoute } from './[id]/offers/route';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { offerLifetimeMs } from '@/features/conversations/conversation-types';
import { offersPerHour } from '@/features/conversations/offer-rules';
import { postMessage, sendModelSupportMessage } from '@/features/conversations/server/commands';
import { acceptOffer, makeOffer } from '@/features/conversations/server/offer-commands';
import { getConversation, getInbox } from '@/features/conversations/server/queries';
import { missingFormats } from '@/features/conversations/file-formats';
import { requestFileConversion, sendModelFeedback } from '@/features/conversations/server/request-commands';
import {
  contactSupport,
  promotionAudience,
  promotionsPerHour,
  sendPromotion,
} from '@/features/conversations/server/support-commands';

let t: TestDatabase;
let designer: SessionUser;
let buyer: SessionUser;
let other: SessionUser;
let admin: SessionUser;
let admin2: SessionUser;
let model: { id: number; title: string; price_cents: number; formats: string[] };
let second: { id: number; title: string; price_cents: number };
const now = new Date('2026-11-25T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const rules = {
  pricing: { saleThresholdCents: 1_000_000, creditsMinCartCents: 1000 },
  loyalty: { creditsExpiryDays: 365, firstPurchaseGiftCents: 0 },
};
const visa = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

const user = async (name: string, roles: string[] = ['buyer']): Promise<SessionUser> => {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ($1, $2, $3::user_role[]) RETURNING id`,
    [name, `${name}@example.com`, `{${roles.join(',')}}`],
  );
  return {
    id: row!.id,
    username: name,
    email: `${name}@example.com`,
    displayName: null,
    roles: roles as never,
  };
};

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function cartOf(u: SessionUser, at = now) {
  return getPricedCart({ userId: u.id }, { creditsBalanceCents: 0, now: at });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  designer = await user('offer_designer', ['buyer', 'seller']);
  buyer = await user('offer_buyer');
  other = await user('offer_other');
  admin = await user('offer_admin', ['buyer', 'admin']);
  admin2 = await user('offer_admin2', ['buyer', 'admin']);
  await t.handle.query(
    `UPDATE models SET designer_id = $1, price_cents = 4000, sale_discount_cents = 0, formats = '{obj,fbx}'
     WHERE id IN (SELECT id FROM models WHERE status = 'published' ORDER BY id LIMIT 2)`,
    [designer.id],
  );
  [model, second] = (await t.handle.query<typeof model>(
    `SELECT id, title, price_cents, formats FROM models WHERE designer_id = $1 ORDER BY id`,
    [designer.id],
  )) as [typeof model, typeof model];
});
afterAll(() => t.cleanup());

describe('price offers', () => {
  let supportConversation = 0;
  let offerConversation = 0;
  let offerId = 0;

  it('is made by the designer in a conversation with the buyer, into an offer conversation', async () => {
    const asked = await sendModelSupportMessage(buyer, model.id, { message: 'Any discount?' }, { now });
    expect(asked.ok).toBe(true);
    supportConversation = asked.ok ? asked.conversationId : 0;

    expect(
      await makeOffer(designer, supportConversation, { modelId: model.id, price: '50' }, { now }),
    ).toEqual({
      ok: false,
      fieldErrors: { price: 'too_high' },
    });
    expect(
      await makeOffer(designer, supportConversation, { modelId: model.id, price: 'abc' }, { now }),
    ).toEqual({
      ok: false,
      fieldErrors: { price: 'invalid' },
    });
    expect(await makeOffer(designer, supportConversation, { modelId: 'x', price: '5' }, { now })).toEqual({
      ok: false,
      fieldErrors: { model: 'required' },
    });
    // A model of someone else's is not the designer's to offer.
    const [foreign] = await t.handle.query<{ id: number }>(
      `SELECT id FROM models WHERE designer_id <> $1 AND status = 'published' LIMIT 1`,
      [designer.id],
    );
    expect(
      await makeOffer(designer, supportConversation, { modelId: foreign!.id, price: '1' }, { now }),
    ).toEqual({
      ok: false,
      fieldErrors: { model: 'unknown' },
    });
    expect(
      (await errorOf(makeOffer(other, supportConversation, { modelId: model.id, price: '25' }, { now })))
        .code,
    ).toBe('NOT_FOUND');

    const first = await makeOffer(designer, supportConversation, { modelId: model.id, price: '30' }, { now });
    const made = await makeOffer(
      designer,
      supportConversation,
      { modelId: model.id, price: '25.50', note: 'A better price, for you.' },
      { now },
    );
    expect(first.ok && made.ok).toBe(true);
    if (!made.ok || !first.ok) return;
    offerConversation = made.conversationId;
    offerId = made.offerId;
    // The same offer conversation, and only the newest offer is live.
    expect(first.conversationId).toBe(offerConversation);
    const rows = await t.handle.query<{ status: string; price_cents: number }>(
      `SELECT status, price_cents FROM price_offers WHERE buyer_id = $1 ORDER BY id`,
      [buyer.id],
    );
    expect(rows).toEqual([
      { status: 'withdrawn', price_cents: 3000 },
      { status: 'open', price_cents: 2550 },
    ]);
    const seen = await getConversation(buyer, offerConversation);
    expect(seen?.type).toBe('offer');
    expect(seen?.subject).toBe(model.title);
    expect(seen?.messages.map((m) => [m.kind, m.body])).toEqual([
      ['system', 'offer_made'],
      ['system', 'offer_made'],
      ['text', 'A better price, for you.'],
    ]);
  });

  it('is accepted by its buyer only; accepting puts the model in the cart at the offered price', async () => {
    expect((await errorOf(acceptOffer(other, offerId, { now }))).code).toBe('NOT_FOUND');
    expect((await errorOf(acceptOffer(designer, offerId, { now }))).code).toBe('NOT_FOUND');
    expect((await errorOf(acceptOffer(buyer, 'nope', { now }))).code).toBe('NOT_FOUND');
    // The withdrawn one cannot be used.
    const [withdrawn] = await t.handle.query<{ id: number }>(
      `SELECT id FROM price_offers WHERE status = 'withdrawn' AND buyer_id = $1`,
      [buyer.id],
    );
    expect(await acceptOffer(buyer, withdrawn!.id, { now })).toEqual({ ok: false, refusal: 'withdrawn' });

    expect(await acceptOffer(buyer, offerId, { now })).toEqual({
      ok: true,
      conversationId: offerConversation,
      modelId: model.id,
    });
    expect((await acceptOffer(buyer, offerId, { now })).ok).toBe(true);
    const cart = await cartOf(buyer);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ modelId: model.id, offerCents: 2550 });
    expect(cart.pricing.lines[0]).toMatchObject({
      priceCents: 2550,
      listPriceCents: 4000,
      offerApplied: true,
    });
    expect(cart.pricing.totalCents).toBe(2550);
    // Another user's cart with the same model pays the list price.
    await t.handle.query(`INSERT INTO cart_items (user_id, model_id) VALUES ($1, $2)`, [other.id, model.id]);
    expect((await cartOf(other)).pricing.totalCents).toBe(4000);
    // While accepted, the designer cannot replace it.
    expect(
      await makeOffer(designer, supportConversation, { modelId: model.id, price: '20' }, { now }),
    ).toEqual({
      ok: false,
      fieldErrors: { buyer: 'accepted' },
    });
    const messages = (await getConversation(buyer, offerConversation))!.messages;
    expect(messages.at(-1)).toMatchObject({ kind: 'system', body: 'offer_accepted' });
  });

  it('expires: the cart goes back to the list price, and checkout charges what the cart shows', async () => {
    const afterExpiry = new Date(now.getTime() + offerLifetimeMs);
    expect((await cartOf(buyer, afterExpiry)).pricing.totalCents).toBe(4000);
    // Checkout with the offered total after expiry is a conflict: the buyer sees the new price first.
    const late = await errorOf(
      checkout(
        buyer.id,
        { idempotencyKey: 'offer-late-0001', card: visa, expectedTotalCents: 2550 },
        {
          now: () => afterExpiry,
          provider: createTestPaymentProvider({ now: () => afterExpiry, sleep: async () => undefined }),
          rules,
        },
      ),
    );
    expect(late.code).toBe('CONFLICT');
  });

  it('checkout charges the offered price and uses the offer up', async () => {
    const at = hours(1);
    const outcome = await checkout(
      buyer.id,
      { idempotencyKey: 'offer-checkout-0001', card: visa, expectedTotalCents: 2550 },
      {
        now: () => at,
        provider: createTestPaymentProvider({ now: () => at, sleep: async () => undefined }),
        rules,
      },
    );
    expect(outcome.status).toBe('fulfilled');
    const [order] = await t.handle.query<{ total_cents: number; subtotal_cents: number }>(
      `SELECT total_cents, subtotal_cents FROM orders WHERE id = $1`,
      [outcome.orderId],
    );
    expect(order).toEqual({ total_cents: 2550, subtotal_cents: 2550 });
    const [line] = await t.handle.query<{ price_cents: number; final_cents: number }>(
      `SELECT price_cents, final_cents FROM order_lines WHERE order_id = $1`,
      [outcome.orderId],
    );
    expect(line).toEqual({ price_cents: 2550, final_cents: 2550 });
    const [offer] = await t.handle.query<{ status: string; order_id: number }>(
      `SELECT status, order_id FROM price_offers WHERE id = $1`,
      [offerId],
    );
    expect(offer).toEqual({ status: 'ordered', order_id: outcome.orderId });
    expect(await acceptOffer(buyer, offerId, { now: at })).toEqual({ ok: false, refusal: 'ordered' });
    // The buyer owns it now: no more offers for it.
    expect(
      await makeOffer(designer, supportConversation, { modelId: model.id, price: '20' }, { now: at }),
    ).toEqual({
      ok: false,
      fieldErrors: { buyer: 'purchased' },
    });
  });

  it('an open offer that expired cannot be accepted', async () => {
    const made = await makeOffer(designer, supportConversation, { modelId: second.id, price: '10' }, { now });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(
      await acceptOffer(buyer, made.offerId, { now: new Date(now.getTime() + offerLifetimeMs) }),
    ).toEqual({
      ok: false,
      refusal: 'expired',
    });
  });

  it('is not made in support or promotions conversations, and is rate limited', async () => {
    const support = await contactSupport(designer, { subject: 'Payouts', message: 'When?' }, { now });
    expect(support.ok).toBe(true);
    if (!support.ok) return;
    expect(
      (
        await errorOf(
          makeOffer(designer, support.conversationId, { modelId: second.id, price: '5' }, { now }),
        )
      ).code,
    ).toBe('BAD_REQUEST');
    const at = hours(30);
    const [count] = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM price_offers WHERE designer_id = $1`,
      [designer.id],
    );
    expect(count!.n).toBeLessThan(offersPerHour);
    let limited: AppError | null = null;
    for (let i = 0; i <= offersPerHour && !limited; i++) {
      limited = await makeOffer(
        designer,
        supportConversation,
        { modelId: second.id, price: '5' },
        { now: at },
      ).then(
        () => null,
        (e: AppError) => e,
      );
    }
    expect(limited?.code).toBe('RATE_LIMITED');
  });
});

describe('file conversion requests', () => {
  it('asks the designer for a format the model lacks, one conversation per format', async () => {
    expect(missingFormats(['OBJ', 'fbx'])).not.toContain('obj');
    expect(await requestFileConversion(buyer, model.id, { format: 'obj', message: 'x' }, { now })).toEqual({
      ok: false,
      fieldErrors: { format: 'unavailable' },
    });
    expect(await requestFileConversion(buyer, model.id, { format: 'stl', message: ' ' }, { now })).toEqual({
      ok: false,
      fieldErrors: { body: 'required' },
    });
    expect(await requestFileConversion(designer, model.id, { format: 'stl', message: 'x' }, { now })).toEqual(
      {
        ok: false,
        fieldErrors: { recipient: 'self' },
      },
    );
    expect(
      (await errorOf(requestFileConversion(buyer, 99_999_999, { format: 'stl', message: 'x' }, { now })))
        .code,
    ).toBe('NOT_FOUND');
    const stl = await requestFileConversion(
      buyer,
      model.id,
      { format: 'STL', message: 'For printing' },
      { now },
    );
    const again = await requestFileConversion(buyer, model.id, { format: 'stl', message: 'Please' }, { now });
    const blend = await requestFileConversion(buyer, model.id, { format: 'blend', message: 'Also' }, { now });
    if (!stl.ok || !again.ok || !blend.ok) throw new Error('refused');
    expect(again.conversationId).toBe(stl.conversationId);
    expect(blend.conversationId).not.toBe(stl.conversationId);
    const seen = await getConversation(designer, stl.conversationId);
    expect(seen).toMatchObject({
      type: 'file_conversion_request',
      subject: `${model.title} → STL`,
      modelId: model.id,
    });
    expect(await getConversation(other, stl.conversationId)).toBeNull();
  });
});

describe('model feedback', () => {
  it('is for buyers of the model only, to its designer', async () => {
    expect((await errorOf(sendModelFeedback(other, model.id, { message: 'Nice' }, { now }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await errorOf(sendModelFeedback(buyer, second.id, { message: 'Nice' }, { now }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await sendModelFeedback(buyer, model.id, { message: '' }, { now })).toEqual({
      ok: false,
      fieldErrors: { body: 'required' },
    });
    const sent = await sendModelFeedback(buyer, model.id, { message: 'Printed well at 0.2 mm.' }, { now });
    if (!sent.ok) throw new Error('refused');
    const seen = await getConversation(designer, sent.conversationId);
    expect(seen).toMatchObject({ type: 'model_feedback', subject: model.title });
    expect(seen!.participants.map((p) => p.username).sort()).toEqual(['offer_buyer', 'offer_designer']);
  });
});

describe('support form', () => {
  it('reaches every admin, and an admin’s reply reaches the user', async () => {
    expect(await contactSupport(other, { subject: ' ', message: 'Help' }, { now })).toEqual({
      ok: false,
      fieldErrors: { subject: 'required' },
    });
    expect(await contactSupport(other, { subject: 'x'.repeat(121), message: 'Help' }, { now })).toEqual({
      ok: false,
      fieldErrors: { subject: 'too_long' },
    });
    const sent = await contactSupport(other, { subject: 'Refund', message: 'My download fails' }, { now });
    if (!sent.ok) throw new Error('refused');
    for (const a of [admin, admin2]) {
      const inbox = await getInbox(a, 1);
      expect(inbox.items.find((item) => item.id === sent.conversationId)).toMatchObject({
        type: 'meshbay_support',
        subject: 'Refund',
        unread: 1,
      });
    }
    expect(await getConversation(buyer, sent.conversationId)).toBeNull();
    expect(
      (await postMessage(admin2, sent.conversationId, { body: 'Try again now.' }, { now: hours(1) })).ok,
    ).toBe(true);
    const seen = await getConversation(other, sent.conversationId);
    expect(seen!.messages.map((m) => m.body)).toEqual(['My download fails', 'Try again now.']);
  });
});

describe('promotions', () => {
  it('is for admins only (404 for anyone else)', async () => {
    expect((await errorOf(promotionAudience(buyer))).code).toBe('NOT_FOUND');
    expect(
      (await errorOf(sendPromotion(designer, { group: 'everyone', subject: 'x', body: 'y' }, { now }))).code,
    ).toBe('NOT_FOUND');
  });

  it('counts the group, sends one read-only conversation per recipient, and says how many', async () => {
    const audience = await promotionAudience(admin);
    const [sellers] = await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE 'seller' = any(roles) AND id <> $1`,
      [admin.id],
    );
    expect(audience.seller).toBe(sellers!.n);
    expect(audience.everyone).toBeGreaterThan(audience.seller);
    expect(await sendPromotion(admin, { group: 'nobody', subject: 'x', body: 'y' }, { now })).toEqual({
      ok: false,
      fieldErrors: { group: 'required' },
    });
    expect(await sendPromotion(admin, { group: 'seller', subject: 'Sale week', body: '' }, { now })).toEqual({
      ok: false,
      fieldErrors: { body: 'required' },
    });
    const sent = await sendPromotion(
      admin,
      { group: 'seller', subject: 'Sale week', body: 'Put your models on sale.' },
      { now },
    );
    expect(sent).toEqual({ ok: true, sent: audience.seller });
    const [rows] = await t.handle.query<{ n: number; people: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT p.user_id)::int AS people FROM conversations c
       JOIN conversation_participants p ON p.conversation_id = c.id WHERE c.type = 'promotions'`,
    );
    expect(rows).toEqual({ n: audience.seller, people: audience.seller });
    const inbox = await getInbox(designer, 1);
    const promo = inbox.items.find((item) => item.type === 'promotions')!;
    expect(promo).toMatchObject({ subject: 'Sale week', unread: 1 });
    expect(promo.lastMessage).toMatchObject({
      body: 'Put your models on sale.',
      senderUsername: 'offer_admin',
    });
    expect((await errorOf(postMessage(designer, promo.id, { body: 'Thanks' }, { now }))).code).toBe(
      'FORBIDDEN',
    );
    expect(await getInbox(buyer, 1).then((i) => i.items.some((item) => item.type === 'promotions'))).toBe(
      false,
    );
  });

  it('is rate limited', async () => {
    let limited: AppError | null = null;
    for (let i = 0; i <= promotionsPerHour && !limited; i++) {
      limited = await sendPromotion(
        admin,
        { group: 'business_member', subject: 'B', body: 'Hi' },
        { now },
      ).then(
        () => null,
        (e: AppError) => e,
      );
    }
    expect(limited?.code).toBe('RATE_LIMITED');
  });
});

describe('the routes: CSRF, log-in, 404 for others, no 500 on bad input', () => {
  const origin = 'http://localhost:3000';
  async function headersOf(u: SessionUser | null, { csrf = true } = {}) {
    const base: Record<string, string> = {
      origin,
      host: 'localhost:3000',
      'content-type': 'application/json',
    };
    if (!u) return base;
    const { token, session } = await createSession(u.id);
    return {
      ...base,
      cookie: `__Host-session=${token}`,
      ...(csrf ? { 'x-csrf-token': session.csrfToken } : {}),
    };
  }
  const call = async (
    route: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>,
    path: string,
    id: string,
    body: string,
    headers: Record<string, string>,
  ) =>
    (
      await route(new Request(`${origin}${path}`, { method: 'POST', headers, body }), {
        params: Promise.resolve({ id }),
      })
    ).status;
  const routes = [
    { route: offerRoute, path: '/api/internal/conversations/1/offers' },
    { route: acceptRoute, path: '/api/internal/offers/1/accept' },
    { route: conversionRoute, path: '/api/internal/items/1/conversion_requests' },
    { route: feedbackRoute, path: '/api/internal/items/1/feedback' },
    { route: (r: Request) => supportRoute(r), path: '/api/internal/support' },
    { route: (r: Request) => promotionsRoute(r), path: '/api/internal/admin/promotions' },
  ];

  it('refuses a request without a valid CSRF token (403)', async () => {
    for (const { route, path } of routes) {
      expect(await call(route, path, '1', '{}', await headersOf(buyer, { csrf: false }))).toBe(403);
      expect(await call(route, path, '1', '{}', { ...(await headersOf(null)), 'x-csrf-token': 'x' })).toBe(
        403,
      );
    }
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const headers = await headersOf(buyer);
    for (const { route, path } of routes) {
      for (const [id, body] of [
        ['1', 'not json'],
        ['abc', '{}'],
        ['99999999999', '[]'],
        ['1', '{"modelId": {"x": 1}, "price": [1], "format": 5, "message": 7, "subject": null}'],
      ] as const) {
        const status = await call(route, path, id, body, headers);
        expect(status, `${path} ${id} ${body}`).toBeGreaterThanOrEqual(400);
        expect(status, `${path} ${id} ${body}`).toBeLessThan(500);
      }
    }
  });

  it('is a 404 for anyone but the participant, the buyer, the owner or an admin', async () => {
    const [offer] = await t.handle.query<{ id: number; conversation_id: number }>(
      `SELECT id, conversation_id FROM price_offers ORDER BY id DESC LIMIT 1`,
    );
    const otherHeaders = await headersOf(other);
    expect(
      await call(offerRoute, '/x', String(offer!.conversation_id), '{"modelId":1,"price":"5"}', otherHeaders),
    ).toBe(404);
    expect(await call(acceptRoute, '/x', String(offer!.id), '{}', otherHeaders)).toBe(404);
    expect(await call(feedbackRoute, '/x', String(model.id), '{"message":"hi"}', otherHeaders)).toBe(404);
    expect(
      await call(
        (r) => promotionsRoute(r),
        '/x',
        '',
        '{"group":"everyone","subject":"s","body":"b"}',
        await headersOf(designer),
      ),
    ).toBe(404);
  });
});
