/**
 * Payment reconciliation wired to the features it settles for (decision 0038): orders asks the payment
 * provider about orders left pending, and a paid service order completes its custom-model request or
 * freelance project. The server runs it as a background job once at start and then every
 * PAYMENT_RECONCILE_SECONDS; `npm run payments:reconcile` runs it once.
 */
import { settleCustomModelPayment } from '@/features/custom-models/server/api';
import { settleProjectPayment } from '@/features/freelance/server/api';
import { paymentProviderFromEnv, type PaymentProvider } from '@/features/orders/server/api';
import { reconcilePendingOrders, type ServiceSettlements } from '@/features/orders/server/reconciliation';
import { env } from '@/env';
import type { SqlSession } from '@/server/db/client';
import { enqueueJob } from '@/server/jobs/queue';
import type { JobHandler } from '@/server/jobs/runner';
import { logger } from '@/server/logger';

export const serviceSettlements: ServiceSettlements = {
  custom_model: settleCustomModelPayment,
  project: settleProjectPayment,
};

/** One run over the orders pending for longer than PAYMENT_PENDING_SECONDS. */
export function runPaymentReconciliation({
  now = new Date(),
  provider = paymentProviderFromEnv(),
  pendingLimitMs = env.PAYMENT_PENDING_SECONDS * 1000,
}: { now?: Date; provider?: PaymentProvider; pendingLimitMs?: number } = {}) {
  return reconcilePendingOrders({ provider, settlements: serviceSettlements, now, pendingLimitMs });
}

export const paymentReconciliationJob = 'payment_reconciliation';

/**
 * Queues a run at `runAfter` (now by default). The key names the time, so every process asking for the
 * same run queues one, and the next run is queued while this one is still running.
 */
export function scheduleReconciliation(db: Pick<SqlSession, 'query'>, runAfter: Date, now = new Date()) {
  return enqueueJob(
    db,
    {
      kind: paymentReconciliationJob,
      dedupeKey: `${paymentReconciliationJob}:${runAfter.toISOString()}`,
      runAfter,
      maxAttempts: 1,
    },
    now,
  );
}

/** The next periodic run after `now`, on a grid, so that processes agree on it. */
export function nextReconciliationTime(now: Date, intervalSeconds = env.PAYMENT_RECONCILE_SECONDS) {
  const intervalMs = intervalSeconds * 1000;
  return new Date((Math.floor(now.getTime() / intervalMs) + 1) * intervalMs);
}

export function createReconciliationHandler({ db }: { db: Pick<SqlSession, 'query'> }): JobHandler {
  return async () => {
    try {
      const summary = await runPaymentReconciliation();
      if (summary.checked > 0) logger.info({ summary }, 'payment reconciliation');
      return summary;
    } finally {
      await scheduleReconciliation(db, nextReconciliationTime(new Date()));
    }
  };
}
