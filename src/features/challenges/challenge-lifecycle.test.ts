import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  assertChallengeTransition,
  canReschedule,
  canTransitionChallenge,
  challengePhases,
  challengeTransitions,
  isReachable,
  isScheduleInOrder,
  phaseAt,
  rankEntries,
  winnerOf,
  type ChallengeSchedule,
} from './challenge-lifecycle';
import { LifecycleTransitionError } from '@/lib/lifecycle';

const base = Date.UTC(2026, 10, 1);
const day = 86_400_000;

/** A schedule in order, and times around it. */
const schedules = fc
  .tuple(
    fc.integer({ min: 0, max: 60 * day }),
    fc.integer({ min: 1, max: 30 * day }),
    fc.integer({ min: 1, max: 30 * day }),
  )
  .map(([open, submitting, voting]): ChallengeSchedule => ({
    opensAt: new Date(base + open),
    votingAt: new Date(base + open + submitting),
    resultsAt: new Date(base + open + submitting + voting),
    closedAt: null,
  }));
const times = fc.integer({ min: -day, max: 130 * day }).map((offset) => new Date(base + offset));

describe('challenge lifecycle', () => {
  it('allows exactly one move forward from each phase, and none from results', () => {
    const allowed = new Set([
      'scheduled→submissions',
      'submissions→voting',
      'voting→counting',
      'counting→results',
    ]);
    for (const from of challengePhases)
      for (const to of challengePhases) {
        expect(canTransitionChallenge(from, to), `${from}→${to}`).toBe(allowed.has(`${from}→${to}`));
        if (!allowed.has(`${from}→${to}`))
          expect(() => assertChallengeTransition(from, to)).toThrow(LifecycleTransitionError);
      }
    expect(Object.keys(challengeTransitions).sort()).toEqual([...challengePhases].sort());
  });

  it('never goes back as the clock moves on: a later phase is reachable from an earlier one', () => {
    fc.assert(
      fc.property(schedules, times, times, (schedule, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(isReachable(phaseAt(schedule, early), phaseAt(schedule, late))).toBe(true);
      }),
    );
  });

  it('passes through every phase in the table order, one transition at each date', () => {
    fc.assert(
      fc.property(schedules, (schedule) => {
        const seen = [
          phaseAt(schedule, new Date(schedule.opensAt.getTime() - 1)),
          phaseAt(schedule, schedule.opensAt),
          phaseAt(schedule, schedule.votingAt),
          phaseAt(schedule, schedule.resultsAt),
          phaseAt({ ...schedule, closedAt: schedule.resultsAt }, schedule.resultsAt),
        ];
        expect(seen).toEqual([...challengePhases]);
        for (let i = 1; i < seen.length; i++)
          expect(canTransitionChallenge(seen[i - 1]!, seen[i]!)).toBe(true);
      }),
    );
  });

  it('is in results once closed, whatever the clock says', () => {
    fc.assert(
      fc.property(schedules, times, (schedule, now) => {
        expect(phaseAt({ ...schedule, closedAt: schedule.resultsAt }, now)).toBe('results');
      }),
    );
  });

  it('lets a schedule move forward but never back, and not at all after the voting', () => {
    fc.assert(
      fc.property(schedules, schedules, times, (current, next, now) => {
        const from = phaseAt(current, now);
        const to = phaseAt(next, now);
        const allowed = canReschedule(from, to);
        if (from === 'counting' || from === 'results') expect(allowed).toBe(false);
        else expect(allowed).toBe(challengePhases.indexOf(to) >= challengePhases.indexOf(from));
        expect(isScheduleInOrder(next)).toBe(true);
      }),
    );
  });
});

const entries = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    votes: fc.integer({ min: 0, max: 5 }),
    createdAt: fc.integer({ min: 0, max: 100 }).map((minute) => new Date(base + minute * 60_000)),
  }),
  { selector: (entry) => entry.id, maxLength: 20 },
);

describe('challenge results', () => {
  it('rank by votes, a tie to the earlier entry, whatever the order they are read in', () => {
    fc.assert(
      fc.property(
        entries.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        ([list, shuffled]) => {
          const ranked = rankEntries(list);
          expect(rankEntries(shuffled).map((e) => e.id)).toEqual(ranked.map((e) => e.id));
          for (let i = 1; i < ranked.length; i++) {
            const [a, b] = [ranked[i - 1]!, ranked[i]!];
            expect(a.votes > b.votes || (a.votes === b.votes && a.createdAt <= b.createdAt)).toBe(true);
          }
        },
      ),
    );
  });

  it('crown the first of the ranking only when it has a vote', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const winner = winnerOf(list);
        const most = Math.max(0, ...list.map((e) => e.votes));
        if (most === 0) expect(winner).toBeNull();
        else expect(winner?.votes).toBe(most);
      }),
    );
  });

  it('gives a tie at the top to the earlier entry', () => {
    const early = { id: 9, votes: 2, createdAt: new Date(base) };
    const late = { id: 3, votes: 2, createdAt: new Date(base + 1000) };
    expect(winnerOf([late, early])).toBe(early);
  });
});
