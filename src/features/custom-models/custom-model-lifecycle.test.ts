import { describe, expect, it } from 'vitest';

import {
  assertCustomModelTransition,
  canTransitionCustomModel,
  customModelStatuses,
  customModelTransitions,
  stepOf,
} from './custom-model-lifecycle';
import { LifecycleTransitionError } from '@/lib/lifecycle';

const allowedMoves = new Set([
  'awaiting_payment→submitted',
  'awaiting_payment→cancelled',
  'submitted→in_creation',
  'submitted→cancelled',
  'in_creation→in_qa',
  'in_creation→cancelled',
  'in_qa→awaiting_approval',
  'in_qa→in_creation',
  'awaiting_approval→approved',
  'awaiting_approval→in_creation',
]);

describe('custom-model request lifecycle', () => {
  it('allows exactly the listed moves, pair by pair', () => {
    for (const from of customModelStatuses)
      for (const to of customModelStatuses) {
        const allowed = allowedMoves.has(`${from}→${to}`);
        expect(canTransitionCustomModel(from, to), `${from}→${to}`).toBe(allowed);
        if (!allowed) expect(() => assertCustomModelTransition(from, to)).toThrow(LifecycleTransitionError);
      }
  });

  it('has a row for every status; nothing reaches the buyer without QA', () => {
    expect(Object.keys(customModelTransitions).sort()).toEqual([...customModelStatuses].sort());
    expect(canTransitionCustomModel('in_creation', 'awaiting_approval')).toBe(false);
    expect(canTransitionCustomModel('submitted', 'approved')).toBe(false);
  });

  it('maps every status to one of the three steps the buyer sees', () => {
    expect(customModelStatuses.map(stepOf)).toEqual([
      'upload',
      'upload',
      'creation',
      'creation',
      'approve',
      'approve',
      'approve',
    ]);
  });
});
