/**
 * The custom-model service's writes (docs/decisions/0026-custom-model-service.md). Every command checks
 * who acts: the buyer owns the request, the assigned designer works on it, admins select designers, run
 * QA and cancel. Anyone else gets NOT_FOUND (the request's existence is not revealed). Every status
 * change goes through the lifecycle table after locking the row, with an event row. Paying is in
 * payment-commands.ts, the files in upload-commands.ts.
 */
import {
  fulfilServiceOrder,
  paymentProviderFromEnv,
  platformFeeCents,
  recordDesignerPayment,
  refundServiceOrder,
  type PaymentProvider,
} from '@/features/orders/server/api';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { getDb, type Transaction } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { LifecycleTransitionError } from '@/lib/lifecycle';
import { logger } from '@/server/logger';

import { assertCustomModelTransition, type CustomModelStatus } from '../custom-model-lifecycle';
import { priceOfComplexity } from '../pricing';
import {
  validateCustomModelRequest,
  validateNote,
  type RequestField,
  type RequestFieldError,
} from '../schemas';
import {
  appendEvent,
  countFiles,
  findRequestAccess,
  insertRequest,
  isSelectableDesigner,
  lockRequest,
  updateRequestStatus,
  type RequestAccess,
  type RequestChanges,
} from './repository';

/** New requests per buyer and hour. */
const newRequestsPerHour = 10;

const isAdmin = (user: SessionUser) => hasRole(user, 'admin');

const notFound = () => new AppError('NOT_FOUND', 'No such request');

function requireAdmin(user: SessionUser) {
  if (!isAdmin(user)) throw notFound();
}

export type CreateResult =
  { ok: true; id: number } | { ok: false; fieldErrors: Partial<Record<RequestField, RequestFieldError>> };

export async function createCustomModelRequest(
  user: SessionUser,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<CreateResult> {
  const checked = validateCustomModelRequest(input);
  if (!checked.ok) return checked;
  await assertWithinRateLimit(`custom_model_new:user:${user.id}`, newRequestsPerHour, 3_600_000, now);
  const id = await insertRequest(user.id, checked.value, priceOfComplexity(checked.value.complexity), now);
  return { ok: true, id };
}

/**
 * Locks the request, lets `check` refuse (it throws), asserts the lifecycle step, applies `changes`
 * and appends the event, then runs `after`: one transaction, so two racing actions see each other's
 * outcome.
 */
async function transitionRequest(
  id: number,
  to: CustomModelStatus,
  {
    actorId,
    note = null,
    now,
    check,
    changes = {},
    after,
  }: {
    actorId: number;
    note?: string | null;
    now: Date;
    check: (row: RequestAccess) => void;
    changes?: RequestChanges | ((row: RequestAccess) => RequestChanges);
    after?: (tx: Transaction, row: RequestAccess) => Promise<void>;
  },
): Promise<RequestAccess> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (!row) throw notFound();
    check(row);
    try {
      assertCustomModelTransition(row.status, to);
    } catch (error) {
      if (error instanceof LifecycleTransitionError)
        throw new AppError('CONFLICT', `The request is ${row.status}: it cannot become ${to}`);
      throw error;
    }
    const extra = typeof changes === 'function' ? changes(row) : changes;
    await updateRequestStatus(tx, id, to, extra, now);
    await appendEvent(tx, id, to, actorId, note, now);
    if (after) await after(tx, row);
    return { ...row, ...extra, status: to } as RequestAccess;
  });
}

/** The designer sends the uploaded round to QA: in creation → in QA, round + 1. */
export async function submitToQa(user: SessionUser, requestId: number, now = new Date()) {
  const request = await findRequestAccess(requestId);
  if (!request || request.designerId !== user.id) throw notFound();
  if ((await countFiles(requestId, 'result', request.round + 1)) === 0)
    throw new AppError('BAD_REQUEST', 'Upload the result first');
  await transitionRequest(requestId, 'in_qa', {
    actorId: user.id,
    now,
    check: (row) => {
      if (row.designerId !== user.id) throw notFound();
    },
    changes: (row) => ({ round: row.round + 1, note: null }),
  });
}

/** The buyer approves the result: awaiting approval → approved; the order fulfilled; the designer paid once. */
export async function approveRequest(user: SessionUser, requestId: number, now = new Date()) {
  await transitionRequest(requestId, 'approved', {
    actorId: user.id,
    now,
    check: (row) => {
      if (row.buyerId !== user.id) throw notFound();
    },
    changes: { approvedAt: now },
    after: (tx, row) => payDesigner(tx, row, now),
  });
}

