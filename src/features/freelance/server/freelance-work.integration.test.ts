/**
 * Applications and the work phase of the jobs board on a real migrated database: every transition
 * allowed and refused, the accept race (one accepted, one paid order), the approval race (paid once),
 * who may do what, and the limits of each field.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SessionUser } from '@/server/auth/session';
import { platformFeeCents } from '@/features/orders/server/api';
import { AppError } from '@/server/errors';
import { createTestPaymentProvider } from '@/features/orders/server/api';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { applicationPriceCents, parseDeliveryDays, validateApplication } from '../application-schemas';
import { acceptApplication } from './acceptance-commands';
import { applyToProject, updateApplication, withdrawApplication } from './application-commands';
import { getApplicationPage, getApplyPage, getProjectApplications } from './application-queries';
import { getDashboard, getProjectWork } from './dashboard-queries';
import {
  approveWork,
  leaveReview,
  openDispute,
  requestRevision,
  sendDelivery,
  setAcceptsCustomRequests,
  uploadDeliveryFile,
} from './work-commands';

let t: TestDatabase;
const now = new Date('2026-11-22T12:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);
const provider = createTestPaymentProvider({ now: () => now, failureDelayMs: 0, sleep: async () => {} });
const card = { number: '4242424242424242', expiry: '12/30', cvc: '123' };
const declinedCard = { number: '4000000000000002', expiry: '12/30', cvc: '123' };
let keySeq = 0;
const key = () => `attempt-${++keySeq}-${Date.now()}`;

let owner: SessionUser;
let designerA: SessionUser;
let designerB: SessionUser;
let designerC: SessionUser;
let buyer: SessionUser;
let admin: SessionUser;
let modelOfA: number;
let modelOfB: number;

const user = async (name: string, roles: string[]): Promise<SessionUser> => {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ($1, $2, $3::user_role[]) RETURNING id`,
    [name, `${name}@example.com`, `{${roles.join(',')}}`],
  );
  await t.handle.query(`INSERT INTO designer_profiles (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
    row!.id,
  ]);
  return {
    id: row!.id,
    username: name,
    email: `${name}@example.com`,
    displayName: null,
    roles: roles as never,
  };
};

const project = async (status = 'published', ownerId = owner.id) => {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO projects (owner_id, title, description, budget_cents, deadline, status, published_at)
     VALUES ($1, 'A low-poly fox', 'Rigged, game ready.', 50000, $2, $3, $4) RETURNING id`,
    [ownerId, later(30), status, status === 'draft' ? null : now],
  );
  return row!.id;
};

const projectRow = async (id: number) =>
  (
    await t.handle.query<{
      status: string;
      applicants_count: number;
      accepted_application_id: number | null;
      order_id: number | null;
      conversation_id: number | null;
      due_at: Date | null;
      revisions: number;
    }>(
      `SELECT status, applicants_count, accepted_application_id, order_id, conversation_id, due_at, revisions
       FROM projects WHERE id = $1`,
      [id],
    )
  )[0]!;

const statusOf = async (applicationId: number) =>
  (
    await t.handle.query<{ status: string }>(`SELECT status FROM project_applications WHERE id = $1`, [
      applicationId,
    ])
  )[0]!.status;

const paidProjectOrders = async () =>
  (
    await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE kind = 'project' AND status IN ('paid', 'fulfilled')`,
    )
  )[0]!.n;

const proposal = 'I have built many low-poly animals for mobile games.';
const apply = async (
  designer: SessionUser,
  projectId: number,
  price = '250',
  days = '7',
  portfolio: number[] = [],
) => {
  const result = await applyToProject(
    designer,
    projectId,
    { proposal, price, deliveryDays: days, portfolio },
    now,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.id;
};

const accept = (who: SessionUser, applicationId: number, useCard = card, attempt = key()) =>
  acceptApplication(
    who,
    applicationId,
    { idempotencyKey: attempt, card: useCard },
    { now: () => now, provider },
  );

const refusal = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'ok';
};

const stl = () => {
  const data = new Uint8Array(84 + 50);
  new DataView(data.buffer).setUint32(80, 1, true);
  return data;
};
const uploadRequest = (data: Uint8Array) =>
  new Request('http://localhost/upload', {
    method: 'POST',
    body: new Uint8Array(data),
    headers: { 'content-length': String(data.length) },
  });

const deliver = async (designer: SessionUser, projectId: number, at = now) => {
  const upload = await uploadDeliveryFile(designer, projectId, 'fox.stl', uploadRequest(stl()), {
    now: at,
    filesRoot: t.filesRoot,
  });
  if (!upload.ok) throw new Error(upload.refusal);
  return sendDelivery(
    designer,
    projectId,
    { note: 'First version', files: [upload.token] },
    { now: at, filesRoot: t.filesRoot },
  );
};

/** A project in progress with designerA's accepted application. */
const acceptedProject = async () => {
  const id = await project();
  const application = await apply(designerA, id, '300', '5');
  expect((await accept(owner, application)).status).toBe('accepted');
  return { id, application };
};

