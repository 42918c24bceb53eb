import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { models } from './catalog';
import { users } from './users';

/**
 * A visitor's question to a model's designer, sent with the model page's support form. Conversations
 * (issue 7) will carry these as `model_support`; until then the designer's inbox is this table.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    designerId: integer('designer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    body: text('body').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_designer_idx').on(t.designerId, t.createdAt.desc())],
);
