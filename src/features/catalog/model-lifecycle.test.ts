import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  assertModelTransition,
  canTransitionModel,
  deletableStatuses,
  editableStatuses,
  modelStatuses,
  modelTransitions,
  publicationChange,
  sellerSteps,
  statusAfterNewFile,
  type ModelStatus,
} from './model-lifecycle';

/**
 * Every from × to pair, written out: the table in model-lifecycle.ts must say exactly this. A change
 * of the lifecycle changes this list too, on purpose.
 */
const allowed = new Set([
  'draft→in_review', // the seller asks for the first review
  'in_review→published', // approved
  'in_review→rejected', // changes asked for
  'rejected→in_review', // asked again after changes
  'published→published', // another review asked for as it is: it stays public
  'published→in_review', // new files: checked again before buyers get them
  'published→unpublished', // the seller takes it off the marketplace
  'unpublished→published', // and puts it back, files unchanged
  'unpublished→in_review', // new files while off the marketplace
]);

const status = fc.constantFrom(...modelStatuses);

describe('model lifecycle', () => {
  for (const from of modelStatuses)
    for (const to of modelStatuses) {
      const expected = allowed.has(`${from}→${to}`);
      it(`${from} → ${to}: ${expected ? 'allowed' : 'refused'}`, () => {
        expect(canTransitionModel(from, to)).toBe(expected);
        if (expected) expect(() => assertModelTransition(from, to)).not.toThrow();
        else
          expect(() => assertModelTransition(from, to)).toThrow(
            expect.objectContaining({ code: 'CONFLICT' }),
          );
      });
    }

  it('has a row for every status, naming only known statuses', () => {
    expect(Object.keys(modelTransitions).sort()).toEqual([...modelStatuses].sort());
    for (const targets of Object.values(modelTransitions))
      for (const to of targets) expect(modelStatuses).toContain(to);
  });

  it('never makes a model public without a review, except putting back an unpublished one', () => {
    fc.assert(
      fc.property(status, (from) => {
        const publishes = canTransitionModel(from, 'published');
        expect(publishes).toBe(['in_review', 'published', 'unpublished'].includes(from));
      }),
    );
  });

  it('reaches every status from a draft, and a draft from nowhere', () => {
    const reached = new Set<ModelStatus>(['draft']);
    for (let grew = true; grew;) {
      grew = false;
      for (const from of [...reached])
        for (const to of modelTransitions[from])
          if (!reached.has(to)) {
            reached.add(to);
            grew = true;
          }
    }
    expect([...reached].sort()).toEqual([...modelStatuses].sort());
    for (const from of modelStatuses) expect(canTransitionModel(from, 'draft')).toBe(false);
  });

  it("offers the seller's steps only where the table allows them", () => {
    for (const step of Object.values(sellerSteps))
      for (const from of step.from) expect(canTransitionModel(from, step.to)).toBe(true);
    expect(sellerSteps.unpublish.from).toEqual(['published']);
    expect(sellerSteps.republish.from).toEqual(['unpublished']);
  });

  it('sends a model that has been public back to review with new files, and leaves the others', () => {
    fc.assert(
      fc.property(status, (from) => {
        const next = statusAfterNewFile(from);
        const wasPublic = from === 'published' || from === 'unpublished';
        expect(next).toBe(wasPublic ? 'in_review' : from);
        if (next !== from) expect(canTransitionModel(from, next)).toBe(true);
      }),
    );
  });

  it('counts a model in the catalogue exactly while it is published', () => {
    fc.assert(
      fc.property(fc.array(status, { minLength: 1, maxLength: 30 }), (path) => {
        // Walk any path of allowed steps from a draft: the running count is 1 while published, else 0.
        let current: ModelStatus = 'draft';
        let counted = 0;
        for (const to of path) {
          if (!canTransitionModel(current, to)) continue;
          counted += publicationChange(current, to);
          current = to;
          expect(counted).toBe(current === 'published' ? 1 : 0);
        }
      }),
    );
  });

  it('lets the seller change a model except while it is in review, and delete only a draft', () => {
    expect([...editableStatuses].sort()).toEqual(['draft', 'published', 'rejected', 'unpublished']);
    expect(deletableStatuses).toEqual(['draft']);
    // Nothing past a draft can be deleted: a model that was ever public may have buyers.
    for (const from of modelStatuses)
      if (from !== 'draft') expect(deletableStatuses.includes(from)).toBe(false);
  });
});