beforeAll(async () => {
  t = await createTestDatabase();
  owner = await user('project-owner', ['buyer']);
  designerA = await user('designer-a', ['buyer', 'seller']);
  designerB = await user('designer-b', ['buyer', 'seller']);
  designerC = await user('designer-c', ['buyer', 'seller']);
  buyer = await user('plain-buyer', ['buyer']);
  admin = await user('site-admin', ['buyer', 'admin']);
  const [category] = await t.handle.query<{ id: number }>(
    `INSERT INTO categories (product_type, slug, path, icon) VALUES ('models', 'animals', 'animals', 'animal') RETURNING id`,
  );
  const insertModel = async (designerId: number, slug: string) =>
    (
      await t.handle.query<{ id: number }>(
        `INSERT INTO models (slug, title, designer_id, category_id, root_category_id, product_type, price_cents, licence)
         VALUES ($1, $1, $2, $3, $3, 'models', 1000, 'royalty_free') RETURNING id`,
        [slug, designerId, category!.id],
      )
    )[0]!.id;
  modelOfA = await insertModel(designerA.id, 'fox-by-a');
  modelOfB = await insertModel(designerB.id, 'wolf-by-b');
});
afterAll(async () => {
  await t.cleanup();
});

describe('applying', () => {
  it('a designer applies once; a second apply edits; the project counts its applicants', async () => {
    const id = await project();
    const first = await apply(designerA, id, '250', '7', [modelOfA]);
    expect((await projectRow(id)).applicants_count).toBe(1);
    const again = await applyToProject(
      designerA,
      id,
      { proposal, price: '$1,200.50', deliveryDays: '10', portfolio: [] },
      now,
    );
    expect(again).toEqual({ ok: true, id: first, created: false });
    expect((await projectRow(id)).applicants_count).toBe(1);
    await apply(designerB, id);
    expect((await projectRow(id)).applicants_count).toBe(2);
    const page = await getApplicationPage(designerA, id, first);
    expect(page?.application.priceCents).toBe(120_050);
    expect(page?.application.deliveryDays).toBe(10);
  });

  it('the portfolio holds only the designer’s own published models', async () => {
    const id = await project();
    const result = await applyToProject(
      designerA,
      id,
      { proposal, price: '100', deliveryDays: '3', portfolio: [modelOfB] },
      now,
    );
    expect(result).toEqual({ ok: false, fieldErrors: { portfolio: 'invalid_choice' } });
    const tooMany = await applyToProject(
      designerA,
      id,
      { proposal, price: '100', deliveryDays: '3', portfolio: [1, 2, 3, 4, 5, 6, 7] },
      now,
    );
    expect(tooMany).toEqual({ ok: false, fieldErrors: { portfolio: 'portfolio_count' } });
    const application = await apply(designerA, id, '100', '3', [modelOfA]);
    const page = await getProjectApplications(owner, id);
    expect(page?.applications.find((a) => a.id === application)?.portfolioModelIds).toEqual([modelOfA]);
  });

  it('refuses the owner, a buyer, drafts and projects no longer open', async () => {
    const id = await project();
    expect(await refusal(applyToProject(buyer, id, { proposal, price: '100', deliveryDays: '3' }, now))).toBe(
      'FORBIDDEN',
    );
    expect(await refusal(applyToProject(admin, id, { proposal, price: '100', deliveryDays: '3' }, now))).toBe(
      'FORBIDDEN',
    );
    const own = await project('published', designerA.id);
    expect(await refusal(apply(designerA, own))).toBe('NOT_FOUND');
    expect(await refusal(apply(designerA, await project('draft')))).toBe('NOT_FOUND');
    expect(await refusal(apply(designerA, await project('cancelled')))).toBe('CONFLICT');
    expect(await refusal(apply(designerA, 999_999))).toBe('NOT_FOUND');
    // The clock: once the project's deadline (30 days on) has passed, nobody applies.
    const late = () =>
      applyToProject(designerB, id, { proposal, price: '100', deliveryDays: '3' }, later(30));
    expect(await refusal(late())).toBe('CONFLICT');
    expect((await getApplyPage(designerB, id, later(31))).kind).toBe('closed');
    expect(
      await applyToProject(designerB, id, { proposal, price: '100', deliveryDays: '3' }, later(29)),
    ).toMatchObject({ ok: true });
    expect((await getApplyPage(owner, id)).kind).toBe('not_found');
    expect((await getApplyPage(buyer, id)).kind).toBe('not_designer');
    expect((await getApplyPage(designerA, id)).kind).toBe('form');
  });

  it('withdraw: only by its designer, only while submitted; the count goes down; no re-apply after', async () => {
    const id = await project();
    const application = await apply(designerA, id);
    expect(await refusal(withdrawApplication(designerB, application, now))).toBe('NOT_FOUND');
    expect(await refusal(withdrawApplication(owner, application, now))).toBe('NOT_FOUND');
    expect(await refusal(withdrawApplication(admin, application, now))).toBe('NOT_FOUND');
    await withdrawApplication(designerA, application, now);
    expect(await statusOf(application)).toBe('withdrawn');
    expect((await projectRow(id)).applicants_count).toBe(0);
    expect(await refusal(withdrawApplication(designerA, application, now))).toBe('CONFLICT');
    expect(await refusal(apply(designerA, id))).toBe('CONFLICT');
    expect(
      await refusal(
        updateApplication(designerA, application, { proposal, price: '90', deliveryDays: '3' }, now),
      ),
    ).toBe('CONFLICT');
    // The owner does not see withdrawn applications.
    expect(await getApplicationPage(owner, id, application)).toBeNull();
  });

  it('edit: only its designer', async () => {
    const id = await project();
    const application = await apply(designerA, id);
    const input = { proposal, price: '90', deliveryDays: '3' };
    for (const who of [designerB, owner, admin, buyer])
      expect(await refusal(updateApplication(who, application, input, now))).toBe('NOT_FOUND');
    expect(await updateApplication(designerA, application, input, now)).toMatchObject({ ok: true });
  });

  it('pages: the owner compares; others see nothing', async () => {
    const id = await project();
    const a = await apply(designerA, id, '300', '9');
    const b = await apply(designerB, id, '200', '12');
    await t.handle.query(`UPDATE designer_profiles SET rating = 4.5, rating_count = 3 WHERE user_id = $1`, [
      designerA.id,
    ]);
    expect((await getProjectApplications(owner, id, 'price'))!.applications.map((x) => x.id)).toEqual([b, a]);
    expect((await getProjectApplications(owner, id, 'delivery'))!.applications.map((x) => x.id)).toEqual([
      a,
      b,
    ]);
    expect((await getProjectApplications(owner, id, 'rating'))!.applications.map((x) => x.id)).toEqual([
      a,
      b,
    ]);
    for (const who of [designerA, designerB, admin, buyer])
      expect(await getProjectApplications(who, id)).toBeNull();
    expect((await getApplicationPage(owner, id, a))?.role).toBe('owner');
    expect((await getApplicationPage(designerA, id, a))?.role).toBe('designer');
    for (const who of [designerB, admin, buyer]) expect(await getApplicationPage(who, id, a)).toBeNull();
    expect(await getApplicationPage(owner, id + 1000, a)).toBeNull();
  });
});

