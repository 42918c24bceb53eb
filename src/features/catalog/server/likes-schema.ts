/** Likes: one row per user and model (decision 0032); `models.likes` counts them on top of the seeded figure. */
import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

import { users } from '@/server/db/schema/users';

import { models } from './schema';

export const modelLikes = pgTable(
  'model_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    likedAt: timestamp('liked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.modelId] }),
    // The "Liked" page reads a user's likes newest first; the model's side serves the cascade.
    index('model_likes_user_time_idx').on(t.userId, t.likedAt.desc(), t.modelId),
    index('model_likes_model_idx').on(t.modelId),
  ],
);
