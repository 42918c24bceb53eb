/** Saved searches (decision 0033): a user's subscriptions to listings, and where each digest got to. */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { categories } from '@/features/catalog/server/schema';
import { users } from '@/server/db/schema/users';

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The language the digest is written in: the one the search was saved in. */
    locale: text('locale').notNull(),
    pathname: text('pathname').notNull(),
    /** 'models' or 'print'; null: the whole catalogue (search results, free models). */
    productType: text('product_type'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    /** The filters as a canonical query string (`canonicalQuery`). */
    query: text('query').notNull(),
    /** Product type, category and query in one: the same search is saved once per user. */
    scopeKey: text('scope_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Models published up to this time have been looked at; the next digest starts after it. */
    checkedUntil: timestamp('checked_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_scope_idx').on(t.userId, t.scopeKey),
    index('saved_searches_checked_idx').on(t.checkedUntil),
  ],
);
