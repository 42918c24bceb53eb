/** Challenges and the digital art contest (issue 25, decision 0046): the challenge, its entries, the votes. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { models } from '@/features/catalog/server/schema';
import { users } from '@/server/db/schema/users';

/** A challenge takes published models; the digital art contest takes renders (uploaded pictures). */
export const challengeKinds = ['models', 'renders'] as const;
export const challengeKind = pgEnum('challenge_kind', challengeKinds);

export const challenges = pgTable(
  'challenges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: challengeKind('kind').notNull(),
    title: text('title').notNull(),
    theme: text('theme').notNull(),
    rules: text('rules').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    votingAt: timestamp('voting_at', { withTimezone: true }).notNull(),
    resultsAt: timestamp('results_at', { withTimezone: true }).notNull(),
    /** The winner's prize, in credits (cents of the points ledger). */
    prizeCents: integer('prize_cents').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once, by whoever closes the challenge first after `resultsAt`. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    winnerEntryId: integer('winner_entry_id'),
    winnerUserId: integer('winner_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('challenges_kind_opens_idx').on(t.kind, t.opensAt.desc()),
    index('challenges_due_idx')
      .on(t.resultsAt)
      .where(sql`${t.closedAt} is null`),
    index('challenges_winner_idx')
      .on(t.winnerUserId)
      .where(sql`${t.winnerUserId} is not null`),
    check('challenges_schedule_order', sql`${t.opensAt} < ${t.votingAt} and ${t.votingAt} < ${t.resultsAt}`),
    check('challenges_prize_range', sql`${t.prizeCents} between 0 and 10000000`),
  ],
);

export const challengeEntries = pgTable(
  'challenge_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A model challenge's entry: one of the entrant's published models. */
    modelId: integer('model_id').references(() => models.id, { onDelete: 'cascade' }),
    /** An art contest's entry: the render's stored picture (`storeUserPicture`) and its title. */
    pictureKey: text('picture_key'),
    pictureWidth: integer('picture_width'),
    pictureHeight: integer('picture_height'),
    title: text('title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('challenge_entries_one_per_user_idx').on(t.challengeId, t.userId),
    index('challenge_entries_user_idx').on(t.userId),
    check(
      'challenge_entries_model_or_render',
      sql`(${t.modelId} is not null and ${t.pictureKey} is null) or (${t.modelId} is null and ${t.pictureKey} is not null and ${t.title} is not null)`,
    ),
  ],
);

/** One vote per member and challenge; changing it moves the row to another entry. */
export const challengeVotes = pgTable(
  'challenge_votes',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => challengeEntries.id, { onDelete: 'cascade' }),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.userId] }),
    index('challenge_votes_entry_idx').on(t.entryId),
  ],
);
