import { logger } from '@/server/logger';

import { cardOf, type CardFields } from '../../card-input';
import type { ChargeResult, PaymentProvider } from './payment-provider';

/**
 * Charges an order's total, with `order-{id}` as the idempotency key: charging the same order twice
 * charges once. A provider that throws is a failed payment ('provider_unavailable').
 */
export function chargeOrder(
  provider: PaymentProvider,
  order: { id: number; totalCents: number; description: string },
  card: CardFields | undefined,
): Promise<ChargeResult> {
  return provider
    .charge({
      amountCents: order.totalCents,
      currency: 'usd',
      idempotencyKey: orderIdempotencyKey(order.id),
      description: order.description,
      card: card ? cardOf(card) : undefined,
    })
    .catch((error: unknown) => {
      logger.error({ err: error, orderId: order.id }, 'payment provider threw');
      return { status: 'failed', code: 'provider_unavailable', message: 'provider error' } as const;
    });
}

/** The provider's idempotency key of an order's charge: one charge per order, whatever retries. */
export function orderIdempotencyKey(orderId: number): string {
  return `order-${orderId}`;
}

/** The order of a provider idempotency key; null for any other key. */
export function orderIdOfKey(key: string): number | null {
  const match = /^order-(\d{1,10})$/.exec(key);
  return match ? Number(match[1]) : null;
}
