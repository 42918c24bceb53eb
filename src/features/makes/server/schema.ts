/**
 * Makes (issue 25, decision 0044): a member's pictures of what they printed or made from a model, with
 * the optional printer, material and settings, and the likes other members give them. `makes.likes`
 * counts the `make_likes` rows (moved together, like the models' likes).
 */
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

import { models } from '@/features/catalog/server/schema';
import { users } from '@/server/db/schema/users';

export const makes = pgTable(
  'makes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    printer: text('printer').notNull().default(''),
    material: text('material').notNull().default(''),
    settings: text('settings').notNull().default(''),
    likes: integer('likes').notNull().default(0),
    /** Hidden by a moderator: seen only by its poster and admins (decision 0044). */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The model page's "Makes (N)", newest first; the gallery's two orders; a member's own makes.
    index('makes_model_time_idx').on(t.modelId, t.createdAt.desc(), t.id),
    index('makes_time_idx').on(t.createdAt.desc(), t.id),
    index('makes_likes_idx').on(t.likes.desc(), t.createdAt.desc(), t.id),
    index('makes_user_time_idx').on(t.userId, t.createdAt.desc()),
    check('makes_likes_not_negative', sql`${t.likes} >= 0`),
  ],
);

/** A make's pictures in the uploader's order; files are `{key}-{360|720|1440}.webp` (user pictures). */
export const makePictures = pgTable(
  'make_pictures',
  {
    makeId: integer('make_id')
      .notNull()
      .references(() => makes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [primaryKey({ columns: [t.makeId, t.position] })],
);

export const makeLikes = pgTable(
  'make_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    makeId: integer('make_id')
      .notNull()
      .references(() => makes.id, { onDelete: 'cascade' }),
    likedAt: timestamp('liked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.makeId] }), index('make_likes_make_idx').on(t.makeId)],
);
