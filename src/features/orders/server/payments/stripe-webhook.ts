/**
 * The Stripe webhook's events (decision 0038), checked with the stripe package's own signature
 * verification (HMAC of the raw body with the endpoint's secret, and a 5-minute tolerance against
 * replays). A PaymentIntent's end tells which order it settles, by the idempotency key in its metadata.
 */
import Stripe from 'stripe';

import { AppError } from '@/server/errors';

import type { PaymentLookup } from './payment-provider';
import { idempotencyMetadataKey } from './stripe-provider';

export type StripePaymentEvent = { idempotencyKey: string; outcome: PaymentLookup };

// Verification needs no API key; the client is only the package's entry to its webhook helpers.
const stripe = new Stripe('sk_webhook_verification_only');

/**
 * The payment outcome an event reports, or null for an event that settles nothing. A payload whose
 * signature does not verify is a BAD_REQUEST.
 */
export async function readStripeEvent(
  payload: string,
  signature: string | null,
  secret: string,
): Promise<StripePaymentEvent | null> {
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature ?? '', secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'The Stripe-Signature header does not match the payload');
  }
  if (
    event.type !== 'payment_intent.succeeded' &&
    event.type !== 'payment_intent.payment_failed' &&
    event.type !== 'payment_intent.canceled'
  )
    return null;
  const intent = event.data.object;
  const idempotencyKey = intent.metadata?.[idempotencyMetadataKey];
  if (!idempotencyKey) return null;
  if (event.type === 'payment_intent.succeeded') {
    return {
      idempotencyKey,
      outcome: {
        state: 'succeeded',
        reference: intent.id,
        amountCents: intent.amount,
        refunded: false,
      },
    };
  }
  const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status;
  return { idempotencyKey, outcome: { state: 'failed', reason: `stripe: ${code}` } };
}
