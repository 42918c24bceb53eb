/**
 * The built-in payment provider (PAYMENT_PROVIDER=test): behaves like Stripe in test mode, with the
 * same test card numbers and messages, and never moves money. Like Stripe it keeps its own record of
 * every idempotency key (a `TestChargeStore`: the database for the app, memory in unit tests), so it
 * can be asked after a crash what happened to a key, and a key charges once across restarts.
 */
import {
  type CardInput,
  type ChargeRequest,
  type ChargeResult,
  type DeclineCode,
  declined,
  failed,
  type PaymentLookup,
  type PaymentProvider,
  type RefundResult,
} from './payment-provider';

export type TestCardOutcome = 'succeeded' | DeclineCode | 'processing_error';

export type TestCard = { number: string; outcome: TestCardOutcome; label: string };

/**
 * Cards a checkout page may list for testers (any expiry in the future and any 3-digit CVC).
 * `outcome` is the key to translate; `label` is an English description.
 */
export const testCards: readonly TestCard[] = [
  { number: '4242424242424242', outcome: 'succeeded', label: 'Visa: payment succeeds' },
  { number: '5555555555554444', outcome: 'succeeded', label: 'Mastercard: payment succeeds' },
  { number: '4000000000000002', outcome: 'card_declined', label: 'Declined (generic decline)' },
  { number: '4000000000009995', outcome: 'insufficient_funds', label: 'Declined: insufficient funds' },
  { number: '4000000000000069', outcome: 'expired_card', label: 'Declined: expired card' },
  { number: '4000000000000127', outcome: 'incorrect_cvc', label: 'Declined: incorrect CVC' },
  {
    number: '4000000000000119',
    outcome: 'processing_error',
    label: 'Fails with a processing error after a delay',
  },
];

/** The provider's record of one idempotency key. */
export type TestChargeRecord = {
  idempotencyKey: string;
  fingerprint: string;
  amountCents: number;
  /** 'canceled': the key was given up on before any charge, and never charges. */
  status: 'succeeded' | 'declined' | 'failed' | 'canceled';
  code: string | null;
  message: string | null;
  reference: string | null;
  /** The charge is processing until then (the delayed-failure card). */
  settlesAt: Date;
  refundedCents: number;
};

export type RefundAttempt = 'refunded' | 'already_refunded' | 'unknown' | 'bad_amount';

/** Where the provider keeps its records; every operation is atomic. */
export interface TestChargeStore {
  find(idempotencyKey: string): Promise<TestChargeRecord | undefined>;
  /** Stores the record unless the key has one: the key's record afterwards, and whether it is this one. */
  insert(record: TestChargeRecord): Promise<{ record: TestChargeRecord; inserted: boolean }>;
  /** Refunds a succeeded charge once, in full or in part. */
  refund(reference: string, amountCents: number): Promise<{ outcome: RefundAttempt; amountCents?: number }>;
}

export type TestPaymentProviderOptions = {
  /** How long the processing-error card takes before failing. */
  failureDelayMs?: number;
  /** Waits `ms`; injectable so tests need not wait. Defaults to a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock, for the expiry check (DESIGN §4.10). */
  now: () => Date;
  /** The provider's books; a fresh memory store by default. */
  store?: TestChargeStore;
  /** Called while a new charge is processing (after it is recorded): a test's crash point. */
  onProcessing?: () => Promise<void>;
};

