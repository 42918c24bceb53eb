import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

import { users } from '@/server/db/schema/users';

export { designerSkills } from '../designer-skills';

/** Spec §3 "Designer profile": one row per user who sells. */
export const designerProfiles = pgTable(
  'designer_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Average review rating 0–5. */
    rating: real('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    reputation: integer('reputation').notNull().default(0),
    /** Share of messages answered, in per mille (0–1000). */
    responseRatePermille: smallint('response_rate_permille').notNull().default(0),
    /** Average time to answer a message, in minutes; null until there is a message. */
    responseTimeMinutes: integer('response_time_minutes'),
    projectsDone: integer('projects_done').notNull().default(0),
    projectsInProgress: integer('projects_in_progress').notNull().default(0),
    modelViews: integer('model_views').notNull().default(0),
    /** Followers: a seeded or imported figure plus one per `designer_follows` row (decision 0032). */
    followers: integer('followers').notNull().default(0),
    software: text('software')
      .array()
      .notNull()
      .default(sql`'{}'`),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'`),
    about: text('about').notNull().default(''),
    /** The member's own web pages (portfolio, shop, social), shown as nofollow links. */
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'`),
    country: text('country'),
    acceptsCustomRequests: boolean('accepts_custom_requests').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('designer_rating_range', sql`${t.rating} between 0 and 5`),
    check('designer_response_rate_range', sql`${t.responseRatePermille} between 0 and 1000`),
  ],
);

/** Spec §3 "Featured designer": who the home page features, with the keywords shown as tags. */
export const featuredDesigners = pgTable('featured_designers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  keywords: text('keywords')
    .array()
    .notNull()
    .default(sql`'{}'`),
  active: boolean('active').notNull().default(true),
  /** Times the card was at least half visible (spec §4 tracking call). */
  impressions: integer('impressions').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A review between two users after a sale or a custom job: the profile shows those a designer received
 * and those they gave. Positive or negative is the reviewer's verdict; the rating is 1–5 stars.
 */
export const designerReviews = pgTable(
  'designer_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positive: boolean('positive').notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('designer_reviews_subject_idx').on(t.subjectId, t.createdAt.desc()),
    index('designer_reviews_author_idx').on(t.authorId, t.createdAt.desc()),
    check('designer_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('designer_reviews_not_self', sql`${t.authorId} <> ${t.subjectId}`),
  ],
);
