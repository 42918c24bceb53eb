/** The Stripe adapter against a real local HTTP server that answers like Stripe's API. */
import http from 'node:http';
import { type AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { type ChargeRequest } from './payment-provider';
import { createStripePaymentProvider } from './stripe-provider';

type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Reply = { status: number; body: unknown } | 'hang' | 'destroy';

const recorded: Recorded[] = [];
/** What the fake Stripe answers next, by the request's payment method (or path). */
let answer: (request: Recorded) => Reply;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      recorded.push(request);
      const reply = answer(request);
      if (reply === 'hang') return; // never answers
      if (reply === 'destroy') return void req.socket.destroy();
      res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': 'req_test' });
      res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  recorded.length = 0;
  answer = () => ({ status: 500, body: { error: { type: 'api_error' } } });
});

const secretKey = 'sk_test_123';

function charge(extra: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    amountCents: 2599,
    currency: 'usd',
    idempotencyKey: 'order-7-attempt-1',
    description: 'Order #7 (2 models)',
    paymentMethodId: 'pm_card_visa',
    ...extra,
  };
}

const intent = (status: string, extra: object = {}) => ({
  status: 200,
  body: { id: 'pi_3Abc', object: 'payment_intent', amount: 2599, currency: 'usd', status, ...extra },
});

/** A succeeded Charge as Stripe returns it (trimmed of fields the adapter does not read). */
const stripeCharge = {
  id: 'ch_3Abc',
  object: 'charge',
  amount: 2599,
  paid: true,
  payment_intent: 'pi_3Abc',
  status: 'succeeded',
  payment_method: 'pm_1Abc',
  payment_method_details: {
    type: 'card',
    card: {
      brand: 'visa',
      country: 'US',
      exp_month: 12,
      exp_year: 2034,
      fingerprint: 'Xt5EWLLDS7FJjR1c',
      funding: 'credit',
      last4: '4242',
      network: 'visa',
    },
  },
};

const cardError = (fields: object) => ({
  status: 402,
  body: { error: { type: 'card_error', charge: 'ch_1', payment_intent: { id: 'pi_3Abc' }, ...fields } },
});

