/**
 * The custom-model service on a real migrated database: every transition allowed or refused by role,
 * payments (declined then paid, double-submitted, concurrent), the designer paid once, uploads refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import type { PaymentProvider } from '@/features/orders/server/api';
import { createTestPaymentProvider } from '@/features/orders/server/api';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { customModelPriceTable } from '../pricing';
import {
  approveRequest,
  assignDesigner,
  cancelRequest,
  createCustomModelRequest,
  passQa,
  requestChanges,
  sendBack,
  submitToQa,
} from './commands';
import { payForRequest } from './payment-commands';
import { removeReference, uploadReference, uploadResult } from './upload-commands';
import { getDownloadableFile, getRequestForViewer } from './queries';

let t: TestDatabase;
const now = new Date('2026-11-22T12:00:00Z');
let buyer: SessionUser;
let designer: SessionUser;
let otherDesigner: SessionUser;
let lazyDesigner: SessionUser;
let admin: SessionUser;
let stranger: SessionUser;

const user = async (name: string, roles: string[]): Promise<SessionUser> => {
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

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(120).fill(7)]);
const stl = new TextEncoder().encode('solid cube\nfacet normal 0 0 1\nendfacet\nendsolid cube\n');

function body(data: Uint8Array, declared = data.length) {
  return new Request('http://localhost/upload', {
    method: 'POST',
    body: new Uint8Array(data),
    headers: { 'content-length': String(declared) },
  });
}

/** A test provider that counts the charges that went through. */
function countingProvider() {
  const inner = createTestPaymentProvider({ now: () => now, sleep: async () => {} });
  const references = new Set<string>();
  const provider: PaymentProvider = {
    name: 'test',
    async charge(request) {
      const result = await inner.charge(request);
      if (result.status === 'succeeded') references.add(result.reference);
      return result;
    },
    refund: (reference, amount) => inner.refund(reference, amount),
    lookup: (key) => inner.lookup(key),
    expire: (key) => inner.expire(key),
  };
  return { provider, charges: () => references.size };
}

const card = (number = '4242424242424242') => ({ number, expiry: '12/30', cvc: '123' });
const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

const validRequest = {
  title: 'A brass desk lamp',
  description: 'A 1950s brass desk lamp, as in the photos, with a working hinge.',
  complexity: 'standard',
  fileFormats: ['stl', 'obj'],
  referenceLinks: 'https://example.com/lamp',
};

const row = async (id: number) =>
  (
    await t.handle.query<{
      status: string;
      round: number;
      note: string | null;
      designer_id: number | null;
      paid_at: Date | null;
      order_id: number | null;
    }>(
      'SELECT status, round, note, designer_id, paid_at, order_id FROM custom_model_requests WHERE id = $1',
      [id],
    )
  )[0]!;

let hours = 1;
/** A new request of the buyer, each in its own hour (the rate limit is per hour). */
const create = (input: Record<string, unknown>) =>
  createCustomModelRequest(buyer, input, new Date(now.getTime() + hours++ * 3_600_000));

async function expectCode(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toSatisfy((error) => error instanceof AppError && error.code === code);
}

async function paidRequest() {
  const created = await create(validRequest);
  if (!created.ok) throw new Error('invalid');
  await payForRequest(
    buyer,
    created.id,
    { idempotencyKey: key(), card: card() },
    { now: () => now, provider: countingProvider().provider },
  );
  return created.id;
}

async function inQa(id: number) {
  await assignDesigner(admin, id, { designerId: designer.id }, now);
  expect((await uploadResult(designer, id, 'lamp.stl', body(stl), { now, filesRoot: t.filesRoot })).ok).toBe(
    true,
  );
  await submitToQa(designer, id, now);
}

beforeAll(async () => {
  t = await createTestDatabase();
  buyer = await user('cm-buyer', ['buyer']);
  designer = await user('cm-designer', ['buyer', 'seller']);
  otherDesigner = await user('cm-other', ['buyer', 'seller']);
  lazyDesigner = await user('cm-lazy', ['buyer', 'seller']);
  admin = await user('cm-admin', ['buyer', 'admin']);
  stranger = await user('cm-stranger', ['buyer']);
  await t.handle.query(
    `INSERT INTO designer_profiles (user_id, rating, projects_done, accepts_custom_requests) VALUES ($1, 4.5, 12, true), ($2, 3, 1, true), ($3, 5, 40, false)`,
    [designer.id, otherDesigner.id, lazyDesigner.id],
  );
});
afterAll(() => t.cleanup());

