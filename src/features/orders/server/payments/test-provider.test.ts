import { describe, expect, it } from 'vitest';

import { type CardInput, type ChargeRequest } from './payment-provider';
import {
  createMemoryTestChargeStore,
  createTestPaymentProvider,
  passesLuhn,
  testCardFingerprint,
  testCards,
  validateCard,
} from './test-provider';

const today = new Date('2026-05-15T12:00:00Z');

function setup(options: { failureDelayMs?: number } = {}) {
  const sleeps: number[] = [];
  const provider = createTestPaymentProvider({
    ...options,
    now: () => today,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { provider, sleeps };
}

let keys = 0;
function request(card: Partial<CardInput> = {}, extra: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    amountCents: 1999,
    currency: 'usd',
    idempotencyKey: `key-${++keys}`,
    description: 'Order 42',
    card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', ...card },
    ...extra,
  };
}

describe('test cards', () => {
  it.each([
    ['4242424242424242', 'succeeded'],
    ['5555555555554444', 'succeeded'],
    ['4242 4242 4242 4242', 'succeeded'],
    ['4000056655665556', 'succeeded'], // any other valid number
  ])('%s succeeds with a test_ch_ reference', async (number) => {
    const { provider } = setup();
    const result = await provider.charge(request({ number }));
    expect(result.status).toBe('succeeded');
    if (result.status === 'succeeded') expect(result.reference).toMatch(/^test_ch_[0-9a-f]{24}$/);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect."],
  ] as const)('%s is declined with %s', async (number, code, message) => {
    const { provider, sleeps } = setup();
    expect(await provider.charge(request({ number }))).toEqual({ status: 'declined', code, message });
    expect(sleeps).toEqual([]);
  });

  it('4000000000000119 waits failureDelayMs through the injected sleep, then fails', async () => {
    const { provider, sleeps } = setup();
    expect(await provider.charge(request({ number: '4000000000000119' }))).toEqual({
      status: 'failed',
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    });
    expect(sleeps).toEqual([1500]);

    const custom = setup({ failureDelayMs: 250 });
    await custom.provider.charge(request({ number: '4000000000000119' }));
    expect(custom.sleeps).toEqual([250]);
  });

  it('the default sleep is a real timer', async () => {
    const provider = createTestPaymentProvider({ failureDelayMs: 30, now: () => today });
    const started = performance.now();
    const result = await provider.charge(request({ number: '4000000000000119' }));
    expect(result.status).toBe('failed');
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('lists every test card, each with a valid number, a label and the outcome the provider gives', async () => {
    expect(testCards.map((card) => card.number)).toEqual([
      '4242424242424242',
      '5555555555554444',
      '4000000000000002',
      '4000000000009995',
      '4000000000000069',
      '4000000000000127',
      '4000000000000119',
    ]);
    const { provider } = setup();
    for (const card of testCards) {
      expect(passesLuhn(card.number)).toBe(true);
      expect(card.label.length).toBeGreaterThan(0);
      const result = await provider.charge(request({ number: card.number }));
      expect(result.status === 'succeeded' ? 'succeeded' : result.code).toBe(card.outcome);
    }
  });
});

describe('validation, before the card number decides', () => {
  const declinedWith = (code: string) => expect.objectContaining({ status: 'declined', code });

  it.each([
    ['4242424242424241', 'fails Luhn'],
    ['4242-4242-4242-4242', 'has dashes'],
    ['42424242424', '11 digits'],
    ['4242424242424242424 2', '20 digits'],
    ['', 'is empty'],
    ['4242abcd42424242', 'has letters'],
  ])('%s is an incorrect number (%s)', async (number) => {
    const { provider } = setup();
    expect(await provider.charge(request({ number }))).toEqual({
      status: 'declined',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    });
  });

  it('accepts 12 and 19 digits when Luhn passes', () => {
    const ok = { expMonth: 12, expYear: 2030, cvc: '123' };
    expect(validateCard({ number: '000000000000', ...ok }, today)).toBeNull();
    expect(validateCard({ number: '4000000000000000006', ...ok }, today)).toBeNull();
  });

  it('a request without a card is an incorrect number', async () => {
    const { provider } = setup();
    expect(await provider.charge({ ...request(), card: undefined })).toEqual(
      declinedWith('incorrect_number'),
    );
  });

  it.each([
    [{ expMonth: 4, expYear: 2026 }, 'last month'],
    [{ expMonth: 12, expYear: 2025 }, 'last year'],
    [{ expMonth: 0, expYear: 2030 }, 'month 0'],
    [{ expMonth: 13, expYear: 2030 }, 'month 13'],
    [{ expMonth: 1.5, expYear: 2030 }, 'a fractional month'],
    [{ expMonth: 6, expYear: 25 }, 'a past 2-digit year'],
  ])('%o is an expired card (%s)', async (expiry) => {
    const { provider } = setup();
    expect(await provider.charge(request(expiry))).toEqual({
      status: 'declined',
      code: 'expired_card',
      message: 'Your card has expired.',
    });
  });

  it('a card is valid through its expiry month, by the injected clock', async () => {
    const { provider } = setup();
    expect((await provider.charge(request({ expMonth: 5, expYear: 2026 }))).status).toBe('succeeded');
    expect((await provider.charge(request({ expMonth: 1, expYear: 30 }))).status).toBe('succeeded');
    const later = createTestPaymentProvider({ now: () => new Date('2026-06-01T00:00:00Z') });
    expect(await later.charge(request({ expMonth: 5, expYear: 2026 }))).toEqual(declinedWith('expired_card'));
  });

  it.each(['12', '12345', '12a', '', ' 123'])('cvc %j is incorrect', async (cvc) => {
    const { provider } = setup();
    expect(await provider.charge(request({ cvc }))).toEqual({
      status: 'declined',
      code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    });
  });

  it('accepts 3- and 4-digit cvcs', async () => {
    const { provider } = setup();
    expect((await provider.charge(request({ cvc: '123' }))).status).toBe('succeeded');
    expect((await provider.charge(request({ cvc: '1234' }))).status).toBe('succeeded');
  });

  it('checks the number, then the expiry, then the cvc, and all before the test card outcome', async () => {
    const { provider, sleeps } = setup();
    const allBad = { number: '4242424242424241', expMonth: 13, cvc: 'x' };
    expect(await provider.charge(request(allBad))).toEqual(declinedWith('incorrect_number'));
    expect(await provider.charge(request({ expMonth: 13, cvc: 'x' }))).toEqual(declinedWith('expired_card'));
    expect(await provider.charge(request({ number: '4000000000000119', cvc: 'x' }))).toEqual(
      declinedWith('incorrect_cvc'),
    );
    expect(sleeps).toEqual([]);
  });

  it('refuses amounts Stripe would refuse, without charging', async () => {
    const { provider } = setup();
    for (const amountCents of [0, -100, 49, 10.5, 100_000_000]) {
      expect(await provider.charge(request({}, { amountCents }))).toEqual(
        expect.objectContaining({ status: 'failed', code: 'processing_error' }),
      );
    }
    expect((await provider.charge(request({}, { amountCents: 50 }))).status).toBe('succeeded');
  });
});

describe('idempotency', () => {
  it('the same key returns the same result and reference without charging again', async () => {
    const { provider } = setup();
    const first = request();
    const a = await provider.charge(first);
    const b = await provider.charge({ ...first });
    expect(b).toEqual(a);
    // Only one charge exists: it can be refunded once.
    if (a.status !== 'succeeded') throw new Error('expected success');
    expect(await provider.refund(a.reference, 1999)).toEqual({ ok: true });
    expect((await provider.refund(a.reference, 1999)).ok).toBe(false);

    const other = await provider.charge(request());
    expect(other.status === 'succeeded' && other.reference).not.toBe(a.reference);
  });

  it('replays declines and delayed failures without waiting again', async () => {
    const { provider, sleeps } = setup();
    const declinedRequest = request({ number: '4000000000009995' });
    expect(await provider.charge(declinedRequest)).toEqual(await provider.charge(declinedRequest));
    const failing = request({ number: '4000000000000119' });
    expect(await provider.charge(failing)).toEqual(await provider.charge(failing));
    expect(sleeps).toEqual([1500]);
  });

  it('concurrent requests with the same key share one charge', async () => {
    const { provider } = setup();
    const same = request();
    const [a, b] = await Promise.all([provider.charge(same), provider.charge(same)]);
    expect(a).toEqual(b);
  });

  it('a key reused with other parameters is refused, and the first result stays', async () => {
    const { provider } = setup();
    const first = request();
    const a = await provider.charge(first);
    expect(await provider.charge({ ...first, amountCents: 5000 })).toEqual({
      status: 'failed',
      code: 'processing_error',
      message:
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    });
    expect(await provider.charge(first)).toEqual(a);
  });

  it('keys are per provider instance', async () => {
    const first = request();
    const a = await setup().provider.charge(first);
    const b = await setup().provider.charge(first);
    expect(a.status === 'succeeded' && b.status === 'succeeded' && a.reference !== b.reference).toBe(true);
  });
});

describe('the provider’s own record of each key (issue 24: asked after a crash)', () => {
  /** Two instances on one store: the process before and after a restart. */
  function restarted(at: { now: Date }) {
    const store = createMemoryTestChargeStore();
    const make = () => createTestPaymentProvider({ store, now: () => at.now, sleep: async () => {} });
    return { before: make(), after: make() };
  }

  it('a key charged before a restart answers the same afterwards and never charges twice', async () => {
    const { before, after } = restarted({ now: today });
    const first = request();
    const a = await before.charge(first);
    if (a.status !== 'succeeded') throw new Error('expected success');
    expect(await after.charge(first)).toEqual(a);
    expect(await after.lookup(first.idempotencyKey)).toEqual({
      state: 'succeeded',
      reference: a.reference,
      amountCents: 1999,
      refunded: false,
      cardFingerprint: a.cardFingerprint,
    });
    // The card's identity: the same number, the same fingerprint (decision 0048), never the number.
    expect(a.cardFingerprint).toBe(await testCardFingerprint('4242 4242 4242 4242'));
    expect(a.cardFingerprint).toMatch(/^test_fp_[0-9a-f]{24}$/);
    expect(a.cardFingerprint).not.toBe(await testCardFingerprint('5555555555554444'));
    expect(await after.refund(a.reference, 1999)).toEqual({ ok: true });
    expect((await before.refund(a.reference, 1999)).ok).toBe(false);
    expect(await before.lookup(first.idempotencyKey)).toMatchObject({ state: 'succeeded', refunded: true });
  });

  it('lookup: unknown, then processing during the delayed failure, then failed; declines are failed', async () => {
    const clock = { now: today };
    const store = createMemoryTestChargeStore();
    const crashed = createTestPaymentProvider({
      store,
      now: () => clock.now,
      sleep: () => new Promise(() => {}),
    });
    const failing = request({ number: '4000000000000119' });
    expect(await crashed.lookup(failing.idempotencyKey)).toEqual({ state: 'unknown' });
    void crashed.charge(failing);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await crashed.lookup(failing.idempotencyKey)).toEqual({ state: 'processing' });
    clock.now = new Date(today.getTime() + 1500);
    expect(await crashed.lookup(failing.idempotencyKey)).toEqual({
      state: 'failed',
      reason: 'failed: processing_error',
    });
    const declinedRequest = request({ number: '4000000000000002' });
    await crashed.charge(declinedRequest);
    expect(await crashed.lookup(declinedRequest.idempotencyKey)).toEqual({
      state: 'failed',
      reason: 'declined: card_declined',
    });
  });

  it('a restarted provider waits out a charge still processing, then answers its outcome', async () => {
    const store = createMemoryTestChargeStore();
    const failing = request({ number: '4000000000000119' });
    void createTestPaymentProvider({ store, now: () => today, sleep: () => new Promise(() => {}) }).charge(
      failing,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    const waits: number[] = [];
    const after = createTestPaymentProvider({
      store,
      now: () => new Date(today.getTime() + 500),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(await after.charge(failing)).toMatchObject({ status: 'failed', code: 'processing_error' });
    expect(waits).toEqual([1000]);
  });

  it('an expired key never charges; expiring a charged key answers its charge', async () => {
    const { before, after } = restarted({ now: today });
    const never = request();
    expect(await before.expire(never.idempotencyKey)).toEqual({ state: 'unknown' });
    expect(await after.charge(never)).toMatchObject({ status: 'failed', code: 'processing_error' });
    expect(await after.lookup(never.idempotencyKey)).toEqual({ state: 'unknown' });
    const charged = request();
    const a = await before.charge(charged);
    expect(await after.expire(charged.idempotencyKey)).toMatchObject({
      state: 'succeeded',
      reference: a.status === 'succeeded' ? a.reference : null,
    });
  });
});

describe('refunds', () => {
  async function charged() {
    const { provider } = setup();
    const result = await provider.charge(request());
    if (result.status !== 'succeeded') throw new Error('expected success');
    return { provider, reference: result.reference };
  }

  it('refunds a succeeded charge once, in full or in part', async () => {
    const full = await charged();
    expect(await full.provider.refund(full.reference, 1999)).toEqual({ ok: true });
    expect(await full.provider.refund(full.reference, 1999)).toEqual({
      ok: false,
      message: `Charge ${full.reference} has already been refunded.`,
    });

    const part = await charged();
    expect(await part.provider.refund(part.reference, 500)).toEqual({ ok: true });
    expect((await part.provider.refund(part.reference, 500)).ok).toBe(false);
  });

  it('refuses unknown references, declined charges and bad amounts', async () => {
    const { provider, reference } = await charged();
    expect(await provider.refund('test_ch_000000000000000000000000', 100)).toEqual({
      ok: false,
      message: "No such charge: 'test_ch_000000000000000000000000'",
    });
    for (const amount of [0, -1, 2000, 1.5])
      expect((await provider.refund(reference, amount)).ok).toBe(false);
    // …and a refused attempt does not use up the refund.
    expect(await provider.refund(reference, 1999)).toEqual({ ok: true });
  });

  it('a reference from another provider instance is unknown', async () => {
    const { reference } = await charged();
    expect((await setup().provider.refund(reference, 100)).ok).toBe(false);
  });
});

it('passesLuhn', () => {
  expect(passesLuhn('79927398713')).toBe(true);
  expect(passesLuhn('79927398710')).toBe(false);
  expect(passesLuhn('378282246310005')).toBe(true);
});
