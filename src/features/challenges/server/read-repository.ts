/** The challenge tables' reads for pages and the JSON API (decision 0046). */
import { and, asc, desc, eq, sql } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import { getDb } from '@/server/db/client';
import { users } from '@/server/db/schema/users';

import type { ChallengeKind } from '../schemas';
import { challengeEntries, challenges, challengeVotes } from './schema';

const listLimit = 60;

/** Challenges with their entry counts and winners: running ones first (soonest results first), then past ones. */
export async function findChallengeRows(kind: ChallengeKind | null) {
  const db = await getDb();
  return db
    .select({
      challenge: challenges,
      entries: sql<number>`(select count(*)::int from ${challengeEntries} where ${challengeEntries.challengeId} = ${challenges.id})`,
      winner: users.username,
    })
    .from(challenges)
    .leftJoin(users, eq(users.id, challenges.winnerUserId))
    .where(kind === null ? undefined : eq(challenges.kind, kind))
    .orderBy(
      sql`${challenges.closedAt} is not null`,
      sql`case when ${challenges.closedAt} is null then ${challenges.resultsAt} end asc`,
      desc(challenges.resultsAt),
      desc(challenges.id),
    )
    .limit(listLimit);
}

export async function findChallengeWithWinner(challengeId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ challenge: challenges, winner: users.username })
    .from(challenges)
    .leftJoin(users, eq(users.id, challenges.winnerUserId))
    .where(eq(challenges.id, challengeId));
  return row ?? null;
}

/** A challenge's entries in the order they came, with their entrants and votes. */
export async function findEntryRows(challengeId: number) {
  const db = await getDb();
  return db
    .select({
      id: challengeEntries.id,
      username: users.username,
      createdAt: challengeEntries.createdAt,
      modelId: challengeEntries.modelId,
      pictureKey: challengeEntries.pictureKey,
      pictureWidth: challengeEntries.pictureWidth,
      pictureHeight: challengeEntries.pictureHeight,
      title: challengeEntries.title,
      votes: sql<number>`(select count(*)::int from ${challengeVotes} where ${challengeVotes.entryId} = ${challengeEntries.id})`,
    })
    .from(challengeEntries)
    .innerJoin(users, eq(users.id, challengeEntries.userId))
    .where(eq(challengeEntries.challengeId, challengeId))
    .orderBy(asc(challengeEntries.createdAt), asc(challengeEntries.id));
}

/** What the member has done in a challenge: their entry and the entry they voted for. */
export async function findViewerState(challengeId: number, userId: number) {
  const db = await getDb();
  const [[entry], [vote]] = await Promise.all([
    db
      .select({ id: challengeEntries.id })
      .from(challengeEntries)
      .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId))),
    db
      .select({ entryId: challengeVotes.entryId })
      .from(challengeVotes)
      .where(and(eq(challengeVotes.challengeId, challengeId), eq(challengeVotes.userId, userId))),
  ]);
  return { entryId: entry?.id ?? null, votedEntryId: vote?.entryId ?? null };
}

/** The member's published models, newest first, to choose an entry from. */
export async function findOwnPublishedModels(userId: number): Promise<{ id: number; title: string }[]> {
  const db = await getDb();
  return db
    .select({ id: models.id, title: models.title })
    .from(models)
    .where(and(eq(models.designerId, userId), publishedModel))
    .orderBy(desc(models.publishedAt), desc(models.id))
    .limit(200);
}

/** The challenges a member has won, newest first. */
export async function findChallengeWins(userId: number) {
  const db = await getDb();
  return db
    .select({ id: challenges.id, title: challenges.title, kind: challenges.kind })
    .from(challenges)
    .where(eq(challenges.winnerUserId, userId))
    .orderBy(desc(challenges.closedAt))
    .limit(20);
}