describe('creating a request', () => {
  it('stores the quoted price of the complexity and an event; refuses bad fields', async () => {
    expect(await create({ ...validRequest, title: 'abc', complexity: 'huge' })).toEqual({
      ok: false,
      fieldErrors: { title: 'title_length', complexity: 'invalid_choice' },
    });
    const created = await create(validRequest);
    expect(created.ok).toBe(true);
    const id = (created as { id: number }).id;
    const [stored] = await t.handle.query<{ price_cents: number; status: string }>(
      'SELECT price_cents, status FROM custom_model_requests WHERE id = $1',
      [id],
    );
    expect(stored).toEqual({
      price_cents: customModelPriceTable.standard.priceCents,
      status: 'awaiting_payment',
    });
    const view = await getRequestForViewer(buyer, id);
    expect(view?.events.map((e) => e.status)).toEqual(['awaiting_payment']);
    expect(await getRequestForViewer(stranger, id)).toBeNull();
    expect(await getRequestForViewer(otherDesigner, id)).toBeNull();
    expect((await getRequestForViewer(admin, id))?.role).toBe('admin');
  });
});

describe('the rate limit', () => {
  it('allows 10 new requests per buyer and hour, then refuses', async () => {
    const at = new Date('2026-11-25T08:00:00Z');
    for (let i = 0; i < 10; i++)
      expect((await createCustomModelRequest(stranger, validRequest, at)).ok).toBe(true);
    await expectCode(createCustomModelRequest(stranger, validRequest, at), 'RATE_LIMITED');
    expect(
      (await createCustomModelRequest(stranger, validRequest, new Date(at.getTime() + 3_600_000))).ok,
    ).toBe(true);
  });
});

describe('reference uploads', () => {
  it('accepts pictures by content; refuses a wrong content, a wrong type, too large, too many, another user', async () => {
    const created = await create(validRequest);
    const id = (created as { id: number }).id;
    const opts = { now, filesRoot: t.filesRoot };
    const first = await uploadReference(buyer, id, 'front.png', body(png), opts);
    expect(first.ok).toBe(true);
    expect(await uploadReference(buyer, id, 'fake.png', body(stl), opts)).toEqual({
      ok: false,
      refusal: 'content',
    });
    expect(await uploadReference(buyer, id, 'model.stl', body(stl), opts)).toEqual({
      ok: false,
      refusal: 'type',
    });
    expect(await uploadReference(buyer, id, 'big.png', body(png, 25 * 1024 * 1024 + 1), opts)).toEqual({
      ok: false,
      refusal: 'too_large',
    });
    expect(await uploadReference(buyer, id, '../x.png', body(png), opts)).toEqual({
      ok: false,
      refusal: 'name',
    });
    await expectCode(uploadReference(stranger, id, 'a.png', body(png), opts), 'NOT_FOUND');
    for (let i = 1; i < 10; i++)
      expect((await uploadReference(buyer, id, `p${i}.png`, body(png), opts)).ok).toBe(true);
    expect(await uploadReference(buyer, id, 'eleventh.png', body(png), opts)).toEqual({
      ok: false,
      refusal: 'limit',
    });
    await expectCode(removeReference(stranger, id, (first as { id: number }).id, opts), 'NOT_FOUND');
    await removeReference(buyer, id, (first as { id: number }).id, opts);
    expect((await uploadReference(buyer, id, 'again.png', body(png), opts)).ok).toBe(true);
  });
});

