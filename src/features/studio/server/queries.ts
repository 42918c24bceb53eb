/** The studio's reads. A model's studio view is for its seller and for admins; anyone else gets null. */
import { editableStatuses } from '@/features/catalog/api';
import { hasRole } from '@/server/auth/visitor';
import type { SessionUser } from '@/server/auth/session';

import type { StudioModelDto } from '../schemas';
import { findReviewQueue, findSellerModels, findStudioModel } from './repository';

export const studioPageSize = 24;

function mayView(user: SessionUser, model: { designerId: number }): boolean {
  return model.designerId === user.id || hasRole(user, 'admin');
}

/**
 * What `user` may do on a model's studio page: its seller changes it (while its state allows) and asks
 * for a review when none is pending; an admin gives the verdict on a requested review.
 */
export function studioModelActions(
  user: SessionUser,
  model: Pick<StudioModelDto, 'designerId' | 'status' | 'reviewRequested'>,
) {
  const isOwner = model.designerId === user.id;
  return {
    isOwner,
    editable: isOwner && editableStatuses.includes(model.status),
    mayRequestReview: isOwner && !model.reviewRequested && model.status !== 'in_review',
    mayGiveVerdict: hasRole(user, 'admin') && model.reviewRequested,
  };
}

export async function getStudioModel(user: SessionUser, modelId: number): Promise<StudioModelDto | null> {
  const model = await findStudioModel(modelId);
  return model && mayView(user, model) ? model : null;
}

/** The files and their analyses, for the page's progress while analyses run. */
export async function getStudioFiles(user: SessionUser, modelId: number) {
  const model = await findStudioModel(modelId);
  if (!model || !mayView(user, model)) return null;
  return { status: model.status, files: model.files, pictures: model.pictures };
}

export function getSellerModels(user: SessionUser, page: number) {
  return findSellerModels(user.id, studioPageSize, (page - 1) * studioPageSize);
}

export function getReviewQueue() {
  return findReviewQueue(100);
}