describe('charge', () => {
  it('creates and confirms a PaymentIntent: form body, headers, succeeded → the intent id', async () => {
    answer = () => intent('succeeded');
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    expect(provider.name).toBe('stripe');
    expect(await provider.charge(charge())).toEqual({
      status: 'succeeded',
      reference: 'pi_3Abc',
      cardFingerprint: null,
    });

    expect(recorded).toHaveLength(1);
    const [request] = recorded;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/payment_intents');
    expect(request!.headers.authorization).toBe('Bearer sk_test_123');
    expect(request!.headers['idempotency-key']).toBe('order-7-attempt-1');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.body).toBe(
      'amount=2599&currency=usd&payment_method=pm_card_visa&confirm=true' +
        '&description=Order+%237+%282+models%29' +
        '&automatic_payment_methods%5Benabled%5D=true&automatic_payment_methods%5Ballow_redirects%5D=never' +
        '&metadata%5Bidempotency_key%5D=order-7-attempt-1&expand%5B%5D=latest_charge',
    );
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      amount: '2599',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      description: 'Order #7 (2 models)',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[idempotency_key]': 'order-7-attempt-1',
      'expand[]': 'latest_charge',
    });
  });

  it('keeps the card fingerprint of the expanded latest charge (decision 0048)', async () => {
    answer = () => intent('succeeded', { latest_charge: stripeCharge });
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    expect(await provider.charge(charge())).toEqual({
      status: 'succeeded',
      reference: 'pi_3Abc',
      cardFingerprint: 'Xt5EWLLDS7FJjR1c',
    });
  });

  it('a card_error maps its decline_code, keeping Stripe’s message', async () => {
    answer = () =>
      cardError({
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      });
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    expect(await provider.charge(charge())).toEqual({
      status: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it.each([
    [{ code: 'card_declined', decline_code: 'generic_decline' }, 'card_declined'],
    [{ code: 'card_declined', decline_code: 'stolen_card' }, 'card_declined'],
    [{ code: 'expired_card' }, 'expired_card'],
    [{ code: 'incorrect_cvc', decline_code: 'incorrect_cvc' }, 'incorrect_cvc'],
    [{ code: 'invalid_cvc' }, 'incorrect_cvc'],
    [{ code: 'incorrect_number' }, 'incorrect_number'],
    [{ code: 'invalid_number' }, 'incorrect_number'],
    [{ code: 'something_new' }, 'card_declined'],
    [{}, 'card_declined'],
  ])('card_error %o → %s', async (fields, code) => {
    answer = () => cardError({ ...fields, message: 'Stripe says no.' });
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    expect(await provider.charge(charge())).toEqual({ status: 'declined', code, message: 'Stripe says no.' });
  });

  it('a card_error without a message gets Stripe’s usual wording for the code', async () => {
    answer = () => cardError({ code: 'expired_card' });
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    expect(await provider.charge(charge())).toEqual({
      status: 'declined',
      code: 'expired_card',
      message: 'Your card has expired.',
    });
  });

  const unavailable = {
    status: 'failed',
    code: 'provider_unavailable',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  };

  it.each([500, 502, 503])('HTTP %i → provider_unavailable', async (status) => {
    answer = () => ({ status, body: { error: { type: 'api_error', message: 'Something went wrong.' } } });
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    expect(await provider.charge(charge())).toEqual(unavailable);
  });

  it('a request that hangs times out → provider_unavailable', async () => {
    answer = () => 'hang';
    const provider = createStripePaymentProvider({ secretKey, baseUrl, timeoutMs: 150 });
    const started = performance.now();
    expect(await provider.charge(charge())).toEqual(unavailable);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(recorded).toHaveLength(1);
  });

  it('a dropped connection, a refused connection and a non-JSON answer → provider_unavailable', async () => {
    answer = () => 'destroy';
    expect(await createStripePaymentProvider({ secretKey, baseUrl }).charge(charge())).toEqual(unavailable);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await createStripePaymentProvider({ secretKey, baseUrl: closedUrl }).charge(charge())).toEqual(
      unavailable,
    );

    answer = () => ({ status: 200, body: '<html>proxy error</html>' });
    expect(await createStripePaymentProvider({ secretKey, baseUrl }).charge(charge())).toEqual(unavailable);
  });

  it('rate limiting and an idempotency key in flight → provider_unavailable', async () => {
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    answer = () => ({ status: 429, body: { error: { type: 'invalid_request_error', code: 'rate_limit' } } });
    expect(await provider.charge(charge())).toEqual(unavailable);
    answer = () => ({ status: 409, body: { error: { type: 'idempotency_error' } } });
    expect(await provider.charge(charge())).toEqual(unavailable);
  });

  it('other API errors → processing_error with Stripe’s message', async () => {
    answer = () => ({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such PaymentMethod: 'pm_x'",
        },
      },
    });
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    expect(await provider.charge(charge())).toEqual({
      status: 'failed',
      code: 'processing_error',
      message: "No such PaymentMethod: 'pm_x'",
    });
  });

  it('a confirmation needing 3-D Secure or a failed one is a decline', async () => {
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    answer = () => intent('requires_action');
    expect(await provider.charge(charge())).toEqual(
      expect.objectContaining({ status: 'declined', code: 'card_declined' }),
    );
    answer = () =>
      intent('requires_payment_method', {
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
      });
    expect(await provider.charge(charge())).toEqual({
      status: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('refuses raw card numbers without calling Stripe', async () => {
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    const result = await provider.charge(
      charge({
        paymentMethodId: undefined,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      }),
    );
    expect(result).toEqual(expect.objectContaining({ status: 'failed', code: 'processing_error' }));
    expect(result.status === 'failed' && result.message).toMatch(/tokenized by Stripe\.js in production/);
    expect((await provider.charge(charge({ paymentMethodId: undefined }))).status).toBe('failed');
    expect(recorded).toHaveLength(0);
  });

  it('uses the injected fetch', async () => {
    const calls: string[] = [];
    const provider = createStripePaymentProvider({
      secretKey,
      baseUrl: 'https://stripe.invalid/',
      fetch: async (input) => {
        calls.push(String(input));
        return new Response(JSON.stringify({ id: 'pi_injected', status: 'succeeded' }), { status: 200 });
      },
    });
    expect(await provider.charge(charge())).toEqual({
      status: 'succeeded',
      reference: 'pi_injected',
      cardFingerprint: null,
    });
    expect(calls).toEqual(['https://stripe.invalid/v1/payment_intents']);
  });
});

describe('refund', () => {
  it('posts payment_intent and amount to /v1/refunds', async () => {
    answer = () => ({ status: 200, body: { id: 're_1', object: 'refund', status: 'succeeded' } });
    const provider = createStripePaymentProvider({ secretKey, baseUrl });
    expect(await provider.refund('pi_3Abc', 1200)).toEqual({ ok: true });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.url).toBe('/v1/refunds');
    expect(recorded[0]!.headers.authorization).toBe('Bearer sk_test_123');
    expect(recorded[0]!.body).toBe('payment_intent=pi_3Abc&amount=1200');
  });

  it('a pending refund is ok; a failed one, an API error, a 500 and a timeout are not', async () => {
    const provider = createStripePaymentProvider({ secretKey, baseUrl, timeoutMs: 150 });
    answer = () => ({ status: 200, body: { id: 're_1', status: 'pending' } });
    expect(await provider.refund('pi_1', 100)).toEqual({ ok: true });

    answer = () => ({ status: 200, body: { id: 're_1', status: 'failed' } });
    expect((await provider.refund('pi_1', 100)).ok).toBe(false);

    const message = 'Charge ch_1 has already been refunded.';
    answer = () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message } },
    });
    expect(await provider.refund('pi_1', 100)).toEqual({ ok: false, message });

    answer = () => ({ status: 500, body: {} });
    expect(await provider.refund('pi_1', 100)).toEqual({ ok: false, message: 'Stripe answered HTTP 500' });

    answer = () => 'hang';
    expect(await provider.refund('pi_1', 100)).toEqual({
      ok: false,
      message: 'Stripe did not answer within 150 ms',
    });
  });
});

