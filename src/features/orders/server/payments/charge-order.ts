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
      idempotencyKey: `order-${order.id}`,
      description: order.description,
      card: card ? cardOf(card) : undefined,
    })
    .catch((error: unknown) => {
      logger.error({ err: error, orderId: order.id }, 'payment provider threw');
      return { status: 'failed', code: 'provider_unavailable', message: 'provider error' } as const;
    });
}
