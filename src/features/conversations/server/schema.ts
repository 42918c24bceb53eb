import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { conversationTypes, messageKinds, offerStatuses } from '../conversation-types';

import { models } from '@/features/catalog/server/schema';
import { users } from '@/server/db/schema/users';

export const conversationType = pgEnum('conversation_type', conversationTypes);
export const messageKind = pgEnum('message_kind', messageKinds);
export const offerStatus = pgEnum('price_offer_status', offerStatuses);

/**
 * A conversation between users (spec §3 conversation types). What it is about is optional: a model
 * (model_support, model_feedback) or a freelance project (job_application); the freelance tables point
 * back to it. `lastMessageAt` orders the inbox.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: conversationType('type').notNull(),
    subject: text('subject').notNull(),
    modelId: integer('model_id').references(() => models.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_model_idx').on(t.modelId)],
);

/**
 * Who may read a conversation, and how far each has read: unread = messages by others with an id above
 * `lastReadMessageId`. Only participants read a conversation (admins included only when added).
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId),
  ],
);

/** A message; `senderId` null is the system. Append-only: nothing edits a sent message. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: messageKind('kind').notNull().default('text'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    check('messages_body_length', sql`char_length(${t.body}) <= 5000`),
  ],
);

/** A file sent with a message (a reference picture, a delivery); stored under `storageKey`. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

/**
 * A designer's price for one of their models, offered to one buyer in an `offer` conversation
 * (decision 0037). While `accepted` and not expired, that buyer's cart and checkout charge
 * `priceCents` for the model; `ordered` once an order took it (back to `accepted` if the payment
 * fails). At most one live (open or accepted) offer per buyer and model.
 */
export const priceOffers = pgTable(
  'price_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    designerId: integer('designer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    status: offerStatus('status').notNull().default('open'),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('price_offers_live_idx')
      .on(t.buyerId, t.modelId)
      .where(sql`${t.status} in ('open', 'accepted')`),
    index('price_offers_conversation_idx').on(t.conversationId),
    check('price_offers_price_positive', sql`${t.priceCents} > 0`),
  ],
);
