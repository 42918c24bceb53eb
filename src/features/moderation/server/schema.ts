/** The moderation queue (decision 0043): reports of user content, whatever feature owns the content. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { users } from '@/server/db/schema/users';

export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Who owns the content, e.g. `forum_post`; the registry of subject types knows how to show it. */
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** Null: the site held the content itself (`held_for_review`), no member reported it. */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    state: text('state').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** What was done: the subject type's action (`hide`, `ban`, …) or `dismissed`. */
    resolution: text('resolution'),
  },
  (t) => [
    // One open report per member and subject; once resolved, the member may report it again.
    uniqueIndex('reports_open_reporter_subject_idx')
      .on(t.subjectType, t.subjectId, t.reporterId)
      .where(sql`${t.state} = 'open'`),
    uniqueIndex('reports_open_hold_idx')
      .on(t.subjectType, t.subjectId)
      .where(sql`${t.state} = 'open' and ${t.reporterId} is null`),
    index('reports_open_idx').on(t.state, t.createdAt),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    check('reports_state', sql`${t.state} in ('open', 'resolved')`),
  ],
);
