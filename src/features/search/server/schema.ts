import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { categories, models } from '@/features/catalog/server/schema';
import { users } from '@/server/db/schema/users';

/**
 * Keywords the search box suggests (spec §3 "Suggestion"): the tag vocabulary, overall and per
 * top-level category, and searches people made. Small (thousands of rows at 2,000,000 models) so
 * suggestions never touch `models`. `keyword` is lower case without accents.
 */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    keyword: text('keyword').notNull(),
    /** A top-level category ("chair in Furniture"); null for the keyword over the whole catalogue. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    /** Models carrying the keyword as a tag (refreshed after seed and import). */
    modelCount: integer('model_count').notNull().default(0),
    /** Searches for it typed into the search box. */
    searchCount: integer('search_count').notNull().default(0),
    /** The ranking: `modelCount + searchWeight × searchCount` (searchWeight in catalog-maintenance). */
    popularity: integer('popularity').notNull().default(0),
    /** The most trending model with the keyword: its picture is the suggestion's thumbnail. */
    topModelId: integer('top_model_id').references(() => models.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('search_keywords_keyword_category_idx').on(t.keyword, sql`coalesce(${t.categoryId}, 0)`),
    // Prefix matches (`keyword LIKE 'ch%'`), most popular first.
    index('search_keywords_prefix_idx').on(sql`${t.keyword} text_pattern_ops`, t.popularity.desc()),
    // Typo-tolerant matches (`keyword % 'chiar'`).
    index('search_keywords_trgm_idx').using('gin', sql`${t.keyword} gin_trgm_ops`),
  ],
);

/**
 * Who made a search the box may learn (decision 0039): one row per phrase, visitor and day, so a
 * visitor counts once a day, and a phrase is learned only once enough distinct visitors made it.
 * `visitor` is a keyed hash of the visitor's address group; `phrase` is stored as keywords are.
 */
export const searchPhraseSightings = pgTable(
  'search_phrase_sightings',
  {
    phrase: text('phrase').notNull(),
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.phrase, t.visitor, t.day] }),
    index('search_phrase_sightings_day_idx').on(t.day),
  ],
);

/** Phrases an admin removed from the suggestions: never learned again. */
export const blockedSearchPhrases = pgTable('blocked_search_phrases', {
  phrase: text('phrase').primaryKey(),
  blockedBy: integer('blocked_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
