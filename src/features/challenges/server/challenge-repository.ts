/** The challenge tables' reads and writes for the commands (decision 0046); the rules are in commands.ts. */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import { getDb, type Transaction } from '@/server/db/client';

import { challengeEntries, challenges, challengeVotes } from './schema';

export type ChallengeRow = typeof challenges.$inferSelect;
export type NewChallenge = typeof challenges.$inferInsert;
export type NewEntry = typeof challengeEntries.$inferInsert;

export async function lockChallenge(
  tx: Transaction,
  challengeId: number,
  mode: 'update' | 'share',
): Promise<ChallengeRow | null> {
  const [row] = await tx.select().from(challenges).where(eq(challenges.id, challengeId)).for(mode);
  return row ?? null;
}

export async function insertChallenge(values: NewChallenge): Promise<number> {
  const db = await getDb();
  const [row] = await db.insert(challenges).values(values).returning({ id: challenges.id });
  return row!.id;
}

export async function updateChallengeRow(
  tx: Transaction,
  challengeId: number,
  values: Partial<NewChallenge>,
) {
  await tx.update(challenges).set(values).where(eq(challenges.id, challengeId));
}

export async function findChallenge(challengeId: number): Promise<ChallengeRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(challenges).where(eq(challenges.id, challengeId));
  return row ?? null;
}

/** The model, if it is the user's own and published. */
export async function findOwnPublishedModel(tx: Transaction, userId: number, modelId: number) {
  const [model] = await tx
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), eq(models.designerId, userId), publishedModel));
  return model ?? null;
}

/** The new entry's id, or null when the user already has one in this challenge. */
export async function insertEntry(tx: Transaction, values: NewEntry): Promise<number | null> {
  const [entry] = await tx
    .insert(challengeEntries)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: challengeEntries.id });
  return entry?.id ?? null;
}

export async function findUserEntryId(challengeId: number, userId: number): Promise<number | null> {
  const db = await getDb();
  const [entry] = await db
    .select({ id: challengeEntries.id })
    .from(challengeEntries)
    .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
  return entry?.id ?? null;
}

export async function findEntry(tx: Transaction, challengeId: number, entryId: number) {
  const [entry] = await tx
    .select({ id: challengeEntries.id, userId: challengeEntries.userId })
    .from(challengeEntries)
    .where(and(eq(challengeEntries.id, entryId), eq(challengeEntries.challengeId, challengeId)));
  return entry ?? null;
}

/** The member's one vote in the challenge, now for `entryId` (unchanged when it already was). */
export async function upsertVote(
  tx: Transaction,
  vote: { challengeId: number; userId: number; entryId: number; votedAt: Date },
) {
  await tx
    .insert(challengeVotes)
    .values(vote)
    .onConflictDoUpdate({
      target: [challengeVotes.challengeId, challengeVotes.userId],
      set: { entryId: vote.entryId, votedAt: vote.votedAt },
      setWhere: sql`${challengeVotes.entryId} <> ${vote.entryId}`,
    });
}

/** Every entry of the challenge with its votes. */
export function tallyEntries(tx: Transaction, challengeId: number) {
  return tx
    .select({
      id: challengeEntries.id,
      userId: challengeEntries.userId,
      createdAt: challengeEntries.createdAt,
      votes: sql<number>`count(${challengeVotes.userId})::int`,
    })
    .from(challengeEntries)
    .leftJoin(challengeVotes, eq(challengeVotes.entryId, challengeEntries.id))
    .where(eq(challengeEntries.challengeId, challengeId))
    .groupBy(challengeEntries.id);
}

export async function findDueChallengeIds(now: Date): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(isNull(challenges.closedAt), lte(challenges.resultsAt, now)));
  return rows.map((row) => row.id);
}
