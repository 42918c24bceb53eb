/**
 * Stripe over its REST API (no SDK): a charge is a PaymentIntent created and confirmed in one request
 * with a PaymentMethod that Stripe.js created in the browser; card numbers never reach this server.
 */
import {
  type ChargeRequest,
  type ChargeResult,
  type DeclineCode,
  declined,
  declineMessages,
  failed,
  type PaymentLookup,
  type PaymentProvider,
  processingErrorMessage,
  type RefundResult,
} from './payment-provider';

export type StripePaymentProviderOptions = {
  secretKey: string;
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** The whole request, body included, must finish within this time. */
  timeoutMs?: number;
};

/** Stripe's `decline_code` or `code` of a card_error → ours. Unknown codes are `card_declined`. */
const declineCodes: Readonly<Record<string, DeclineCode>> = {
  card_declined: 'card_declined',
  generic_decline: 'card_declined',
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  invalid_expiry_month: 'expired_card',
  invalid_expiry_year: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  incorrect_number: 'incorrect_number',
  invalid_number: 'incorrect_number',
};

type StripeError = { type?: string; code?: string; decline_code?: string; message?: string };

/** What came back: a parsed JSON body with its status, or no usable answer at all. */
type StripeResponse =
  | { kind: 'answer'; status: number; body: Record<string, unknown> }
  | { kind: 'unavailable'; message: string };

export function createStripePaymentProvider({
  secretKey,
  baseUrl = 'https://api.stripe.com',
  fetch = globalThis.fetch,
  timeoutMs = 20_000,
}: StripePaymentProviderOptions): PaymentProvider {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<StripeResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const query = new URLSearchParams(form).toString();
    try {
      const response = await fetch(
        `${baseUrl.replace(/\/+$/, '')}${path}${method === 'GET' ? `?${query}` : ''}`,
        {
          method,
          headers: {
            Authorization: `Bearer ${secretKey}`,
            ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
            ...headers,
          },
          body: method === 'POST' ? query : undefined,
          signal: controller.signal,
        },
      );
      const text = await response.text();
      if (response.status >= 500) {
        return { kind: 'unavailable', message: `Stripe answered HTTP ${response.status}` };
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return { kind: 'unavailable', message: `Stripe answered HTTP ${response.status} without JSON` };
      }
      if (typeof body !== 'object' || body === null) {
        return { kind: 'unavailable', message: `Stripe answered HTTP ${response.status} without an object` };
      }
      return { kind: 'answer', status: response.status, body: body as Record<string, unknown> };
    } catch (error) {
      const message = controller.signal.aborted
        ? `Stripe did not answer within ${timeoutMs} ms`
        : `Stripe could not be reached: ${error instanceof Error ? error.message : String(error)}`;
      return { kind: 'unavailable', message };
    } finally {
      clearTimeout(timer);
    }
  }

  const post = (path: string, form: Record<string, string>, headers?: Record<string, string>) =>
    call('POST', path, form, headers);

  /**
   * The PaymentIntent made with this idempotency key, found by the metadata every charge carries
   * (Stripe's search is eventually consistent: a just-made intent may take a minute to show).
   */
  async function lookup(idempotencyKey: string): Promise<PaymentLookup> {
    if (!/^[\w-]+$/.test(idempotencyKey)) return { state: 'unknown' };
    const response = await call('GET', '/v1/payment_intents/search', {
      query: `metadata['${idempotencyMetadataKey}']:'${idempotencyKey}'`,
      limit: '10',
      // The charge's card fingerprint comes with it (the referral check compares cards).
      'expand[]': 'data.latest_charge',
    });
    if (response.kind === 'unavailable' || response.status >= 300) {
      throw new Error(
        `Stripe search failed: ${response.kind === 'unavailable' ? response.message : `HTTP ${response.status}`}`,
      );
    }
    const intents = Array.isArray(response.body.data)
      ? (response.body.data as Record<string, unknown>[])
      : [];
    return lookupOfIntents(intents);
  }

  return {
    name: 'stripe',

    lookup,

    // Nothing charges an order's key after its order is given up on (the limit is far above the
    // request timeout), so expiring it is asking once more.
    expire: lookup,

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      if (request.card) {
        return failed(
          'processing_error',
          'Raw card numbers are refused: card numbers must be tokenized by Stripe.js in production (send a paymentMethodId).',
        );
      }
      if (!request.paymentMethodId) {
        return failed('processing_error', 'A paymentMethodId (from Stripe.js) is required.');
      }
      const response = await post(
        '/v1/payment_intents',
        {
          amount: String(request.amountCents),
          currency: request.currency,
          payment_method: request.paymentMethodId,
          confirm: 'true',
          description: request.description,
          'automatic_payment_methods[enabled]': 'true',
          'automatic_payment_methods[allow_redirects]': 'never',
          [`metadata[${idempotencyMetadataKey}]`]: request.idempotencyKey,
          // The charge comes back whole, with its card's fingerprint.
          'expand[]': 'latest_charge',
        },
        { 'Idempotency-Key': request.idempotencyKey },
      );
      if (response.kind === 'unavailable') return failed('provider_unavailable');
      const { status, body } = response;

      if (status >= 200 && status < 300) return intentResult(body);

      const error = stripeErrorOf(body);
      if (error.type === 'card_error') return declineOf(error);
      // Too many requests, or the same idempotency key still in flight: try again later.
      if (status === 429 || status === 409) return failed('provider_unavailable');
      // invalid_request_error, authentication_error, idempotency_error…: a fault on our side.
      return failed('processing_error', error.message || processingErrorMessage);
    },

    async refund(reference: string, amountCents: number): Promise<RefundResult> {
      const response = await post('/v1/refunds', {
        payment_intent: reference,
        amount: String(amountCents),
      });
      if (response.kind === 'unavailable') return { ok: false, message: response.message };
      const { status, body } = response;
      if (status >= 200 && status < 300) {
        if (body.status === 'succeeded' || body.status === 'pending') return { ok: true };
        return { ok: false, message: `Stripe refund is ${String(body.status)}` };
      }
      return { ok: false, message: stripeErrorOf(body).message || `Stripe answered HTTP ${status}` };
    },
  };
}

