/**
 * The built-in payment provider (PAYMENT_PROVIDER=test): behaves like Stripe in test mode, with the
 * same test card numbers and messages, and never moves money. State (idempotency keys, charges)
 * lives in the provider instance.
 */
import {
  type CardInput,
  type ChargeRequest,
  type ChargeResult,
  type DeclineCode,
  declined,
  failed,
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

export type TestPaymentProviderOptions = {
  /** How long the processing-error card takes before failing. */
  failureDelayMs?: number;
  /** Waits `ms`; injectable so tests need not wait. Defaults to a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock, for the expiry check (DESIGN §4.10). */
  now: () => Date;
};

/** Stripe's limits for a USD amount, in cents. */
const minAmountCents = 50;
const maxAmountCents = 99_999_999;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTestPaymentProvider({
  failureDelayMs = 1500,
  sleep = realSleep,
  now,
}: TestPaymentProviderOptions): PaymentProvider {
  /** Idempotency key → the request's fingerprint and its (possibly still pending) result. */
  const attempts = new Map<string, { fingerprint: string; result: Promise<ChargeResult> }>();
  /** Reference of a succeeded charge → its amount and whether it was refunded. */
  const charges = new Map<string, { amountCents: number; refunded: boolean }>();

  async function execute(request: ChargeRequest): Promise<ChargeResult> {
    const { amountCents } = request;
    if (!Number.isInteger(amountCents) || amountCents < minAmountCents) {
      return failed('processing_error', 'Amount must be at least $0.50 usd');
    }
    if (amountCents > maxAmountCents) {
      return failed('processing_error', 'Amount must be no more than $999,999.99');
    }
    if (!request.card) return declined('incorrect_number');
    const invalid = validateCard(request.card, now());
    if (invalid) return declined(invalid);

    const outcome = outcomeOf(normalizeNumber(request.card.number));
    if (outcome === 'processing_error') {
      await sleep(failureDelayMs);
      return failed('processing_error');
    }
    if (outcome !== 'succeeded') return declined(outcome);

    const reference = `test_ch_${randomHex(12)}`;
    charges.set(reference, { amountCents, refunded: false });
    return { status: 'succeeded', reference };
  }

  return {
    name: 'test',

    charge(request) {
      const fingerprint = fingerprintOf(request);
      const previous = attempts.get(request.idempotencyKey);
      if (previous) {
        if (previous.fingerprint === fingerprint) return previous.result;
        return Promise.resolve(
          failed(
            'processing_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          ),
        );
      }
      const result = execute(request);
      attempts.set(request.idempotencyKey, { fingerprint, result });
      return result;
    },

    async refund(reference, amountCents): Promise<RefundResult> {
      const charge = charges.get(reference);
      if (!charge) return { ok: false, message: `No such charge: '${reference}'` };
      if (charge.refunded) return { ok: false, message: `Charge ${reference} has already been refunded.` };
      if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > charge.amountCents) {
        return {
          ok: false,
          message: `Refund amount must be a whole number of cents between 1 and ${charge.amountCents}.`,
        };
      }
      charge.refunded = true;
      return { ok: true };
    },
  };
}

function outcomeOf(number: string): TestCardOutcome {
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
