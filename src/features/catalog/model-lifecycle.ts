import { AppError } from '@/server/errors';

/**
 * A model's way through the seller's studio (DESIGN §4.6, decisions 0020 and 0035): a draft until its
 * seller asks for a review; in review until an admin decides; rejected (with a note) back to the
 * seller, who changes or re-uploads and asks again; published once reviewed. Its seller may take a
 * published model off the marketplace (unpublished) and put it back without another review, as long
 * as its files have not changed: new files send a published or unpublished model back to review.
 * A published model can also be sent for another review as it is: it stays public meanwhile.
 */
/** Only 'published' models are public; imported and seeded models start there. */
export const modelStatuses = ['draft', 'in_review', 'rejected', 'published', 'unpublished'] as const;
export type ModelStatus = (typeof modelStatuses)[number];

/** Every allowed step; anything not listed is refused. */
export const modelTransitions: Readonly<Record<ModelStatus, readonly ModelStatus[]>> = {
  draft: ['in_review'],
  in_review: ['published', 'rejected'],
  rejected: ['in_review'],
  published: ['published', 'in_review', 'unpublished'],
  unpublished: ['published', 'in_review'],
};

export function canTransitionModel(from: ModelStatus, to: ModelStatus): boolean {
  return modelTransitions[from].includes(to);
}

/** A step the lifecycle does not allow is a conflict (a stale page, a double submit). */
export function assertModelTransition(from: ModelStatus, to: ModelStatus): void {
  if (!canTransitionModel(from, to)) throw new AppError('CONFLICT', 'The model cannot change that way now');
}

/** A seller may change a model's details, files and pictures in these states (not while in review). */
export const editableStatuses: readonly ModelStatus[] = ['draft', 'rejected', 'published', 'unpublished'];

/**
 * Only a draft can be deleted: it was never public, so nobody bought it. A model that was published
 * has buyers who keep their downloads: it is unpublished instead.
 */
export const deletableStatuses: readonly ModelStatus[] = ['draft'];

/** The seller's own steps, each from the states where it is offered. */
export const sellerSteps = {
  unpublish: { from: ['published'], to: 'unpublished' },
  republish: { from: ['unpublished'], to: 'published' },
} as const satisfies Record<string, { from: readonly ModelStatus[]; to: ModelStatus }>;

/**
 * Where a new file puts the model: a model that has been public goes back to review (its files are
 * what buyers get, so they are checked again); a draft or a rejected model waits for its seller's request.
 */
export function statusAfterNewFile(status: ModelStatus): ModelStatus {
  return status === 'published' || status === 'unpublished' ? 'in_review' : status;
}

/** Whether a step puts a model into or out of the public catalogue (its category and tag counts follow). */
export function publicationChange(from: ModelStatus, to: ModelStatus): 1 | -1 | 0 {
  const before = from === 'published';
  const after = to === 'published';
  return before === after ? 0 : after ? 1 : -1;
}
