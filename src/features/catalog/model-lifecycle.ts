import { AppError } from '@/server/errors';

/**
 * A model's way through the seller's studio (DESIGN §4.6): a draft until its seller asks for a review;
 * in review until an admin decides; rejected (with a note) back to the seller, who changes or
 * re-uploads and asks again; published once reviewed. A published model can be re-uploaded and asked
 * for another review: it stays public meanwhile, and its review status shows 'N/A' until the verdict.
 */
/** Only 'published' models are public; imported and seeded models start there. */
export const modelStatuses = ['draft', 'in_review', 'rejected', 'published'] as const;
export type ModelStatus = (typeof modelStatuses)[number];

export const modelTransitions: Readonly<Record<ModelStatus, readonly ModelStatus[]>> = {
  draft: ['in_review'],
  in_review: ['published', 'rejected'],
  rejected: ['in_review'],
  published: ['published'],
};

export function canTransitionModel(from: ModelStatus, to: ModelStatus): boolean {
  return modelTransitions[from].includes(to);
}

/** Every model transition is a review's step: one the lifecycle does not allow is a conflict. */
export function assertModelTransition(from: ModelStatus, to: ModelStatus): void {
  if (!canTransitionModel(from, to)) throw new AppError('CONFLICT', 'The model cannot be reviewed now');
}

/** A seller may change a model's details and files in these states (a published one goes back to review). */
export const editableStatuses: readonly ModelStatus[] = ['draft', 'rejected', 'published'];