describe('lookup (reconciliation)', () => {
  const provider = () => createStripePaymentProvider({ secretKey, baseUrl });
  const found = (...data: object[]) => ({ status: 200, body: { object: 'search_result', data } });

  it('searches the PaymentIntents by the key in their metadata', async () => {
    answer = () => found();
    expect(await provider().lookup('order-12')).toEqual({ state: 'unknown' });
    expect(recorded[0]!.method).toBe('GET');
    const url = new URL(recorded[0]!.url, baseUrl);
    expect(url.pathname).toBe('/v1/payment_intents/search');
    expect(url.searchParams.get('query')).toBe("metadata['idempotency_key']:'order-12'");
    expect(recorded[0]!.headers.authorization).toBe('Bearer sk_test_123');
  });

  it('maps what it finds: succeeded (refunded or not), processing, failed', async () => {
    answer = () => found({ id: 'pi_1', status: 'succeeded', amount: 2599, amount_refunded: 0 });
    expect(await provider().lookup('order-12')).toEqual({
      state: 'succeeded',
      reference: 'pi_1',
      amountCents: 2599,
      refunded: false,
      cardFingerprint: null,
    });
    expect(new URL(recorded[0]!.url, baseUrl).searchParams.get('expand[]')).toBe('data.latest_charge');
    answer = () =>
      found({
        id: 'pi_1',
        status: 'succeeded',
        amount: 2599,
        amount_refunded: 0,
        latest_charge: stripeCharge,
      });
    expect(await provider().lookup('order-12')).toMatchObject({ cardFingerprint: 'Xt5EWLLDS7FJjR1c' });
    answer = () =>
      found(
        { id: 'pi_0', status: 'requires_payment_method', amount: 2599 },
        { id: 'pi_1', status: 'succeeded', amount: 2599, amount_refunded: 2599 },
      );
    expect(await provider().lookup('order-12')).toMatchObject({ state: 'succeeded', refunded: true });
    answer = () => found({ id: 'pi_1', status: 'processing', amount: 2599 });
    expect(await provider().lookup('order-12')).toEqual({ state: 'processing' });
    answer = () => found({ id: 'pi_1', status: 'canceled', amount: 2599 });
    expect(await provider().lookup('order-12')).toEqual({ state: 'failed', reason: 'stripe: canceled' });
  });

  it('an unreachable Stripe is an error (asked again at the next run), never "unknown"', async () => {
    answer = () => ({ status: 500, body: { error: { type: 'api_error' } } });
    await expect(provider().lookup('order-12')).rejects.toThrow(/Stripe search failed/);
    await expect(provider().expire('order-12')).rejects.toThrow(/Stripe search failed/);
  });
});
