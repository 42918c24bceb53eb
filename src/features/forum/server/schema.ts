/** The forum (issue 25, decision 0043): categories, threads, posts, subscriptions and posting bans. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from '@/server/db/schema/users';

export const forumCategories = pgTable('forum_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Also the key of its name and description in the messages (`forum.categories.<slug>`). */
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull(),
});

export const forumThreads = pgTable(
  'forum_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => forumCategories.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest visible post's time: the "active" sort. */
    lastPostAt: timestamp('last_post_at', { withTimezone: true }).notNull().defaultNow(),
    /** Visible replies (the opening post not counted): 0 is "unanswered". */
    replyCount: integer('reply_count').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    /** The opening post is hidden or held: the thread is seen only by its author and admins. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    index('forum_threads_category_active_idx').on(t.categoryId, t.lastPostAt),
    index('forum_threads_active_idx').on(t.lastPostAt),
    index('forum_threads_created_idx').on(t.createdAt),
  ],
);

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Markdown as written; shown through `renderUserMarkdown`. */
    body: text('body').notNull(),
    isOpening: boolean('is_opening').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Hidden by a moderator: only its author and admins see it (as hidden). */
    hidden: boolean('hidden').notNull().default(false),
    /** A first post with links, waiting for a moderator's approval (decision 0043). */
    held: boolean('held').notNull().default(false),
  },
  (t) => [
    index('forum_posts_thread_idx').on(t.threadId, t.createdAt, t.id),
    index('forum_posts_author_idx').on(t.authorId, t.createdAt),
  ],
);

/** The public posts: neither hidden nor held. */
export const visibleForumPost = sql`(not ${forumPosts.hidden} and not ${forumPosts.held})`;

export const forumSubscriptions = pgTable(
  'forum_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    /** The language of the notification emails: the one the user subscribed in. */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An email about new replies went out at this time and the user has not been back since: no second one. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.threadId] }),
    index('forum_subscriptions_thread_idx').on(t.threadId),
  ],
);

export const forumBans = pgTable('forum_bans', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
  bannedBy: integer('banned_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
