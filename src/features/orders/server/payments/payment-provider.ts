/**
 * The payment provider seam of checkout: one interface, two implementations (the built-in test
 * provider with Stripe-like test cards, and Stripe's REST API). Amounts are integer cents (DESIGN §4.5).
 *
 * The `message` of a result is Stripe's English wording, for logs and testers; pages show the
 * localized text for the `code` (DESIGN §4.7).
 */
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export interface ChargeRequest {
  amountCents: number;
  currency: 'usd';
  /** One per payment attempt: the same key charges at most once and always answers the same. */
  idempotencyKey: string;
  description: string;
  /** Raw card details: accepted by the test provider only. */
  card?: CardInput;
  /** A PaymentMethod id created by Stripe.js in the browser (Stripe provider). */
  paymentMethodId?: string;
}

export type DeclineCode =
  'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'incorrect_number';

/**
 * `processing_error`: the provider answered and the payment did not go through.
 * `provider_unavailable`: the provider could not be reached or failed (network, timeout, 5xx); the
 * outcome may be unknown, and retrying with the same idempotencyKey is safe.
 */
export type FailureCode = 'processing_error' | 'provider_unavailable';

/**
 * The paying card's identity at the provider (Stripe's `card.fingerprint`: the same card number gives
 * the same value, whoever pays with it); null when the provider did not say.
 */
export type CardFingerprint = string | null;

export type ChargeResult =
  | { status: 'succeeded'; reference: string; cardFingerprint?: CardFingerprint }
  | { status: 'declined'; code: DeclineCode; message: string }
  | { status: 'failed'; code: FailureCode; message: string };

export type RefundResult = { ok: true } | { ok: false; message: string };

/**
 * What the provider knows of an idempotency key, asked after the fact (reconciliation): a charge that
 * succeeded (maybe refunded since), one that did not go through, one still processing, or none at all.
 */
export type PaymentLookup =
  | {
      state: 'succeeded';
      reference: string;
      amountCents: number;
      refunded: boolean;
      cardFingerprint?: CardFingerprint;
    }
  | { state: 'failed'; reason: string }
  | { state: 'processing' }
  | { state: 'unknown' };

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(reference: string, amountCents: number): Promise<RefundResult>;
  /** What became of the charge with this idempotency key. */
  lookup(idempotencyKey: string): Promise<PaymentLookup>;
  /**
   * The key will never charge from now on (an order given up on): what became of it, which is
   * `unknown` unless a charge got in first.
   */
  expire(idempotencyKey: string): Promise<PaymentLookup>;
}

/** Stripe's own wording for each decline. */
export const declineMessages: Readonly<Record<DeclineCode, string>> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
};

export const processingErrorMessage =
  'An error occurred while processing your card. Try again in a little bit.';

export function declined(code: DeclineCode, message: string = declineMessages[code]): ChargeResult {
  return { status: 'declined', code, message };
}

export function failed(code: FailureCode, message: string = processingErrorMessage): ChargeResult {
  return { status: 'failed', code, message };
}
