import { describe, expect, it } from 'vitest';

import { LifecycleTransitionError } from '@/lib/lifecycle';

import {
  applicationStatuses,
  applicationTransitions,
  assertApplicationTransition,
  assertProjectTransition,
  canTransitionApplication,
  canTransitionProject,
  projectStatuses,
  projectTransitions,
  type ApplicationStatus,
  type ProjectStatus,
} from './freelance-lifecycle';

/** Every allowed pair, written out once more: the table may only change together with this list. */
const allowedProjectMoves = new Set([
  'draft→published',
  'draft→cancelled',
  'published→in_progress',
  'published→cancelled',
  'in_progress→delivered',
  'in_progress→disputed',
  'delivered→in_progress',
  'delivered→completed',
  'delivered→disputed',
  'disputed→in_progress',
  'disputed→completed',
  'disputed→cancelled',
]);

const allowedApplicationMoves = new Set([
  'submitted→submitted',
  'submitted→withdrawn',
  'submitted→accepted',
  'submitted→declined',
]);

describe('project lifecycle', () => {
  it('allows exactly the listed moves, pair by pair', () => {
    for (const from of projectStatuses)
      for (const to of projectStatuses) {
        const allowed = allowedProjectMoves.has(`${from}→${to}`);
        expect(canTransitionProject(from, to), `${from}→${to}`).toBe(allowed);
        if (allowed) expect(() => assertProjectTransition(from, to)).not.toThrow();
        else expect(() => assertProjectTransition(from, to)).toThrow(LifecycleTransitionError);
      }
  });

  it('has a row for every status; completed and cancelled are final', () => {
    expect(Object.keys(projectTransitions).sort()).toEqual([...projectStatuses].sort());
    expect(projectTransitions.completed).toEqual([]);
    expect(projectTransitions.cancelled).toEqual([]);
  });

  it('never completes without a delivery, nor starts work before publishing', () => {
    const neverDirect: [ProjectStatus, ProjectStatus][] = [
      ['in_progress', 'completed'],
      ['published', 'completed'],
      ['draft', 'in_progress'],
      ['published', 'delivered'],
    ];
    for (const [from, to] of neverDirect) expect(canTransitionProject(from, to)).toBe(false);
  });
});

describe('application lifecycle', () => {
  it('allows exactly the listed moves, pair by pair', () => {
    for (const from of applicationStatuses)
      for (const to of applicationStatuses) {
        const allowed = allowedApplicationMoves.has(`${from}→${to}`);
        expect(canTransitionApplication(from, to), `${from}→${to}`).toBe(allowed);
        if (!allowed) expect(() => assertApplicationTransition(from, to)).toThrow(LifecycleTransitionError);
      }
  });

  it('is decided once: withdrawn, accepted and declined are final', () => {
    const final: ApplicationStatus[] = ['withdrawn', 'accepted', 'declined'];
    for (const status of final) expect(applicationTransitions[status]).toEqual([]);
  });
});
