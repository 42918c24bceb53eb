/** Follows: one row per follower and designer (decision 0032); `designer_profiles.followers` counts them. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

import { users } from '@/server/db/schema/users';

export const designerFollows = pgTable(
  'designer_follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    designerId: integer('designer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.designerId] }),
    index('designer_follows_follower_time_idx').on(t.followerId, t.followedAt.desc(), t.designerId),
    index('designer_follows_designer_idx').on(t.designerId),
    check('designer_follows_not_self', sql`${t.followerId} <> ${t.designerId}`),
  ],
);
