/**
 * A challenge's phases (issue 25, decision 0046). The schedule's three dates and the clock decide the
 * phase: before `opensAt` it is scheduled; designers submit until `votingAt`; members vote until
 * `resultsAt`; then it is due for counting until the first reader (or caller) closes it, which ranks the
 * entries, pays the winner and records the results for good. Every function takes the clock as `now`.
 */
import { LifecycleTransitionError } from '@/lib/lifecycle';

export const challengePhases = ['scheduled', 'submissions', 'voting', 'counting', 'results'] as const;
export type ChallengePhase = (typeof challengePhases)[number];

export const challengeTransitions: Readonly<Record<ChallengePhase, readonly ChallengePhase[]>> = {
  scheduled: ['submissions'],
  submissions: ['voting'],
  voting: ['counting'],
  counting: ['results'],
  results: [],
};

export interface ChallengeSchedule {
  opensAt: Date;
  votingAt: Date;
  resultsAt: Date;
  /** When the results were counted and the prize paid; null before. */
  closedAt: Date | null;
}

/** The dates are in order: submissions open before voting, voting before the results. */
export function isScheduleInOrder(schedule: Pick<ChallengeSchedule, 'opensAt' | 'votingAt' | 'resultsAt'>) {
  return (
    schedule.opensAt.getTime() < schedule.votingAt.getTime() &&
    schedule.votingAt.getTime() < schedule.resultsAt.getTime()
  );
}

export function phaseAt(schedule: ChallengeSchedule, now: Date): ChallengePhase {
  if (schedule.closedAt !== null) return 'results';
  const time = now.getTime();
  if (time < schedule.opensAt.getTime()) return 'scheduled';
  if (time < schedule.votingAt.getTime()) return 'submissions';
  if (time < schedule.resultsAt.getTime()) return 'voting';
  return 'counting';
}

export function canTransitionChallenge(from: ChallengePhase, to: ChallengePhase): boolean {
  return challengeTransitions[from].includes(to);
}

export function assertChallengeTransition(from: ChallengePhase, to: ChallengePhase): void {
  if (!canTransitionChallenge(from, to)) throw new LifecycleTransitionError('challenge', from, to);
}

/** Whether `to` follows `from` by zero or more transitions (time only moves forward). */
export function isReachable(from: ChallengePhase, to: ChallengePhase): boolean {
  let phase: ChallengePhase | undefined = from;
  while (phase !== undefined) {
    if (phase === to) return true;
    phase = challengeTransitions[phase][0];
  }
  return false;
}

/**
 * An admin may change the schedule until the voting ends, but never so that the challenge goes back
 * (entries or votes would be left in a phase that does not allow them); moving it forward is allowed.
 */
export function canReschedule(current: ChallengePhase, next: ChallengePhase): boolean {
  return (
    (current === 'scheduled' || current === 'submissions' || current === 'voting') &&
    isReachable(current, next)
  );
}

export interface RankableEntry {
  id: number;
  votes: number;
  createdAt: Date;
}

/** Results: most votes first; a tie goes to the earlier entry (then the lower id, for equal times). */
export function rankEntries<T extends RankableEntry>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) => b.votes - a.votes || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
  );
}

/** The winner: the first of the ranking, if anybody voted for it (no prize for an unvoted entry). */
export function winnerOf<T extends RankableEntry>(entries: readonly T[]): T | null {
  const [first] = rankEntries(entries);
  return first && first.votes > 0 ? first : null;
}

/** The ledger key of a challenge's prize: one payment per challenge, however many close it at once. */
export function prizeRewardKey(challengeId: number): string {
  return `challenge:${challengeId}:winner`;
}
