/** Printlists (decision 0048): a user's named lists of print models, public or private, in their order. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { models } from '@/features/catalog/server/schema';
import { users } from '@/server/db/schema/users';

export const printlists = pgTable(
  'printlists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Markdown, rendered by the safe user-text renderer. */
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('printlists_owner_idx').on(t.ownerId, t.updatedAt.desc()),
    index('printlists_public_idx')
      .on(t.updatedAt.desc())
      .where(sql`${t.visibility} = 'public'`),
  ],
);

export const printlistItems = pgTable(
  'printlist_items',
  {
    printlistId: integer('printlist_id')
      .notNull()
      .references(() => printlists.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    /** 0-based place in the list; the owner reorders by rewriting them. */
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.printlistId, t.modelId] }),
    index('printlist_items_model_idx').on(t.modelId),
    check('printlist_items_position', sql`${t.position} >= 0`),
  ],
);
