/**
 * The Stripe webhook's events (decision 0038), checked with the stripe package's own signature
 * verification (HMAC of the raw body with the endpoint's secret, and a 5-minute tolerance against
 * replays). A PaymentIntent's end tells which order it settles, by the idempotency key in its metadata;
 * a succeeded charge tells the card that paid it (decision 0048: the referral check compares cards).
 */
import Stripe from 'stripe';

import { AppError } from '@/server/errors';

import type { PaymentLookup } from './payment-provider';
import { cardFingerprintOfCharge, cardFingerprintOfIntent, idempotencyMetadataKey } from './stripe-provider';

export type StripePaymentEvent = { kind: 'payment'; idempotencyKey: string; outcome: PaymentLookup };

/**
 * `charge.succeeded`: the card's fingerprint for the order of the charge's PaymentIntent (found by the
 * idempotency key the PaymentIntent's metadata passes on to its charges, or by the PaymentIntent's id,
 * which is the order's payment reference).
 */
export type StripeCardEvent = {
  kind: 'card';
  idempotencyKey: string | null;
  paymentIntentId: string | null;
  cardFingerprint: string;
};

// Verification needs no API key; the client is only the package's entry to its webhook helpers.
const stripe = new Stripe('sk_webhook_verification_only');

/**
 * What an event reports (a payment's outcome, or the card of a succeeded charge), or null for an event
 * that changes nothing here. A payload whose signature does not verify is a BAD_REQUEST.
 */
export async function readStripeEvent(
  payload: string,
  signature: string | null,
  secret: string,
): Promise<StripePaymentEvent | StripeCardEvent | null> {
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature ?? '', secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'The Stripe-Signature header does not match the payload');
  }
  return stripeEventOf(event);
}

/** A verified event's meaning (exported for tests of Stripe's payloads). */
export function stripeEventOf(event: Stripe.Event): StripePaymentEvent | StripeCardEvent | null {
  if (event.type === 'charge.succeeded') {
    const charge = event.data.object;
    const cardFingerprint = cardFingerprintOfCharge(charge);
    if (!cardFingerprint) return null;
    const intent = charge.payment_intent;
    return {
      kind: 'card',
      idempotencyKey: charge.metadata?.[idempotencyMetadataKey] ?? null,
      paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
      cardFingerprint,
    };
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
      kind: 'payment',
      idempotencyKey,
      outcome: {
        state: 'succeeded',
        reference: intent.id,
        amountCents: intent.amount,
        refunded: false,
        cardFingerprint: cardFingerprintOfIntent(intent as unknown as Record<string, unknown>),
      },
    };
  }
  const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status;
  return { kind: 'payment', idempotencyKey, outcome: { state: 'failed', reason: `stripe: ${code}` } };
}