/** Stripe's limits for a USD amount, in cents. */
const minAmountCents = 50;
const maxAmountCents = 99_999_999;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const reuseRefused = () =>
  failed(
    'processing_error',
    'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  );

export function createTestPaymentProvider({
  failureDelayMs = 1500,
  sleep = realSleep,
  now,
  store = createMemoryTestChargeStore(),
  onProcessing,
}: TestPaymentProviderOptions): PaymentProvider {
  /** Charges made by this process, by key: concurrent and repeated requests share one answer. */
  const attempts = new Map<string, { fingerprint: string; result: Promise<ChargeResult> }>();

  /** The outcome a new request gets, settled at once or after the delay. */
  function outcomeOf(request: ChargeRequest, fingerprint: string): TestChargeRecord {
    const at = now();
    const record = (result: ChargeResult, settlesAt = at): TestChargeRecord => ({
      idempotencyKey: request.idempotencyKey,
      fingerprint,
      amountCents: request.amountCents,
      status: result.status,
      code: result.status === 'succeeded' ? null : result.code,
      message: result.status === 'succeeded' ? null : result.message,
      reference: result.status === 'succeeded' ? result.reference : null,
      settlesAt,
      refundedCents: 0,
    });
    const { amountCents } = request;
    if (!Number.isInteger(amountCents) || amountCents < minAmountCents) {
      return record(failed('processing_error', 'Amount must be at least $0.50 usd'));
    }
    if (amountCents > maxAmountCents) {
      return record(failed('processing_error', 'Amount must be no more than $999,999.99'));
    }
    if (!request.card) return record(declined('incorrect_number'));
    const invalid = validateCard(request.card, at);
    if (invalid) return record(declined(invalid));
    const outcome = cardOutcomeOf(normalizeNumber(request.card.number));
    if (outcome === 'processing_error') {
      return record(failed('processing_error'), new Date(at.getTime() + failureDelayMs));
    }
    if (outcome !== 'succeeded') return record(declined(outcome));
    return record({ status: 'succeeded', reference: `test_ch_${randomHex(12)}` });
  }

  async function execute(request: ChargeRequest, fingerprint: string): Promise<ChargeResult> {
    const { record, inserted } =
      (await store
        .find(request.idempotencyKey)
        .then((found) => found && { record: found, inserted: false })) ??
      (await store.insert(outcomeOf(request, fingerprint)));
    if (record.fingerprint !== fingerprint) return reuseRefused();
    if (inserted && record.settlesAt > now()) {
      await onProcessing?.();
      await sleep(failureDelayMs);
    } else if (!inserted) {
      // Recorded by an earlier process that stopped while the charge was processing.
      const waitMs = record.settlesAt.getTime() - now().getTime();
      if (waitMs > 0) await sleep(waitMs);
    }
    const result = resultOf(record);
    return result.status === 'succeeded'
      ? { ...result, cardFingerprint: await cardFingerprintOfRecord(record) }
      : result;
  }

  async function lookup(idempotencyKey: string): Promise<PaymentLookup> {
    const record = await store.find(idempotencyKey);
    if (!record || record.status === 'canceled') return { state: 'unknown' };
    if (record.settlesAt > now()) return { state: 'processing' };
    if (record.status === 'succeeded') {
      return {
        state: 'succeeded',
        reference: record.reference!,
        amountCents: record.amountCents,
        refunded: record.refundedCents > 0,
        cardFingerprint: await cardFingerprintOfRecord(record),
      };
    }
    return { state: 'failed', reason: `${record.status}: ${record.code}` };
  }

  return {
    name: 'test',

    charge(request) {
      const fingerprint = fingerprintOf(request);
      const previous = attempts.get(request.idempotencyKey);
      if (previous) {
        if (previous.fingerprint === fingerprint) return previous.result;
        return Promise.resolve(reuseRefused());
      }
      const result = execute(request, fingerprint);
      attempts.set(request.idempotencyKey, { fingerprint, result });
      return result;
    },

    async refund(reference, amountCents): Promise<RefundResult> {
      const { outcome, amountCents: chargedCents } = await store.refund(reference, amountCents);
      if (outcome === 'refunded') return { ok: true };
      if (outcome === 'unknown') return { ok: false, message: `No such charge: '${reference}'` };
      if (outcome === 'already_refunded')
        return { ok: false, message: `Charge ${reference} has already been refunded.` };
      return {
        ok: false,
        message: `Refund amount must be a whole number of cents between 1 and ${chargedCents}.`,
      };
    },

    lookup,

    async expire(idempotencyKey) {
      await store.insert({
        idempotencyKey,
        fingerprint: 'canceled',
        amountCents: 0,
        status: 'canceled',
        code: null,
        message: null,
        reference: null,
        settlesAt: now(),
        refundedCents: 0,
      });
      return lookup(idempotencyKey);
    },
  };
}

function resultOf(record: TestChargeRecord): ChargeResult {
  if (record.status === 'succeeded') return { status: 'succeeded', reference: record.reference! };
  if (record.status === 'declined') return declined(record.code as DeclineCode, record.message ?? undefined);
  if (record.status === 'canceled') return reuseRefused();
  return failed('processing_error', record.message ?? undefined);
}

/** The provider's books in memory (unit tests; one provider instance). */
export function createMemoryTestChargeStore(): TestChargeStore {
  const byKey = new Map<string, TestChargeRecord>();
  const byReference = new Map<string, TestChargeRecord>();
  return {
    find: async (key) => byKey.get(key),
    async insert(record) {
      const existing = byKey.get(record.idempotencyKey);
      if (existing) return { record: existing, inserted: false };
      byKey.set(record.idempotencyKey, record);
      if (record.reference) byReference.set(record.reference, record);
      return { record, inserted: true };
    },
    async refund(reference, amountCents) {
      const charge = byReference.get(reference);
      const outcome = refundCheck(charge, amountCents);
      if (outcome === 'refunded') charge!.refundedCents = amountCents;
      return { outcome, amountCents: charge?.amountCents };
    },
  };
}

/** Whether a refund of `amountCents` of this charge may go through. */
export function refundCheck(charge: TestChargeRecord | undefined, amountCents: number): RefundAttempt {
  if (!charge || charge.status !== 'succeeded') return 'unknown';
  if (charge.refundedCents > 0) return 'already_refunded';
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > charge.amountCents) {
    return 'bad_amount';
  }
  return 'refunded';
}