describe('payment', () => {
  it('a declined card leaves the request awaiting payment; the next attempt pays it', async () => {
    const { provider, charges } = countingProvider();
    const id = ((await create(validRequest)) as { id: number }).id;
    const declined = await payForRequest(
      buyer,
      id,
      { idempotencyKey: key(), card: card('4000000000000002') },
      { now: () => now, provider },
    );
    expect(declined).toMatchObject({
      status: 'failed',
      failure: { kind: 'declined', code: 'card_declined' },
    });
    expect((await row(id)).status).toBe('awaiting_payment');
    const paid = await payForRequest(
      buyer,
      id,
      { idempotencyKey: key(), card: card() },
      { now: () => now, provider },
    );
    expect(paid.status).toBe('paid');
    const after = await row(id);
    expect(after.status).toBe('submitted');
    expect(after.paid_at).not.toBeNull();
    expect(charges()).toBe(1);
    const [order] = await t.handle.query<{ kind: string; status: string; total_cents: number }>(
      'SELECT kind, status, total_cents FROM orders WHERE id = $1',
      [after.order_id],
    );
    expect(order).toEqual({ kind: 'custom_model', status: 'paid', total_cents: 39_900 });
    // Paying again answers paid and charges nothing.
    expect(
      (await payForRequest(buyer, id, { idempotencyKey: key(), card: card() }, { now: () => now, provider }))
        .status,
    ).toBe('paid');
    expect(charges()).toBe(1);
  });

  it('a double-submitted payment (same key, in parallel) pays once', async () => {
    const { provider, charges } = countingProvider();
    const id = ((await create(validRequest)) as { id: number }).id;
    const attempt = { idempotencyKey: key(), card: card() };
    const outcomes = await Promise.allSettled([
      payForRequest(buyer, id, attempt, { now: () => now, provider }),
      payForRequest(buyer, id, attempt, { now: () => now, provider }),
    ]);
    expect(outcomes.every((o) => o.status === 'fulfilled' && o.value.status === 'paid')).toBe(true);
    expect(charges()).toBe(1);
    const [{ count }] = (await t.handle.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM orders WHERE user_id = $1 AND idempotency_key = $2`,
      [buyer.id, attempt.idempotencyKey],
    )) as [{ count: number }];
    expect(count).toBe(1);
    expect((await row(id)).status).toBe('submitted');
  });

  it('concurrent payments of one request (different attempts) make one charge', async () => {
    const { provider, charges } = countingProvider();
    const id = ((await create(validRequest)) as { id: number }).id;
    const outcomes = await Promise.allSettled(
      [0, 1, 2].map(() =>
        payForRequest(buyer, id, { idempotencyKey: key(), card: card() }, { now: () => now, provider }),
      ),
    );
    expect(charges()).toBe(1);
    expect(outcomes.some((o) => o.status === 'fulfilled' && o.value.status === 'paid')).toBe(true);
    for (const o of outcomes)
      if (o.status === 'rejected') expect((o.reason as AppError).code).toBe('CONFLICT');
    expect((await row(id)).status).toBe('submitted');
  });

  it('refuses to charge a request without a reference picture or link', async () => {
    const { provider, charges } = countingProvider();
    const id = ((await create({ ...validRequest, referenceLinks: '' })) as { id: number }).id;
    await expectCode(
      payForRequest(buyer, id, { idempotencyKey: key(), card: card() }, { now: () => now, provider }),
      'BAD_REQUEST',
    );
    expect(charges()).toBe(0);
    expect(
      (await uploadReference(buyer, id, 'front.png', body(png), { now, filesRoot: t.filesRoot })).ok,
    ).toBe(true);
    expect(
      (await payForRequest(buyer, id, { idempotencyKey: key(), card: card() }, { now: () => now, provider }))
        .status,
    ).toBe('paid');
  });

  it('only the buyer pays; a bad key or card is a bad request', async () => {
    const id = ((await create(validRequest)) as { id: number }).id;
    const provider = countingProvider().provider;
    await expectCode(
      payForRequest(stranger, id, { idempotencyKey: key(), card: card() }, { provider }),
      'NOT_FOUND',
    );
    await expectCode(
      payForRequest(buyer, id, { idempotencyKey: 'x', card: card() }, { provider }),
      'BAD_REQUEST',
    );
    await expectCode(
      payForRequest(
        buyer,
        id,
        { idempotencyKey: key(), card: { number: '4242', expiry: 'soon', cvc: '1' } },
        { provider },
      ),
      'BAD_REQUEST',
    );
  });
});

describe('the lifecycle by role', () => {
  it('walks submitted → creation → QA → back → QA → approval → changes → approval, refusing the wrong actors', async () => {
    const id = await paidRequest();
    // Selecting a designer: admins only, designers who accept custom requests only.
    await expectCode(assignDesigner(buyer, id, { designerId: designer.id }, now), 'NOT_FOUND');
    await expectCode(assignDesigner(designer, id, { designerId: designer.id }, now), 'NOT_FOUND');
    expect(await assignDesigner(admin, id, { designerId: lazyDesigner.id }, now)).toEqual({
      ok: false,
      fieldErrors: { designerId: 'not_accepting' },
    });
    expect(await assignDesigner(admin, id, { designerId: buyer.id }, now)).toMatchObject({ ok: false });
    expect(await assignDesigner(admin, id, {}, now)).toEqual({
      ok: false,
      fieldErrors: { designerId: 'required' },
    });
    await expectCode(passQa(admin, id, now), 'CONFLICT');
    expect(await assignDesigner(admin, id, { designerId: designer.id }, now)).toEqual({ ok: true });
    await expectCode(assignDesigner(admin, id, { designerId: otherDesigner.id }, now), 'CONFLICT');
    expect((await getRequestForViewer(designer, id))?.role).toBe('designer');
    expect(await getRequestForViewer(otherDesigner, id)).toBeNull();

    // The designer's result: only the assigned designer; content-checked; nothing to send without a file.
    const opts = { now, filesRoot: t.filesRoot };
    await expectCode(uploadResult(otherDesigner, id, 'x.stl', body(stl), opts), 'NOT_FOUND');
    await expectCode(uploadResult(buyer, id, 'x.stl', body(stl), opts), 'NOT_FOUND');
    await expectCode(submitToQa(designer, id, now), 'BAD_REQUEST');
    expect(await uploadResult(designer, id, 'lamp.stl', body(png), opts)).toEqual({
      ok: false,
      refusal: 'content',
    });
    expect(await uploadResult(designer, id, 'lamp.exe', body(stl), opts)).toEqual({
      ok: false,
      refusal: 'type',
    });
    const result = await uploadResult(designer, id, 'lamp.stl', body(stl), opts);
    expect(result.ok).toBe(true);
    expect((await uploadResult(designer, id, 'render.png', body(png), opts)).ok).toBe(true);
    await expectCode(submitToQa(otherDesigner, id, now), 'NOT_FOUND');
    await expectCode(submitToQa(admin, id, now), 'NOT_FOUND');
    await submitToQa(designer, id, now);
    expect(await row(id)).toMatchObject({ status: 'in_qa', round: 1 });
    await expectCode(submitToQa(designer, id, now), 'BAD_REQUEST');

    // QA: admins only; sending back needs a note.
    await expectCode(passQa(designer, id, now), 'NOT_FOUND');
    await expectCode(sendBack(buyer, id, { note: 'Not good enough yet.' }, now), 'NOT_FOUND');
    expect(await sendBack(admin, id, { note: 'short' }, now)).toEqual({
      ok: false,
      fieldErrors: { note: 'note_length' },
    });
    expect(await sendBack(admin, id, { note: '' }, now)).toEqual({
      ok: false,
      fieldErrors: { note: 'required' },
    });
    expect(await sendBack(admin, id, { note: 'The hinge is missing its screws.' }, now)).toEqual({
      ok: true,
    });
    expect(await row(id)).toMatchObject({
      status: 'in_creation',
      round: 1,
      note: 'The hinge is missing its screws.',
    });
    await expectCode(approveRequest(buyer, id, now), 'CONFLICT');
    expect((await uploadResult(designer, id, 'lamp-v2.stl', body(stl), opts)).ok).toBe(true);
    await submitToQa(designer, id, now);
    expect(await row(id)).toMatchObject({ status: 'in_qa', round: 2 });
    await passQa(admin, id, now);
    expect((await row(id)).status).toBe('awaiting_approval');

    // The buyer: changes with a note, then approval; nobody else.
    await expectCode(requestChanges(stranger, id, { note: 'Make it taller please.' }, now), 'NOT_FOUND');
    await expectCode(requestChanges(designer, id, { note: 'Make it taller please.' }, now), 'NOT_FOUND');
    expect(await requestChanges(buyer, id, { note: 'x'.repeat(2_001) }, now)).toEqual({
      ok: false,
      fieldErrors: { note: 'note_length' },
    });
    expect(await requestChanges(buyer, id, { note: 'x'.repeat(2_000) }, now)).toEqual({ ok: true });
    expect((await row(id)).status).toBe('in_creation');
    expect((await uploadResult(designer, id, 'lamp-v3.stl', body(stl), opts)).ok).toBe(true);
    await submitToQa(designer, id, now);
    await passQa(admin, id, now);
    await expectCode(approveRequest(designer, id, now), 'NOT_FOUND');
    await expectCode(approveRequest(admin, id, now), 'NOT_FOUND');
    await expectCode(approveRequest(stranger, id, now), 'NOT_FOUND');
    await approveRequest(buyer, id, now);
    expect((await row(id)).status).toBe('approved');
    await expectCode(cancelRequest(admin, id, {}, { now }), 'CONFLICT');

    const view = await getRequestForViewer(buyer, id);
    expect(view?.events.map((e) => e.status)).toEqual([
      'awaiting_payment',
      'submitted',
      'in_creation',
      'in_qa',
      'in_creation',
      'in_qa',
      'awaiting_approval',
      'in_creation',
      'in_qa',
      'awaiting_approval',
      'approved',
    ]);
    expect(view?.request.step).toBe('approve');

    // Downloads: the buyer, the designer and admins; nobody else.
    const fileId = (result as { id: number }).id;
    expect(await getDownloadableFile(buyer, fileId)).not.toBeNull();
    expect(await getDownloadableFile(designer, fileId)).not.toBeNull();
    expect(await getDownloadableFile(admin, fileId)).not.toBeNull();
    expect(await getDownloadableFile(stranger, fileId)).toBeNull();
    expect(await getDownloadableFile(otherDesigner, fileId)).toBeNull();
  });

  it('approval pays the designer once, even when approved twice in parallel', async () => {
    const id = await paidRequest();
    await inQa(id);
    await passQa(admin, id, now);
    const outcomes = await Promise.allSettled([
      approveRequest(buyer, id, now),
      approveRequest(buyer, id, now),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const earnings = await t.handle.query<{ kind: string; amount_cents: number; designer_id: number }>(
      'SELECT kind, amount_cents, designer_id FROM designer_earnings WHERE custom_model_request_id = $1 ORDER BY kind',
      [id],
    );
    expect(earnings).toEqual([
      { kind: 'custom_model_payment', amount_cents: 39_900, designer_id: designer.id },
      { kind: 'platform_fee', amount_cents: -5_985, designer_id: designer.id },
    ]);
    const [order] = await t.handle.query<{ status: string }>(
      'SELECT o.status FROM orders o JOIN custom_model_requests r ON r.order_id = o.id WHERE r.id = $1',
      [id],
    );
    expect(order!.status).toBe('fulfilled');
  });

  it('cancelling: the buyer while unpaid; an admin refunds a paid request through the provider', async () => {
    const unpaid = ((await create(validRequest)) as { id: number }).id;
    await expectCode(cancelRequest(stranger, unpaid, {}, { now }), 'NOT_FOUND');
    expect(await cancelRequest(buyer, unpaid, {}, { now })).toEqual({ refunded: false });
    expect((await row(unpaid)).status).toBe('cancelled');

    const { provider } = countingProvider();
    const refunds: string[] = [];
    const refunding: PaymentProvider = {
      name: 'test',
      charge: (r) => provider.charge(r),
      lookup: (key) => provider.lookup(key),
      expire: (key) => provider.expire(key),
      refund: async (reference, amount) => {
        refunds.push(reference);
        return provider.refund(reference, amount);
      },
    };
    const id = ((await create(validRequest)) as { id: number }).id;
    await payForRequest(
      buyer,
      id,
      { idempotencyKey: key(), card: card() },
      { now: () => now, provider: refunding },
    );
    await assignDesigner(admin, id, { designerId: designer.id }, now);
    await expectCode(cancelRequest(buyer, id, {}, { now, provider: refunding }), 'CONFLICT');
    await expectCode(cancelRequest(designer, id, {}, { now, provider: refunding }), 'NOT_FOUND');
    expect(
      await cancelRequest(admin, id, { note: 'The buyer asked us to stop.' }, { now, provider: refunding }),
    ).toEqual({
      refunded: true,
    });
    expect(refunds).toHaveLength(1);
    expect((await row(id)).status).toBe('cancelled');
    const [order] = await t.handle.query<{ status: string }>(
      'SELECT o.status FROM orders o JOIN custom_model_requests r ON r.order_id = o.id WHERE r.id = $1',
      [id],
    );
    expect(order!.status).toBe('refunded');
  });
});
