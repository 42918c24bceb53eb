import { env } from '@/env';
import { paymentProviderFromEnv } from '@/features/orders/server/api';
import { orderIdOfKey } from '@/features/orders/server/payments/charge-order';
import { readStripeEvent } from '@/features/orders/server/payments/stripe-webhook';
import { settleOrderPayment } from '@/features/orders/server/reconciliation';
import { recordStripeCardFingerprint } from '@/features/orders/server/shared-card-repository';
import { serviceSettlements } from '@/payment-reconciliation';
import { AppError } from '@/server/errors';
import { handleJson, jsonData } from '@/server/http/json';

/**
 * Stripe's webhook (decision 0038): a PaymentIntent that succeeded, failed or was cancelled settles its
 * order as reconciliation would (fulfilled, failed with the cart restored, or refunded). Not a form of
 * ours, so no CSRF token: the Stripe-Signature header, checked against STRIPE_WEBHOOK_SECRET, proves the
 * sender. A succeeded charge gives its order the card's fingerprint (decision 0048). 404 while no secret
 * is set; 400 for a bad signature; 200 for any verified event.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const secret = env.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new AppError('NOT_FOUND', 'Not found');
    const payload = await request.text();
    const event = await readStripeEvent(payload, request.headers.get('stripe-signature'), secret);
    if (event?.kind === 'card')
      return jsonData({ received: true, cardRecorded: await recordStripeCardFingerprint(event) });
    const orderId = event && orderIdOfKey(event.idempotencyKey);
    const outcome =
      orderId === null || !event
        ? null
        : await settleOrderPayment(orderId, event.outcome, {
            provider: paymentProviderFromEnv(),
            settlements: serviceSettlements,
          });
    return jsonData({ received: true, outcome });
  });
}
