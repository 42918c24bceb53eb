import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

import { customModelComplexities, customModelStatuses } from '../custom-model-lifecycle';

import { orders } from '@/features/orders/server/schema';
import { users } from '@/server/db/schema/users';

export const customModelStatus = pgEnum('custom_model_status', customModelStatuses);
export const customModelComplexity = pgEnum('custom_model_complexity', customModelComplexities);

/**
 * A request to the custom-model creation service (spec §1 "Custom solutions" (a)): references, a
 * description and a complexity whose fixed price was quoted (`priceCents`, a snapshot of the price
 * table); paid through an order; a designer selected by an admin; the result files are versions
 * (`custom_model_files.round`), the latest round being the one in QA or awaiting approval.
 */
export const customModelRequests = pgTable(
  'custom_model_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    complexity: customModelComplexity('complexity').notNull(),
    fileFormats: text('file_formats')
      .array()
      .notNull()
      .default(sql`'{}'`),
    referenceLinks: text('reference_links')
      .array()
      .notNull()
      .default(sql`'{}'`),
    priceCents: integer('price_cents').notNull(),
    status: customModelStatus('status').notNull().default('awaiting_payment'),
    orderId: integer('order_id').references(() => orders.id),
    designerId: integer('designer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The latest note: QA's reason to send a round back, or the buyer's change request. */
    note: text('note'),
    round: smallint('round').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    index('custom_model_requests_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('custom_model_requests_status_idx').on(t.status, t.updatedAt),
    index('custom_model_requests_designer_idx').on(t.designerId),
    check('custom_model_requests_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/** Reference pictures (kind 'reference', round 0) and result files (kind 'result', round ≥ 1). */
export const customModelFiles = pgTable(
  'custom_model_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => customModelRequests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reference', 'result'] }).notNull(),
    round: smallint('round').notNull().default(0),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_model_files_request_idx').on(t.requestId, t.kind, t.round)],
);

/** Every step of a request, for the buyer's tracking page and the admin's history. */
export const customModelEvents = pgTable(
  'custom_model_events',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => customModelRequests.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    status: customModelStatus('status').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.position] })],
);
