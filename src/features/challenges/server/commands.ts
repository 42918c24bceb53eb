/**
 * Challenges' rules (decision 0046): each change locks the challenge's row, reads its phase at `now`
 * and checks it against the transition table, so that a vote cast as the voting ends and a closing
 * that counts it cannot interleave.
 */
import { grantReward } from '@/features/orders/server/api';
import { getDb } from '@/server/db/client';
import { deleteUserPicture, storeUserPicture } from '@/server/images/user-pictures';

import {
  assertChallengeTransition,
  canReschedule,
  phaseAt,
  prizeRewardKey,
  winnerOf,
  type ChallengePhase,
} from '../challenge-lifecycle';
import type { ChallengeForm, ChallengeUpdate } from '../schemas';
import {
  findChallenge,
  findDueChallengeIds,
  findEntry,
  findOwnPublishedModel,
  findUserEntryId,
  insertChallenge,
  insertEntry,
  lockChallenge,
  tallyEntries,
  updateChallengeRow,
  upsertVote,
  type ChallengeRow,
} from './challenge-repository';
import { ChallengeRefusal } from './refusals';

function found(row: ChallengeRow | null): ChallengeRow {
  if (!row) throw new ChallengeRefusal('not_found');
  return row;
}

function requirePhase(phase: ChallengePhase, wanted: ChallengePhase, reason: 'not_open' | 'not_voting') {
  if (phase !== wanted) throw new ChallengeRefusal(reason);
}

function entered(id: number | null): number {
  if (id === null) throw new ChallengeRefusal('already_entered');
  return id;
}

export async function createChallenge(adminId: number, form: ChallengeForm, now: Date): Promise<number> {
  if (form.resultsAt.getTime() <= now.getTime()) throw new ChallengeRefusal('results_in_past');
  return insertChallenge({
    kind: form.kind,
    title: form.title,
    theme: form.theme,
    rules: form.rules,
    opensAt: form.opensAt,
    votingAt: form.votingAt,
    resultsAt: form.resultsAt,
    prizeCents: form.prize,
    createdBy: adminId,
    createdAt: now,
    updatedAt: now,
  });
}

/** Rewords or reschedules a challenge; the new dates may move it forward (even to its results), never back. */
export async function updateChallenge(
  challengeId: number,
  update: ChallengeUpdate,
  now: Date,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = found(await lockChallenge(tx, challengeId, 'update'));
    const next = phaseAt({ ...update, closedAt: null }, now);
    if (!canReschedule(phaseAt(row, now), next)) throw new ChallengeRefusal('schedule_back');
    await updateChallengeRow(tx, challengeId, {
      title: update.title,
      theme: update.theme,
      rules: update.rules,
      opensAt: update.opensAt,
      votingAt: update.votingAt,
      resultsAt: update.resultsAt,
      prizeCents: update.prize,
      updatedAt: now,
    });
  });
}

/** Enters one of the entrant's own published models; another's model, or a draft, is "not found". */
export async function submitModelEntry(userId: number, challengeId: number, modelId: number, now: Date) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const challenge = found(await lockChallenge(tx, challengeId, 'share'));
    if (challenge.kind !== 'models') throw new ChallengeRefusal('wrong_kind');
    requirePhase(phaseAt(challenge, now), 'submissions', 'not_open');
    if (!(await findOwnPublishedModel(tx, userId, modelId))) throw new ChallengeRefusal('not_found');
    return entered(await insertEntry(tx, { challengeId, userId, modelId, createdAt: now }));
  });
}

/** Checks that a render may be entered before its picture is stored (a refused entry stores nothing). */
export async function assertRenderEntryOpen(userId: number, challengeId: number, now: Date): Promise<void> {
  const challenge = found(await findChallenge(challengeId));
  if (challenge.kind !== 'renders') throw new ChallengeRefusal('wrong_kind');
  requirePhase(phaseAt(challenge, now), 'submissions', 'not_open');
  if ((await findUserEntryId(challengeId, userId)) !== null) throw new ChallengeRefusal('already_entered');
}

/** Enters a render: the picture goes through `storeUserPicture` (checked, re-encoded, three widths). */
export async function submitRenderEntry(
  userId: number,
  challengeId: number,
  title: string,
  bytes: Buffer,
  now: Date,
): Promise<number> {
  await assertRenderEntryOpen(userId, challengeId, now);
  const picture = await storeUserPicture(`challenges/${challengeId}`, bytes);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const challenge = found(await lockChallenge(tx, challengeId, 'share'));
      requirePhase(phaseAt(challenge, now), 'submissions', 'not_open');
      return entered(
        await insertEntry(tx, {
          challengeId,
          userId,
          title,
          pictureKey: picture.key,
          pictureWidth: picture.width,
          pictureHeight: picture.height,
          createdAt: now,
        }),
      );
    });
  } catch (error) {
    await deleteUserPicture(picture.key);
    throw error;
  }
}

/**
 * A member's one vote in a challenge: a first vote, or a change to another entry until the voting
 * ends (voting again for the same entry changes nothing). Never for one's own entry.
 */
export async function castVote(userId: number, challengeId: number, entryId: number, now: Date) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const challenge = found(await lockChallenge(tx, challengeId, 'share'));
    requirePhase(phaseAt(challenge, now), 'voting', 'not_voting');
    const entry = await findEntry(tx, challengeId, entryId);
    if (!entry) throw new ChallengeRefusal('not_found');
    if (entry.userId === userId) throw new ChallengeRefusal('own_entry');
    await upsertVote(tx, { challengeId, userId, entryId, votedAt: now });
    return { entryId };
  });
}

/**
 * Counts a challenge whose voting has ended, records its winner and pays the prize, exactly once:
 * the row lock makes concurrent closers wait, and the one that comes second finds it closed (the prize's
 * ledger key is unique as well). Returns whether this call closed it.
 */
export async function closeChallenge(challengeId: number, now: Date): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const challenge = await lockChallenge(tx, challengeId, 'update');
    if (!challenge || phaseAt(challenge, now) !== 'counting') return false;
    assertChallengeTransition('counting', 'results');
    const winner = winnerOf(await tallyEntries(tx, challengeId));
    await updateChallengeRow(tx, challengeId, {
      closedAt: now,
      winnerEntryId: winner?.id ?? null,
      winnerUserId: winner?.userId ?? null,
    });
    if (winner && challenge.prizeCents > 0)
      await grantReward(tx, {
        userId: winner.userId,
        amountCents: challenge.prizeCents,
        rewardKey: prizeRewardKey(challengeId),
        now,
        expiresAt: null,
      });
    return true;
  });
}

/** Closes every challenge whose voting has ended (the lazy closing on read, decision 0046). */
export async function closeDueChallenges(now: Date): Promise<number> {
  let closed = 0;
  for (const id of await findDueChallengeIds(now)) if (await closeChallenge(id, now)) closed++;
  return closed;
}