/** The metadata field of a PaymentIntent that holds the charge's idempotency key (reconciliation). */
export const idempotencyMetadataKey = 'idempotency_key';

/** What the PaymentIntents found for one key say (one succeeded wins; any still running is processing). */
export function lookupOfIntents(intents: readonly Record<string, unknown>[]): PaymentLookup {
  const paid = intents.find((intent) => intent.status === 'succeeded' && typeof intent.id === 'string');
  if (paid) {
    const amount = typeof paid.amount === 'number' ? paid.amount : 0;
    const refunded = typeof paid.amount_refunded === 'number' ? paid.amount_refunded : 0;
    return {
      state: 'succeeded',
      reference: paid.id as string,
      amountCents: amount,
      refunded: refunded > 0,
      cardFingerprint: cardFingerprintOfIntent(paid),
    };
  }
  if (intents.some((intent) => intent.status === 'processing' || intent.status === 'requires_capture'))
    return { state: 'processing' };
  if (intents.length > 0) return { state: 'failed', reason: `stripe: ${String(intents[0]!.status)}` };
  return { state: 'unknown' };
}

const objectOf = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** A Charge's `payment_method_details.card.fingerprint` (null for another kind of payment or none). */
export function cardFingerprintOfCharge(charge: unknown): string | null {
  const card = objectOf(objectOf(objectOf(charge)?.payment_method_details)?.card);
  const fingerprint = card?.fingerprint;
  return typeof fingerprint === 'string' && fingerprint !== '' ? fingerprint : null;
}

/**
 * The card fingerprint of a PaymentIntent's charge: its `latest_charge` when expanded (our requests
 * ask for it), or the `charges` list that API versions before 2022-11-15 embed. Null when the intent
 * names its charge by id only (as webhook events do): `charge.succeeded` brings it then.
 */
export function cardFingerprintOfIntent(intent: Record<string, unknown>): string | null {
  const latest = cardFingerprintOfCharge(intent.latest_charge);
  if (latest) return latest;
  const charges = objectOf(intent.charges)?.data;
  if (!Array.isArray(charges)) return null;
  for (const charge of charges as unknown[])
    if (objectOf(charge)?.status === 'succeeded') return cardFingerprintOfCharge(charge);
  return null;
}

/** A PaymentIntent that Stripe accepted (HTTP 2xx) → our result. */
function intentResult(intent: Record<string, unknown>): ChargeResult {
  if (intent.status === 'succeeded' && typeof intent.id === 'string') {
    return { status: 'succeeded', reference: intent.id, cardFingerprint: cardFingerprintOfIntent(intent) };
  }
  // 3-D Secure would need the browser; with redirects off Stripe asks for it this way.
  if (intent.status === 'requires_action') {
    return declined('card_declined', 'Your card was declined. This transaction requires authentication.');
  }
  // A confirmation that failed leaves the intent waiting for another payment method.
  if (intent.status === 'requires_payment_method') {
    return declineOf(stripeErrorOf({ error: intent.last_payment_error }));
  }
  return failed('processing_error', `Unexpected PaymentIntent status: ${String(intent.status)}`);
}

/** A card_error → our decline, with Stripe's message. */
function declineOf(error: StripeError): ChargeResult {
  const code = declineCodes[error.decline_code ?? ''] ?? declineCodes[error.code ?? ''] ?? 'card_declined';
  return declined(code, error.message || declineMessages[code]);
}

function stripeErrorOf(body: Record<string, unknown>): StripeError {
  const error = body.error;
  if (typeof error !== 'object' || error === null) return {};
  const field = (name: string) => {
    const value = (error as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    type: field('type'),
    code: field('code'),
    decline_code: field('decline_code'),
    message: field('message'),
  };
}