describe('accepting', () => {
  it('pays, accepts one, declines the others, starts the work in a new conversation', async () => {
    const id = await project();
    const a = await apply(designerA, id, '300', '5');
    const b = await apply(designerB, id, '200', '3');
    const c = await apply(designerC, id, '250', '4');
    await withdrawApplication(designerC, c, now);
    const before = (
      await t.handle.query<{ n: number }>(
        `SELECT projects_in_progress AS n FROM designer_profiles WHERE user_id = $1`,
        [designerA.id],
      )
    )[0]!.n;
    const outcome = await accept(owner, a);
    expect(outcome.status).toBe('accepted');
    expect(await statusOf(a)).toBe('accepted');
    expect(await statusOf(b)).toBe('declined');
    expect(await statusOf(c)).toBe('withdrawn');
    const row = await projectRow(id);
    expect(row).toMatchObject({
      status: 'in_progress',
      accepted_application_id: a,
      order_id: outcome.orderId,
    });
    expect(new Date(row.due_at!).toISOString()).toBe(later(5).toISOString());
    const [order] = await t.handle.query<{ kind: string; status: string; total_cents: number }>(
      `SELECT kind, status, total_cents FROM orders WHERE id = $1`,
      [outcome.orderId],
    );
    expect(order).toEqual({ kind: 'project', status: 'paid', total_cents: 30_000 });
    const conversation = await t.handle.query<{ type: string; subject: string; user_id: number }>(
      `SELECT c.type, c.subject, p.user_id FROM conversations c JOIN conversation_participants p ON p.conversation_id = c.id WHERE c.id = $1 ORDER BY p.user_id`,
      [row.conversation_id],
    );
    expect(conversation.map((r) => r.user_id)).toEqual([owner.id, designerA.id].sort((x, y) => x - y));
    expect(conversation[0]).toMatchObject({ type: 'job_application', subject: 'A low-poly fox' });
    const system = await t.handle.query<{ kind: string; body: string }>(
      `SELECT kind, body FROM messages WHERE conversation_id = $1`,
      [row.conversation_id],
    );
    expect(system).toEqual([{ kind: 'system', body: 'application_accepted' }]);
    // The declined designer is told, in a conversation with the owner: unread for them, read for the
    // owner; the designer who withdrew is not.
    const notices = await t.handle.query<{ user_id: number; body: string; unread: boolean }>(
      `SELECT p.user_id, m.body, m.id > p.last_read_message_id AS unread
         FROM conversations c
         JOIN messages m ON m.conversation_id = c.id
         JOIN conversation_participants p ON p.conversation_id = c.id
        WHERE c.type = 'job_application' AND c.id <> $1 AND c.subject = 'A low-poly fox'
        ORDER BY p.user_id`,
      [row.conversation_id],
    );
    expect(notices).toEqual(
      [
        { user_id: owner.id, body: 'application_declined', unread: false },
        { user_id: designerB.id, body: 'application_declined', unread: true },
      ].sort((x, y) => x.user_id - y.user_id),
    );
    const after = (
      await t.handle.query<{ n: number }>(
        `SELECT projects_in_progress AS n FROM designer_profiles WHERE user_id = $1`,
        [designerA.id],
      )
    )[0]!.n;
    expect(after).toBe(before + 1);
    // Decided: no edit, no withdraw, no second accept.
    expect(await refusal(withdrawApplication(designerB, b, now))).toBe('CONFLICT');
    expect(await refusal(withdrawApplication(designerA, a, now))).toBe('CONFLICT');
    expect(await refusal(accept(owner, b))).toBe('CONFLICT');
    // The declined designer sees it on the dashboard.
    const dashboard = await getDashboard(designerB, now);
    expect(dashboard.applications.find((x) => x.id === b)?.status).toBe('declined');
  });

  it('a declined card accepts nothing, and the next attempt can pay', async () => {
    const id = await project();
    const a = await apply(designerA, id);
    const failedOutcome = await accept(owner, a, declinedCard);
    expect(failedOutcome).toMatchObject({
      status: 'failed',
      failure: { kind: 'declined', code: 'card_declined' },
    });
    expect(await statusOf(a)).toBe('submitted');
    expect((await projectRow(id)).status).toBe('published');
    expect((await accept(owner, a)).status).toBe('accepted');
  });

  it('only the owner accepts', async () => {
    const id = await project();
    const a = await apply(designerA, id);
    for (const who of [designerA, designerB, admin, buyer])
      expect(await refusal(accept(who, a))).toBe('NOT_FOUND');
    expect(await refusal(acceptApplication(owner, a, { idempotencyKey: 'x', card }, { provider }))).toBe(
      'BAD_REQUEST',
    );
  });

  it('a retried attempt (same key) pays once', async () => {
    const id = await project();
    const a = await apply(designerA, id);
    const attempt = key();
    const [first, second] = await Promise.all([
      accept(owner, a, card, attempt),
      accept(owner, a, card, attempt),
    ]);
    expect(first.status).toBe('accepted');
    expect(second.status).toBe('accepted');
    expect(first.orderId).toBe(second.orderId);
  });

  it('two accepts at once (different or same application, two tabs) leave one accepted and one paid order', async () => {
    for (const same of [false, true]) {
      const id = await project();
      const a = await apply(designerA, id);
      const b = await apply(designerB, id);
      const paidBefore = await paidProjectOrders();
      const results = await Promise.allSettled([
        accept(owner, a),
        accept(owner, same ? a : b),
        accept(owner, b),
      ]);
      const accepted = results.filter((r) => r.status === 'fulfilled' && r.value.status === 'accepted');
      expect(accepted.length).toBeGreaterThanOrEqual(1);
      for (const r of results)
        if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('CONFLICT');
      const rows = await t.handle.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM project_applications WHERE project_id = $1 AND status = 'accepted'`,
        [id],
      );
      expect(rows[0]!.n).toBe(1);
      const paidAfter = await paidProjectOrders();
      expect(paidAfter - paidBefore).toBe(1);
    }
  });
});

describe('the work', () => {
  it('delivery, revision, delivery, approval: the designer is paid once, price − fee', async () => {
    const { id } = await acceptedProject();
    // The owner cannot approve or ask for a revision before a delivery.
    expect(await refusal(approveWork(owner, id, {}, now))).toBe('CONFLICT');
    expect(await refusal(requestRevision(owner, id, { note: 'More fur' }, now))).toBe('CONFLICT');
    await deliver(designerA, id);
    expect((await projectRow(id)).status).toBe('delivered');
    // A second delivery while delivered is refused.
    expect(await refusal(deliver(designerA, id))).toBe('CONFLICT');
    expect(await requestRevision(owner, id, { note: '' }, now)).toMatchObject({ ok: false });
    await requestRevision(owner, id, { note: 'More fur on the tail' }, now);
    expect(await projectRow(id)).toMatchObject({ status: 'in_progress', revisions: 1 });
    await deliver(designerA, id, later(1));
    const panel = await getProjectWork(owner.id, id);
    expect(panel?.messages.map((m) => m.kind)).toEqual([
      'system',
      'delivery',
      'revision_request',
      'delivery',
    ]);
    expect(panel?.messages[1]?.files[0]?.fileName).toBe('fox.stl');
    const profileBefore = (
      await t.handle.query<{ done: number; doing: number }>(
        `SELECT projects_done AS done, projects_in_progress AS doing FROM designer_profiles WHERE user_id = $1`,
        [designerA.id],
      )
    )[0]!;
    const results = await Promise.allSettled([
      approveWork(owner, id, {}, later(2)),
      approveWork(owner, id, {}, later(2)),
      approveWork(owner, id, {}, later(2)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('CONFLICT');
    expect((await projectRow(id)).status).toBe('completed');
    const [sum] = await t.handle.query<{ total: number; n: number }>(
      `SELECT sum(amount_cents)::int AS total, count(*)::int AS n FROM designer_earnings WHERE project_id = $1`,
      [id],
    );
    expect(sum).toEqual({ total: 30_000 - platformFeeCents(30_000), n: 2 });
    const [order] = await t.handle.query<{ status: string }>(
      `SELECT o.status FROM orders o JOIN projects p ON p.order_id = o.id WHERE p.id = $1`,
      [id],
    );
    expect(order!.status).toBe('fulfilled');
    const profileAfter = (
      await t.handle.query<{ done: number; doing: number }>(
        `SELECT projects_done AS done, projects_in_progress AS doing FROM designer_profiles WHERE user_id = $1`,
        [designerA.id],
      )
    )[0]!;
    expect(profileAfter).toEqual({ done: profileBefore.done + 1, doing: profileBefore.doing - 1 });
    const dashboard = await getDashboard(designerA, later(3));
    expect(dashboard.earnings.find((e) => e.projectId === id)).toMatchObject({
      grossCents: 30_000,
      feeCents: platformFeeCents(30_000),
      netCents: 30_000 - platformFeeCents(30_000),
    });
    // Nothing moves after completion.
    expect(await refusal(openDispute(owner, id, {}, now))).toBe('CONFLICT');
    expect(await refusal(deliver(designerA, id))).toBe('CONFLICT');
  });

  it('only the accepted designer delivers; only the owner revises and approves', async () => {
    const { id } = await acceptedProject();
    for (const who of [owner, designerB, admin, buyer])
      expect(
        await refusal(
          uploadDeliveryFile(who, id, 'a.stl', uploadRequest(stl()), { now, filesRoot: t.filesRoot }),
        ),
      ).toBe('NOT_FOUND');
    await deliver(designerA, id);
    for (const who of [designerA, designerB, admin, buyer]) {
      expect(await refusal(approveWork(who, id, {}, now))).toBe('NOT_FOUND');
      expect(await refusal(requestRevision(who, id, { note: 'x' }, now))).toBe('NOT_FOUND');
    }
    for (const who of [designerB, admin, buyer]) {
      expect(await refusal(openDispute(who, id, {}, now))).toBe('NOT_FOUND');
      expect(await getProjectWork(who.id, id)).toBeNull();
    }
  });

  it('delivery files: checked by name, type, size and content; tokens cannot be forged or reused', async () => {
    const { id } = await acceptedProject();
    const up = (name: string, data: Uint8Array) =>
      uploadDeliveryFile(designerA, id, name, uploadRequest(data), { now, filesRoot: t.filesRoot });
    expect(await up('fox.exe', stl())).toEqual({ ok: false, refusal: 'type' });
    expect(await up('../fox.stl', stl())).toEqual({ ok: false, refusal: 'name' });
    expect(await up('fox.png', stl())).toEqual({ ok: false, refusal: 'content' });
    expect(await up('fox.stl', new TextEncoder().encode('<html><script>alert(1)</script>'))).toEqual({
      ok: false,
      refusal: 'content',
    });
    expect(await up('empty.stl', new Uint8Array())).toEqual({ ok: false, refusal: 'empty' });
    const big = new Request('http://localhost/upload', {
      method: 'POST',
      body: new Uint8Array(10),
      headers: { 'content-length': String(26 * 1024 * 1024) },
    });
    expect(await uploadDeliveryFile(designerA, id, 'big.png', big, { now, filesRoot: t.filesRoot })).toEqual({
      ok: false,
      refusal: 'too_large',
    });
    const good = await up('fox.stl', stl());
    if (!good.ok) throw new Error('upload refused');
    const send = (files: string[]) =>
      sendDelivery(designerA, id, { note: '', files }, { now, filesRoot: t.filesRoot });
    expect(await send([])).toMatchObject({ ok: false, fieldErrors: { files: 'too_short' } });
    expect(await send(Array.from({ length: 11 }, () => good.token))).toMatchObject({
      ok: false,
      fieldErrors: { files: 'too_long' },
    });
    expect(await send([`${good.token.split('.')[0]}.forged`])).toEqual({
      ok: false,
      fieldErrors: { files: 'invalid' },
    });
    // designerB's token for this project does not pass either.
    expect(await send([good.token])).toEqual({ ok: true });
    await requestRevision(owner, id, { note: 'Again' }, now);
    expect(await refusal(send([good.token]))).toBe('BAD_REQUEST');
  });

  it('disputes: either side, from in progress or delivered', async () => {
    const first = await acceptedProject();
    await openDispute(designerA, first.id, { note: 'The owner changed the brief' }, now);
    expect((await projectRow(first.id)).status).toBe('disputed');
    expect(await refusal(openDispute(owner, first.id, {}, now))).toBe('CONFLICT');
    expect(await refusal(deliver(designerA, first.id))).toBe('CONFLICT');
    const second = await acceptedProject();
    await deliver(designerA, second.id);
    await openDispute(owner, second.id, {}, now);
    expect((await projectRow(second.id)).status).toBe('disputed');
    expect(await refusal(approveWork(owner, second.id, {}, now))).toBe('CONFLICT');
  });

  it('reviews: once per side after completion, shown as given and received', async () => {
    const { id } = await acceptedProject();
    const review = { positive: true, rating: 5, body: 'Great work, on time.' };
    expect(await refusal(leaveReview(owner, id, review, now))).toBe('CONFLICT');
    await deliver(designerA, id);
    await approveWork(owner, id, {}, now);
    for (const who of [designerB, admin, buyer])
      expect(await refusal(leaveReview(who, id, review, now))).toBe('NOT_FOUND');
    expect(await leaveReview(owner, id, { ...review, body: 'short' }, now)).toMatchObject({
      ok: false,
      fieldErrors: { body: 'too_short' },
    });
    expect(await leaveReview(owner, id, { ...review, body: 'x'.repeat(2001) }, now)).toMatchObject({
      ok: false,
      fieldErrors: { body: 'too_long' },
    });
    expect(await leaveReview(owner, id, { ...review, rating: 6 }, now)).toMatchObject({
      ok: false,
      fieldErrors: { rating: 'too_long' },
    });
    const before = (
      await t.handle.query<{ rating: number; rating_count: number }>(
        `SELECT rating, rating_count FROM designer_profiles WHERE user_id = $1`,
        [designerA.id],
      )
    )[0]!;
    expect(await leaveReview(owner, id, review, now)).toEqual({ ok: true });
    expect(await refusal(leaveReview(owner, id, review, now))).toBe('CONFLICT');
    expect(
      await leaveReview(
        designerA,
        id,
        { positive: true, rating: 4, body: 'Clear brief, quick answers.' },
        now,
      ),
    ).toEqual({ ok: true });
    const reviews = await t.handle.query<{ author_id: number; subject_id: number }>(
      `SELECT r.author_id, r.subject_id FROM designer_reviews r JOIN project_reviews p ON p.review_id = r.id WHERE p.project_id = $1 ORDER BY r.id`,
      [id],
    );
    expect(reviews).toEqual([
      { author_id: owner.id, subject_id: designerA.id },
      { author_id: designerA.id, subject_id: owner.id },
    ]);
    const after = (
      await t.handle.query<{ rating: number; rating_count: number }>(
        `SELECT rating, rating_count FROM designer_profiles WHERE user_id = $1`,
        [designerA.id],
      )
    )[0]!;
    expect(after.rating_count).toBe(before.rating_count + 1);
    expect(after.rating).toBeCloseTo(
      (before.rating * before.rating_count + 5) / (before.rating_count + 1),
      1,
    );
  });
});

describe('dashboard and the custom-requests switch', () => {
  it('deliveries due are ordered by due date and flagged overdue by the clock', async () => {
    const first = await acceptedProject();
    const second = await acceptedProject();
    await t.handle.query(`UPDATE projects SET due_at = $2 WHERE id = $1`, [second.id, later(1)]);
    const data = await getDashboard(designerA, later(2));
    const due = data.deliveriesDue.filter((d) => d.projectId === first.id || d.projectId === second.id);
    expect(due.map((d) => d.projectId)).toEqual([second.id, first.id]);
    expect(due.map((d) => d.overdue)).toEqual([true, false]);
    const owners = await getDashboard(owner, now);
    expect(owners.projects.some((p) => p.id === first.id)).toBe(true);
    expect(owners.isDesigner).toBe(false);
  });

  it('only designers switch custom requests', async () => {
    expect(await refusal(setAcceptsCustomRequests(buyer, { accepts: false }))).toBe('FORBIDDEN');
    expect(await setAcceptsCustomRequests(designerC, { accepts: 'no' })).toMatchObject({ ok: false });
    await setAcceptsCustomRequests(designerC, { accepts: false });
    expect((await getDashboard(designerC, now)).acceptsCustomRequests).toBe(false);
    await setAcceptsCustomRequests(designerC, { accepts: true });
    expect((await getDashboard(designerC, now)).acceptsCustomRequests).toBe(true);
  });
});

describe('field limits', () => {
  const base = { proposal, price: '100', deliveryDays: '7' };
  it('proposal 20–3,000 characters, price $10–$100,000, 1–365 days', () => {
    const check = (input: Record<string, unknown>) => {
      const result = validateApplication({ ...base, ...input });
      return result.ok ? 'ok' : Object.values(result.fieldErrors)[0];
    };
    expect(check({ proposal: '' })).toBe('required');
    expect(check({ proposal: 'x'.repeat(19) })).toBe('proposal_short');
    expect(check({ proposal: 'x'.repeat(20) })).toBe('ok');
    expect(check({ proposal: 'x'.repeat(3000) })).toBe('ok');
    expect(check({ proposal: 'x'.repeat(3001) })).toBe('proposal_long');
    expect(check({ price: '' })).toBe('required');
    expect(check({ price: 'ten' })).toBe('price_format');
    expect(check({ price: '9.99' })).toBe('price_range');
    expect(check({ price: '10' })).toBe('ok');
    expect(check({ price: '100,000' })).toBe('ok');
    expect(check({ price: '100000.01' })).toBe('price_range');
    expect(check({ price: '-5' })).toBe('price_format');
    expect(check({ deliveryDays: '' })).toBe('required');
    expect(check({ deliveryDays: '0' })).toBe('days_range');
    expect(check({ deliveryDays: '1' })).toBe('ok');
    expect(check({ deliveryDays: '365' })).toBe('ok');
    expect(check({ deliveryDays: '366' })).toBe('days_range');
    expect(check({ deliveryDays: '2.5' })).toBe('days_format');
  });

  it('any price in range is accepted and kept to the cent; any outside is refused (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000_000 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const result = validateApplication({ ...base, price: text });
        const inRange = cents >= applicationPriceCents.min && cents <= applicationPriceCents.max;
        if (inRange) return result.ok && result.value.priceCents === cents;
        return !result.ok && result.fieldErrors.price === 'price_range';
      }),
    );
  });

  it('delivery days parse only whole numbers (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (text) => {
        const days = parseDeliveryDays(text);
        return days === null || (Number.isInteger(days) && String(days) === String(Number(text.trim())));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 2000 }), (n) => {
        const result = validateApplication({ ...base, deliveryDays: String(n) });
        return result.ok === (n >= 1 && n <= 365);
      }),
    );
  });
});
