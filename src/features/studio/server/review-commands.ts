/**
 * A model's review (DESIGN §4.6): its seller asks for one, an admin gives the verdict. Each step goes
 * through the model lifecycle, under a lock on the model's row.
 */
import { type ModelStatus } from '@/features/catalog/api';
import { lockModelRow, moveModel, recordReviewVerdict } from '@/features/catalog/server/api';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';

import { reviewVerdictSchema, type ReviewRequestRefusal, type ReviewVerdict } from '../schemas';
import { publicationChanged } from './lifecycle-commands';
import { ownModel } from './model-access';
import { countReviewMaterial } from './repository';

/**
 * The seller asks for a review: a draft or rejected model goes to 'in_review'; a published one stays
 * public, its review status back to 'N/A' until the verdict. Refused while the model has no file,
 * no picture, or a mesh analysis still running.
 */
export async function submitForReview(
  user: SessionUser,
  modelId: number,
  now = new Date(),
): Promise<ReviewRequestRefusal | null> {
  await ownModel(user, modelId, { toChange: false });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const model = await lockModelRow(tx, modelId);
    if (!model) throw new AppError('NOT_FOUND', 'No such model');
    if (model.requested) return 'already_requested';
    const material = await countReviewMaterial(tx, modelId);
    if (material.files === 0) return 'no_files';
    if (material.pending > 0) return 'analysis_pending';
    if (material.pictures === 0) return 'no_picture';
    const next: ModelStatus = model.status === 'published' ? 'published' : 'in_review';
    await moveModel(tx, model, next, now, {
      reviewRequestedAt: now,
      reviewStatus: 'not_reviewed',
      reviewScore: null,
    });
    return null;
  });
}

/** An admin's verdict: approve with a score (0–100), or reject with a note for the seller. */
export async function reviewModel(
  admin: SessionUser,
  modelId: number,
  input: unknown,
  { now = new Date(), filesRoot }: { now?: Date; filesRoot?: string } = {},
): Promise<{ ok: true; published: boolean } | { ok: false; fieldErrors: Record<string, string> }> {
  if (!hasRole(admin, 'admin')) throw new AppError('FORBIDDEN', 'Only admins review models');
  const parsed = reviewVerdictSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'verdict');
      fieldErrors[field] =
        field === 'note' ? 'note_required' : field === 'score' ? 'score_range' : 'invalid_choice';
    }
    return { ok: false, fieldErrors };
  }
  const { published, tags } = await applyVerdict(modelId, parsed.data, now);
  if (published) await publicationChanged(tags, filesRoot);
  return { ok: true, published };
}

/**
 * Approving publishes the model (reviewed, with its score) and counts it in its categories and tags
 * (the lifecycle's `moveModel`); rejecting sends it back to the seller with the note. Only one verdict
 * per request: a second one (a double submit) gets a conflict.
 */
async function applyVerdict(
  modelId: number,
  verdict: ReviewVerdict,
  now: Date,
): Promise<{ published: boolean; tags: string[] }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const model = await lockModelRow(tx, modelId);
    if (!model) throw new AppError('NOT_FOUND', 'No such model');
    if (!model.requested) throw new AppError('CONFLICT', 'This model is not waiting for a review');
    const wasPublished = model.status === 'published';
    const next: ModelStatus = verdict.verdict === 'approve' || wasPublished ? 'published' : 'rejected';
    await moveModel(tx, model, next, now);
    const published = next === 'published' && !wasPublished;
    const tags = model.tags;
    await recordReviewVerdict(
      tx,
      modelId,
      {
        status: next,
        reviewStatus: verdict.verdict === 'approve' ? 'reviewed' : 'not_reviewed',
        reviewScore: verdict.verdict === 'approve' ? verdict.score : null,
        reviewNote: verdict.note || null,
        ...(published ? { publishedAt: now } : {}),
      },
      now,
    );
    return { published, tags };
  });
}
