/**
 * Payment reconciliation (decision 0038): an order left pending (the server stopped during its
 * checkout) is settled by asking the provider what became of its idempotency key, `order-{id}`:
 * - a charge that succeeded: the order is fulfilled (a service order paid, and its service told);
 *   when the service cannot take it any more, the charge is refunded;
 * - a charge that did not go through: the order fails, its credits and models come back;
 * - no charge at all: the key is expired at the provider (it can never charge after) and the order fails;
 * - a charge still processing: asked again at the next run.
 * The provider's webhook (Stripe) settles the same way as soon as it knows.
 */
import { getDb } from '@/server/db/client';
import { logger } from '@/server/logger';

import type { OrderKind } from '../commerce-states';
import { loyaltyRules } from './commerce-rules';
import { findOrderHead, findPendingOrdersBefore } from './order-repository';
import { markOrderFailed, markOrderPaid } from './order-settlement';
import { orderIdempotencyKey } from './payments/charge-order';
import type { PaymentLookup, PaymentProvider } from './payments/payment-provider';
import { refundServiceOrder, settleServiceOrder, type ServiceOrderKind } from './service-order-commands';

/**
 * Completes the service a paid order was for (a custom-model request submitted, a project's application
 * accepted); false when the service cannot take the payment any more.
 */
export type ServiceSettlement = (orderId: number, now: Date) => Promise<boolean>;
export type ServiceSettlements = Readonly<Record<ServiceOrderKind, ServiceSettlement>>;

export type SettlementOutcome = 'fulfilled' | 'failed' | 'expired' | 'refunded' | 'processing' | 'unchanged';

export type ReconciliationSummary = Record<SettlementOutcome | 'errors', number> & { checked: number };

export interface ReconciliationDeps {
  provider: PaymentProvider;
  settlements: ServiceSettlements;
  now?: Date;
}

/** Orders looked at per run; the rest wait for the next. */
const batchSize = 200;

/** Settles every order pending for longer than `pendingLimitMs`; what became of them, counted. */
export async function reconcilePendingOrders(
  deps: ReconciliationDeps & { pendingLimitMs: number },
): Promise<ReconciliationSummary> {
  const now = deps.now ?? new Date();
  const db = await getDb();
  const due = await findPendingOrdersBefore(
    db,
    new Date(now.getTime() - deps.pendingLimitMs),
    deps.provider.name,
    batchSize,
  );
  const summary: ReconciliationSummary = {
    checked: due.length,
    fulfilled: 0,
    failed: 0,
    expired: 0,
    refunded: 0,
    processing: 0,
    unchanged: 0,
    errors: 0,
  };
  for (const order of due) {
    try {
      summary[await reconcileOrder(order, { ...deps, now })] += 1;
    } catch (error) {
      summary.errors += 1;
      logger.error({ err: error, orderId: order.id }, 'reconciling a pending order failed');
    }
  }
  return summary;
}

type PendingOrder = { id: number; kind: OrderKind; totalCents: number };

async function reconcileOrder(order: PendingOrder, deps: Required<ReconciliationDeps>) {
  if (order.totalCents === 0)
    return settleOrder(order, { state: 'succeeded', reference: '', amountCents: 0, refunded: false }, deps);
  const key = orderIdempotencyKey(order.id);
  let found = await deps.provider.lookup(key);
  if (found.state === 'unknown') {
    found = await deps.provider.expire(key);
    if (found.state === 'unknown') {
      const status = await failOrder(order, 'expired: never charged', deps.now);
      return status === 'failed' ? 'expired' : 'unchanged';
    }
  }
  return settleOrder(order, found, deps);
}

/**
 * Settles one pending order by id with what its provider said (the webhook); null when there is no such
 * order. An order charged through another provider is left alone.
 */
export async function settleOrderPayment(
  orderId: number,
  found: PaymentLookup,
  deps: ReconciliationDeps,
): Promise<SettlementOutcome | null> {
  const db = await getDb();
  const order = await findOrderHead(db, orderId);
  if (!order) return null;
  if (order.status !== 'pending' || order.paymentProvider !== deps.provider.name) return 'unchanged';
  return settleOrder(order, found, { ...deps, now: deps.now ?? new Date() });
}

async function settleOrder(
  order: PendingOrder,
  found: PaymentLookup,
  { provider, settlements, now }: Required<ReconciliationDeps>,
): Promise<SettlementOutcome> {
  if (found.state === 'processing' || found.state === 'unknown') return 'processing';
  if (found.state === 'failed' || (found.state === 'succeeded' && found.refunded)) {
    const reason = found.state === 'failed' ? found.reason : 'refunded at the provider';
    return (await failOrder(order, reason, now)) === 'failed' ? 'failed' : 'unchanged';
  }
  const reference = found.reference || null;
  if (order.kind === 'models') {
    const status = await markOrderPaid(order.id, reference, {
      now,
      loyalty: loyaltyRules(),
      cardFingerprint: found.cardFingerprint,
    });
    return status === 'fulfilled' ? 'fulfilled' : 'unchanged';
  }
  const outcome = await settleServiceOrder(
    order.id,
    { paid: true, reference: found.reference, cardFingerprint: found.cardFingerprint },
    now,
  );
  if (outcome.status !== 'paid') return 'unchanged';
  if (await settlements[order.kind](order.id, now)) return 'fulfilled';
  // The service went another way meanwhile: the money goes back.
  const db = await getDb();
  const refund = await db.transaction((tx) => refundServiceOrder(tx, order.id, now));
  if (refund?.reference && refund.totalCents > 0) {
    const refunded = await provider.refund(refund.reference, refund.totalCents);
    if (!refunded.ok)
      logger.error(
        { orderId: order.id, message: refunded.message },
        'provider refund failed; order marked refunded',
      );
  }
  return 'refunded';
}

function failOrder(order: PendingOrder, reason: string, now: Date) {
  if (order.kind === 'models') return markOrderFailed(order.id, reason, now);
  return settleServiceOrder(
    order.id,
    { paid: false, reason, kind: 'failed', code: 'processing_error' },
    now,
  ).then((outcome) => (outcome.status === 'failed' ? 'failed' : 'paid'));
}