function cardOutcomeOf(number: string): TestCardOutcome {
  return testCards.find((card) => card.number === number)?.outcome ?? 'succeeded';
}

function normalizeNumber(number: string): string {
  return number.replace(/ /g, '');
}

/** The first problem with the card's details, checked in the order Stripe reports them. */
export function validateCard(card: CardInput, today: Date): DeclineCode | null {
  const number = normalizeNumber(card.number);
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) return 'incorrect_number';

  const { expMonth } = card;
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear)) {
    return 'expired_card';
  }
  // A card is valid through the last day of its expiry month.
  if (expYear * 12 + expMonth < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
    return 'expired_card';
  }

  if (!/^\d{3,4}$/.test(card.cvc)) return 'incorrect_cvc';
  return null;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The test provider's card identity, as Stripe's `card.fingerprint` is: the same card number gives the
 * same value (a SHA-256 of the number, so the number itself is not kept with the order).
 */
export async function testCardFingerprint(number: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(normalizeNumber(number)),
  );
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `test_fp_${hex.slice(0, 24)}`;
}

/** The card a recorded charge was made with (the request's parameters keep its number), as its identity. */
async function cardFingerprintOfRecord(record: TestChargeRecord): Promise<string | null> {
  let parameters: unknown;
  try {
    parameters = JSON.parse(record.fingerprint);
  } catch {
    return null;
  }
  const card = Array.isArray(parameters) ? (parameters[4] as unknown) : null;
  const number = Array.isArray(card) ? (card[0] as unknown) : null;
  return typeof number === 'string' ? testCardFingerprint(number) : null;
}

function fingerprintOf(request: ChargeRequest): string {
  const { card } = request;
  return JSON.stringify([
    request.amountCents,
    request.currency,
    request.description,
    request.paymentMethodId ?? null,
    card ? [normalizeNumber(card.number), card.expMonth, card.expYear, card.cvc] : null,
  ]);
}

/** `bytes` random bytes as hex, from Web Crypto (available in Node and browsers alike). */
function randomHex(bytes: number): string {
  const buffer = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
