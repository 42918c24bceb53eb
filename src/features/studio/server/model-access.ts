/** Who may change a model in the studio: sellers, and of a model only its own seller. */
import { editableStatuses } from '@/features/catalog/api';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';

import { findModelOwnership } from './repository';

export function requireSeller(user: SessionUser): void {
  if (!hasRole(user, 'seller')) throw new AppError('FORBIDDEN', 'Only sellers can do this');
}

/** The model, when `user` is its seller and may change it now; else NOT_FOUND (or CONFLICT in review). */
export async function ownModel(user: SessionUser, modelId: number, { toChange = true } = {}) {
  const model = await findModelOwnership(modelId);
  if (!model || model.designerId !== user.id) throw new AppError('NOT_FOUND', 'No such model');
  if (toChange && !editableStatuses.includes(model.status))
    throw new AppError('CONFLICT', 'The model is in review: it can be changed after the verdict');
  return model;
}
