/**
 * The built-in test payment provider's own books (PAYMENT_PROVIDER=test): one row per idempotency key,
 * as Stripe keeps one per key, so that the provider can be asked after a crash what happened to a key.
 * Only the test provider reads and writes it; the shop's own records are `orders`.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const testPaymentCharges = pgTable(
  'test_payment_charges',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    /** The request's parameters: the same key with others is refused, as Stripe does. */
    fingerprint: text('fingerprint').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The outcome the charge has (or will have at `settles_at`); 'canceled': the key was expired unused. */
    status: text('status', { enum: ['succeeded', 'declined', 'failed', 'canceled'] }).notNull(),
    code: text('code'),
    message: text('message'),
    reference: text('reference').unique(),
    /** Until then the charge is processing (the delayed-failure card). */
    settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('test_payment_charges_refund', sql`${t.refundedCents} between 0 and ${t.amountCents}`)],
);
