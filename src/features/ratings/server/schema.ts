/**
 * Community ratings of models (issue 25, decision 0047): one rating per buyer and model, editable, with
 * an optional review text and the designer's one answer. `models.rating_average` / `rating_count` (the
 * catalogue's) are kept equal to the seeded figures plus these rows.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { models } from '@/features/catalog/server/schema';
import { users } from '@/server/db/schema/users';

export const modelRatings = pgTable(
  'model_ratings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0–5 whole stars. */
    stars: smallint('stars').notNull(),
    /** The review's text; empty for a rating without one. */
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the rater changes the stars or the text after giving them. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The model's designer's one answer. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** A moderator hid the review's text (the stars still count). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('model_ratings_model_user_idx').on(t.modelId, t.userId),
    // The model page lists a model's reviews newest first.
    index('model_ratings_model_time_idx').on(t.modelId, t.createdAt.desc(), t.id),
    // The community ratings page reads the ratings given in the last 30 days.
    index('model_ratings_time_idx').on(t.createdAt),
    index('model_ratings_user_idx').on(t.userId),
    check('model_ratings_stars_range', sql`${t.stars} between 0 and 5`),
  ],
);

/**
 * A model's seeded or imported figures, kept the first time one of its rows is written: the model's
 * average is then recomputed exactly from them and the rows, never drifting with each edit.
 */
export const modelRatingBaselines = pgTable('model_rating_baselines', {
  modelId: integer('model_id')
    .primaryKey()
    .references(() => models.id, { onDelete: 'cascade' }),
  count: integer('count').notNull(),
  average: real('average').notNull(),
});
