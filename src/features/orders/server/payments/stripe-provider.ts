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
  async function post(
    path: string,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<StripeResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        body: new URLSearchParams(form).toString(),
        signal: controller.signal,
      });
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

  return {
    name: 'stripe',

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

/** A PaymentIntent that Stripe accepted (HTTP 2xx) → our result. */
function intentResult(intent: Record<string, unknown>): ChargeResult {
  if (intent.status === 'succeeded' && typeof intent.id === 'string') {
    return { status: 'succeeded', reference: intent.id };
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
