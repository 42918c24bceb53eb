import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { earningKinds, orderKinds, orderStatuses, pointsEntryKinds } from '../commerce-states';

import { licenceType, modelFiles, models } from '@/features/catalog/server/schema';
import { users } from '@/server/db/schema/users';

/** Spec §3 "Coupon": public deals (coupons page) and enterprise codes entered in the cart. */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  /** 'deal' coupons are listed on the coupons page; 'enterprise' codes are given to businesses. */
  kind: text('kind', { enum: ['deal', 'enterprise'] }).notNull(),
  percentOff: smallint('percent_off').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderStatus = pgEnum('order_status', orderStatuses);
export const orderKind = pgEnum('order_kind', orderKinds);

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The client's key for this checkout: a retried or double-clicked checkout returns the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    kind: orderKind('kind').notNull().default('models'),
    status: orderStatus('status').notNull().default('pending'),
    subtotalCents: integer('subtotal_cents').notNull(),
    saleDiscountCents: integer('sale_discount_cents').notNull(),
    couponCode: text('coupon_code'),
    couponDiscountCents: integer('coupon_discount_cents').notNull(),
    creditsCents: integer('credits_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    paymentProvider: text('payment_provider').notNull(),
    paymentReference: text('payment_reference'),
    /**
     * The paying card's identity at the provider, written when the payment succeeds (Stripe's card
     * fingerprint; the test provider's hash of the card number): the same card, whoever paid with it.
     */
    cardFingerprint: text('card_fingerprint'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_card_fingerprint_idx').on(t.cardFingerprint),
    check('orders_total_not_negative', sql`${t.totalCents} >= 0`),
  ],
);

/** One model bought: prices are a snapshot of the checkout; the licence certificate is printed from it. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id),
    designerId: integer('designer_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    licence: licenceType('licence').notNull(),
    priceCents: integer('price_cents').notNull(),
    saleDiscountCents: integer('sale_discount_cents').notNull(),
    couponDiscountCents: integer('coupon_discount_cents').notNull(),
    creditsCents: integer('credits_cents').notNull(),
    finalCents: integer('final_cents').notNull(),
  },
  (t) => [
    uniqueIndex('order_lines_order_model_idx').on(t.orderId, t.modelId),
    index('order_lines_model_idx').on(t.modelId),
    index('order_lines_designer_idx').on(t.designerId),
  ],
);

export const pointsEntryKind = pgEnum('points_entry_kind', pointsEntryKinds);

/**
 * The loyalty points (credits) ledger: append-only, integer cents, signed (spent and expired are
 * negative). A balance is the sum of a user's entries; nothing updates or deletes a row.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: pointsEntryKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    /** Business credits never expire. */
    business: boolean('business').notNull().default(false),
    /** When the unspent rest of an earned or gifted entry expires; null: never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** For an 'expired' entry: the entry it expires. */
    expiresEntryId: bigint('expires_entry_id', { mode: 'number' }),
    /** For a 'rewarded' entry: what it rewards (`challenge:12:winner`), so each reward is paid once. */
    rewardKey: text('reward_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('points_ledger_order_kind_idx').on(t.orderId, t.kind),
    uniqueIndex('points_ledger_expires_entry_idx').on(t.expiresEntryId),
    uniqueIndex('points_ledger_reward_key_idx').on(t.rewardKey),
    // Spent and expired take away, earned and gifted add; a refund may do either (net of an order).
    check(
      'points_ledger_sign',
      // Compared as text: a migration that adds a kind may not use the new enum value in its own transaction.
      sql`${t.amountCents} <> 0 and (${t.kind}::text not in ('spent', 'expired') or ${t.amountCents} < 0) and (${t.kind}::text not in ('earned', 'gifted', 'rewarded') or ${t.amountCents} > 0) and ((${t.kind}::text = 'rewarded') = (${t.rewardKey} is not null))`,
    ),
  ],
);

export const earningKind = pgEnum('earning_kind', earningKinds);

/**
 * A designer's earnings: append-only, integer cents, signed (a fee and a payout take away). The balance
 * is the sum. One entry per kind and project or custom request: a double-submitted approval pays once.
 */
export const designerEarnings = pgTable(
  'designer_earnings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: earningKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    projectId: integer('project_id'),
    customModelRequestId: integer('custom_model_request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('designer_earnings_designer_idx').on(t.designerId, t.createdAt.desc()),
    uniqueIndex('designer_earnings_project_kind_idx').on(t.projectId, t.kind),
    uniqueIndex('designer_earnings_custom_kind_idx').on(t.customModelRequestId, t.kind),
    check(
      'designer_earnings_sign',
      sql`${t.amountCents} <> 0 and (${t.kind} not in ('platform_fee', 'payout') or ${t.amountCents} < 0) and (${t.kind} not in ('project_payment', 'custom_model_payment') or ${t.amountCents} > 0)`,
    ),
  ],
);

/** One row per download of a bought file: the seller's analytics count them per model and day. */
export const downloadEvents = pgTable(
  'download_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => modelFiles.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('download_events_model_idx').on(t.modelId, t.createdAt)],
);
