import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from '@/server/db/schema/users';

/**
 * A designer's tutorial (issue 25, decision 0045): a Markdown body, a cover picture, software tags and a
 * skill level; a draft only its author sees until it is published. The table keeps the name it had when
 * the designers feature seeded it (the profile's tutorials tab), so its rows stayed where they were.
 */
export const tutorials = pgTable(
  'designer_tutorials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** User Markdown, rendered by `renderUserMarkdown`. */
    body: text('body').notNull(),
    software: text('software')
      .array()
      .notNull()
      .default(sql`'{}'`),
    skillLevel: text('skill_level').notNull().default('beginner'),
    status: text('status').notNull().default('draft'),
    /** The cover's stored picture (`storeUserPicture`); null until one is uploaded. */
    coverKey: text('cover_key'),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('designer_tutorials_designer_idx').on(t.designerId, t.createdAt.desc()),
    index('designer_tutorials_published_idx').on(t.status, t.publishedAt.desc()),
    index('designer_tutorials_software_idx').using('gin', t.software),
    check('designer_tutorials_status', sql`${t.status} in ('draft', 'published')`),
    check('designer_tutorials_skill_level', sql`${t.skillLevel} in ('beginner', 'intermediate', 'advanced')`),
    check('designer_tutorials_published_at', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
);

/** One like per user and tutorial; `designer_tutorials.likes` counts them. */
export const tutorialLikes = pgTable(
  'tutorial_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tutorialId: integer('tutorial_id')
      .notNull()
      .references(() => tutorials.id, { onDelete: 'cascade' }),
    likedAt: timestamp('liked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tutorialId] }),
    index('tutorial_likes_tutorial_idx').on(t.tutorialId),
  ],
);

/** Comments under a published tutorial, in user Markdown; `designer_tutorials.comments` counts them. */
export const tutorialComments = pgTable(
  'tutorial_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tutorialId: integer('tutorial_id')
      .notNull()
      .references(() => tutorials.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tutorial_comments_tutorial_idx').on(t.tutorialId, t.createdAt, t.id)],
);

/** Pictures uploaded into a tutorial's body: counted against a limit, their files removed with it. */
export const tutorialPictures = pgTable(
  'tutorial_pictures',
  {
    key: text('key').primaryKey(),
    tutorialId: integer('tutorial_id')
      .notNull()
      .references(() => tutorials.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tutorial_pictures_tutorial_idx').on(t.tutorialId)],
);
