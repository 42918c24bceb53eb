import { describe, expect, it } from 'vitest';

import { canTransitionModel, editableStatuses, modelStatuses, modelTransitions } from './model-lifecycle';

describe('model lifecycle', () => {
  it('goes draft → in review → published or rejected, and rejected back to review', () => {
    expect(canTransitionModel('draft', 'in_review')).toBe(true);
    expect(canTransitionModel('in_review', 'published')).toBe(true);
    expect(canTransitionModel('in_review', 'rejected')).toBe(true);
    expect(canTransitionModel('rejected', 'in_review')).toBe(true);
  });

  it('never publishes without a review, and a public model stays public', () => {
    expect(canTransitionModel('draft', 'published')).toBe(false);
    expect(canTransitionModel('rejected', 'published')).toBe(false);
    for (const to of modelStatuses) expect(canTransitionModel('published', to)).toBe(to === 'published');
  });

  it('has a row for every status, naming only known statuses', () => {
    expect(Object.keys(modelTransitions).sort()).toEqual([...modelStatuses].sort());
    for (const targets of Object.values(modelTransitions))
      for (const to of targets) expect(modelStatuses).toContain(to);
  });

  it('lets the seller change a model except while it is in review', () => {
    expect(editableStatuses).not.toContain('in_review');
    expect([...editableStatuses].sort()).toEqual(['draft', 'published', 'rejected']);
  });
});