/** Approval's bookkeeping inside its transaction: the order fulfilled, the designer paid once. */
async function payDesigner(tx: Transaction, row: RequestAccess, now: Date): Promise<void> {
  if (row.orderId === null || row.designerId === null)
    throw new AppError('CONFLICT', 'The request is not paid or assigned');
  await fulfilServiceOrder(tx, row.orderId, now);
  await recordDesignerPayment(tx, {
    designerId: row.designerId,
    orderId: row.orderId,
    priceCents: row.priceCents,
    feeCents: platformFeeCents(row.priceCents),
    service: { customModelRequestId: row.id },
    now,
  });
}

export type NoteResult = { ok: true } | { ok: false; fieldErrors: { note: 'required' | 'note_length' } };

/** The buyer asks for changes (a note of 10–2,000 characters): awaiting approval → in creation. */
export async function requestChanges(
  user: SessionUser,
  requestId: number,
  input: unknown,
  now = new Date(),
): Promise<NoteResult> {
  const access = await findRequestAccess(requestId);
  if (!access || access.buyerId !== user.id) throw notFound();
  const note = validateNote((input as { note?: unknown } | null)?.note);
  if (!note.ok) return { ok: false, fieldErrors: { note: note.error } };
  await transitionRequest(requestId, 'in_creation', {
    actorId: user.id,
    note: note.note,
    now,
    check: (row) => {
      if (row.buyerId !== user.id) throw notFound();
    },
    changes: { note: note.note },
  });
  return { ok: true };
}

/** An admin selects a designer who accepts custom requests: submitted → in creation. */
export async function assignDesigner(
  admin: SessionUser,
  requestId: number,
  input: unknown,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; fieldErrors: { designerId: 'required' | 'not_accepting' } }> {
  requireAdmin(admin);
  const designerId = Number((input as { designerId?: unknown } | null)?.designerId);
  if (!Number.isInteger(designerId) || designerId <= 0)
    return { ok: false, fieldErrors: { designerId: 'required' } };
  if (!(await isSelectableDesigner(designerId)))
    return { ok: false, fieldErrors: { designerId: 'not_accepting' } };
  await transitionRequest(requestId, 'in_creation', {
    actorId: admin.id,
    now,
    check: () => {},
    changes: { designerId },
  });
  return { ok: true };
}

/** QA passes the round: in QA → awaiting approval. */
export async function passQa(admin: SessionUser, requestId: number, now = new Date()) {
  requireAdmin(admin);
  await transitionRequest(requestId, 'awaiting_approval', { actorId: admin.id, now, check: () => {} });
}

/** QA sends the round back with a note: in QA → in creation. */
export async function sendBack(
  admin: SessionUser,
  requestId: number,
  input: unknown,
  now = new Date(),
): Promise<NoteResult> {
  requireAdmin(admin);
  const note = validateNote((input as { note?: unknown } | null)?.note);
  if (!note.ok) return { ok: false, fieldErrors: { note: note.error } };
  await transitionRequest(requestId, 'in_creation', {
    actorId: admin.id,
    note: note.note,
    now,
    check: () => {},
    changes: { note: note.note },
  });
  return { ok: true };
}

/**
 * An admin cancels a request; a paid one is refunded: its order becomes refunded in the same
 * transaction, then the provider refunds the charge (a failed refund is logged for a person to finish).
 * The buyer may cancel their own request while it awaits payment.
 */
export async function cancelRequest(
  user: SessionUser,
  requestId: number,
  input: unknown,
  { now = new Date(), provider = paymentProviderFromEnv() }: { now?: Date; provider?: PaymentProvider } = {},
): Promise<{ refunded: boolean }> {
  const note = (input as { note?: unknown } | null)?.note;
  const text = typeof note === 'string' && note.trim() !== '' ? note.trim().slice(0, 2_000) : null;
  let refund: { reference: string | null; totalCents: number } | null = null;
  const row = await transitionRequest(requestId, 'cancelled', {
    actorId: user.id,
    note: text,
    now,
    check: (current) => {
      if (isAdmin(user)) return;
      if (current.buyerId !== user.id) throw notFound();
      if (current.status !== 'awaiting_payment')
        throw new AppError('CONFLICT', 'Only an admin cancels a paid request');
    },
    after: async (tx, current) => {
      if (current.orderId !== null && current.status !== 'awaiting_payment')
        refund = await refundServiceOrder(tx, current.orderId, now);
    },
  });
  const done = refund as { reference: string | null; totalCents: number } | null;
  if (done?.reference && done.totalCents > 0) {
    const result = await provider.refund(done.reference, done.totalCents);
    if (!result.ok)
      logger.error(
        { requestId: row.id, message: result.message },
        'provider refund failed; order marked refunded',
      );
  }
  return { refunded: done !== null };
}
