/**
 * Paying a custom-model request's fixed price (decision 0026) through the normal checkout machinery:
 * a pending service order under the request's lock, the provider's charge, then the request submitted.
 */
import { cardInputSchema, idempotencyKeySchema } from '@/features/orders/api';
import {
  chargeServiceOrder,
  insertPendingServiceOrder,
  paymentProviderFromEnv,
  type PaymentProvider,
} from '@/features/orders/server/api';
import type { SessionUser } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { z } from 'zod';

import { assertCustomModelTransition } from '../custom-model-lifecycle';
import {
  appendEvent,
  countReferences,
  findLinkedOrder,
  findRequestAccess,
  findRequestPaidBy,
  linkRequestOrder,
  lockRequest,
  updateRequestStatus,
} from './repository';

const notFound = () => new AppError('NOT_FOUND', 'No such request');

const paymentSchema = z.object({ idempotencyKey: idempotencyKeySchema, card: cardInputSchema.optional() });

export type PaymentOutcome =
  | { status: 'paid'; orderId: number }
  | { status: 'failed'; orderId: number; failure: { kind: 'declined' | 'failed'; code: string } };

/**
 * Pays a request's fixed price through the normal checkout machinery: a pending service order under
 * the request's lock (one per attempt; another attempt's order still pending is a CONFLICT), the
 * provider's charge, then awaiting payment → submitted. A declined card leaves the request awaiting
 * payment; the next attempt (a new key) is a new order.
 */
export async function payForRequest(
  user: SessionUser,
  requestId: number,
  input: unknown,
  {
    now = () => new Date(),
    provider = paymentProviderFromEnv(),
  }: { now?: () => Date; provider?: PaymentProvider } = {},
): Promise<PaymentOutcome> {
  const parsed = paymentSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid payment');
  const request = await findRequestAccess(requestId);
  if (!request || request.buyerId !== user.id) throw notFound();
  const started = await startRequestPayment(
    requestId,
    user.id,
    parsed.data.idempotencyKey,
    provider.name,
    now(),
  );
  if (started.kind === 'already_paid') {
    // The attempt that charged may have stopped before marking the request: marking is idempotent.
    await markRequestPaid(requestId, started.orderId, user.id, now());
    return { status: 'paid', orderId: started.orderId };
  }
  const outcome = await chargeServiceOrder(
    { ...started.order, description: `Custom model request #${requestId}` },
    parsed.data.card,
    { provider, now },
  );
  if (outcome.status === 'paid') await markRequestPaid(requestId, outcome.orderId, user.id, now());
  return outcome;
}

type PaymentStart =
  { kind: 'charge'; order: { id: number; totalCents: number } } | { kind: 'already_paid'; orderId: number };

/**
 * The payment's first half, under a lock on the request: a pending service order for its price (or
 * the one of the same attempt, `idempotencyKey`), linked to the request. Another attempt's order still
 * pending is a CONFLICT (a second concurrent payment); a paid request answers `already_paid`.
 */
async function startRequestPayment(
  requestId: number,
  buyerId: number,
  idempotencyKey: string,
  provider: PaymentProvider['name'],
  now: Date,
): Promise<PaymentStart> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, requestId);
    if (!row || row.buyerId !== buyerId) throw notFound();
    if (row.status !== 'awaiting_payment') {
      if (row.status !== 'cancelled' && row.orderId !== null)
        return { kind: 'already_paid', orderId: row.orderId };
      throw new AppError('CONFLICT', 'The request cannot be paid');
    }
    const references = await countReferences(tx, requestId);
    if (!references || (references.links === 0 && references.images === 0))
      throw new AppError('BAD_REQUEST', 'references_required');
    if (row.orderId !== null) {
      const linked = await findLinkedOrder(tx, row.orderId);
      // Paid already (the request is marked submitted just after the charge): never a second charge.
      if (linked?.status === 'paid' || linked?.status === 'fulfilled')
        return { kind: 'already_paid', orderId: row.orderId };
      if (linked?.status === 'pending' && linked.idempotencyKey !== idempotencyKey)
        throw new AppError('CONFLICT', 'A payment of this request is in progress');
    }
    const order = await insertPendingServiceOrder(tx, {
      userId: buyerId,
      kind: 'custom_model',
      amountCents: row.priceCents,
      idempotencyKey,
      paymentProvider: provider,
      now,
    });
    if (order.status === 'paid' || order.status === 'fulfilled')
      return { kind: 'already_paid', orderId: order.id };
    if (order.status !== 'pending') throw new AppError('CONFLICT', 'This payment attempt already failed');
    if (order.created) await linkRequestOrder(tx, requestId, order.id, now);
    return { kind: 'charge', order: { id: order.id, totalCents: order.totalCents } };
  });
}

/**
 * A paid order makes its request submitted (once; a second report of the same payment changes nothing).
 * False when the request no longer waits for this order's payment.
 */
async function markRequestPaid(
  requestId: number,
  orderId: number,
  buyerId: number,
  now: Date,
): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, requestId);
    if (!row || row.orderId !== orderId) return false;
    if (row.status !== 'awaiting_payment') return row.status !== 'cancelled';
    assertCustomModelTransition(row.status, 'submitted');
    await updateRequestStatus(tx, requestId, 'submitted', { paidAt: now }, now);
    await appendEvent(tx, requestId, 'submitted', buyerId, null, now);
    return true;
  });
}

/**
 * A request's payment found to have gone through after the fact (reconciliation after a crash, the
 * provider's webhook): the request is submitted. False when it cannot be any more (cancelled, or paid
 * by another order): the payment is then refunded.
 */
export async function settleCustomModelPayment(orderId: number, now: Date): Promise<boolean> {
  const request = await findRequestPaidBy(orderId);
  if (!request) return false;
  return markRequestPaid(request.id, orderId, request.buyerId, now);
}
