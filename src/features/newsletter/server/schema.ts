import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The footer's newsletter: one row per address (subscribing twice changes nothing). */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_idx').on(sql`lower(${t.email})`)],
);
