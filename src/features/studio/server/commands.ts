/**
 * The studio's writes (decision 0020). Every command checks the user and the model's owner itself:
 * another seller's model is "not found"; only admins give review verdicts.
 */
import { randomBytes } from 'node:crypto';

import { env } from '@/env';
import { contentMatches, headBytes, maxPictureBytes } from '@/features/geometry/api';
import { editableStatuses } from '@/features/catalog/api';
import { slugify } from '@/lib/slug';
import { hasRole } from '@/server/auth/visitor';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import { deleteFile, writeFileFromChunks } from '@/server/files/store';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { openUploadBody } from '@/server/http/upload-body';
import { storePreview } from '@/server/images/previews';
import { refreshImageIndex } from '@/server/images/image-index';
import { getDatabase } from '@/server/db/client';

import {
  reviewVerdictSchema,
  validateModelDetails,
  type ModelDetailError,
  type ModelDetailField,
  type ModelDetails,
} from '../schemas';
import {
  checkUploadRequest,
  maxFilesPerModel,
  maxPicturesPerModel,
  type UploadKind,
  type UploadRefusal,
} from '../upload-rules';
import {
  addUserRole,
  applyReview,
  countFilesAndPictures,
  deleteModelFile,
  deletePicture,
  findCategoryPlacement,
  findModelOwnership,
  insertDraftModel,
  insertModelFile,
  insertPicture,
  requestReview,
  updateModelDetails,
  type ReviewRequestRefusal,
} from './repository';

/** Uploads per seller and hour (files and pictures together). */
const uploadsPerHour = 120;
/** New models per seller and hour. */
const newModelsPerHour = 30;

export type DetailsResult =
  { ok: true; id: number } | { ok: false; fieldErrors: Partial<Record<ModelDetailField, ModelDetailError>> };

function requireSeller(user: SessionUser): void {
  if (!hasRole(user, 'seller')) throw new AppError('FORBIDDEN', 'Only sellers can do this');
}

/** The model, when `user` is its seller and may change it now; else NOT_FOUND (or CONFLICT in review). */
async function ownModel(user: SessionUser, modelId: number, { toChange = true } = {}) {
  const model = await findModelOwnership(modelId);
  if (!model || model.designerId !== user.id) throw new AppError('NOT_FOUND', 'No such model');
  if (toChange && !editableStatuses.includes(model.status))
    throw new AppError('CONFLICT', 'The model is in review: it can be changed after the verdict');
  return model;
}

async function checkedDetails(input: Record<string, unknown>) {
  const checked = validateModelDetails(input);
  if (!checked.ok) return checked;
  const placement = await findCategoryPlacement(checked.value.categoryId);
  if (!placement) return { ok: false as const, fieldErrors: { categoryId: 'invalid_choice' as const } };
  return { ok: true as const, value: checked.value, placement };
}

/** A buyer starts selling: the seller role, at once (the studio opens). */
export async function becomeSeller(user: SessionUser): Promise<void> {
  await addUserRole(user.id, 'seller');
}

export async function createModel(
  user: SessionUser,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<DetailsResult> {
  requireSeller(user);
  const checked = await checkedDetails(input);
  if (!checked.ok) return checked;
  await assertWithinRateLimit(`studio_new_model:user:${user.id}`, newModelsPerHour, 3_600_000, now);
  const slug = `${slugify(checked.value.title, 60) || 'model'}-${randomBytes(4).toString('hex')}`;
  const id = await insertDraftModel({
    designerId: user.id,
    details: checked.value,
    placement: checked.placement,
    slug,
    now,
  });
  return { ok: true, id };
}

export async function updateModel(
  user: SessionUser,
  modelId: number,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<DetailsResult> {
  await ownModel(user, modelId);
  const checked = await checkedDetails(input);
  if (!checked.ok) return checked;
  await updateModelDetails(modelId, checked.value as ModelDetails, checked.placement, now);
  return { ok: true, id: modelId };
}

export type UploadResult = { ok: true; id: number } | { ok: false; refusal: UploadRefusal | 'limit' };

/**
 * Stores one uploaded file or picture of a model. Name, type and declared size are checked before
 * the body is read; its first bytes before anything is written; the size while it is written.
 */
export async function uploadToModel(
  user: SessionUser,
  modelId: number,
  kind: UploadKind,
  fileName: string,
  request: Request,
  { now = new Date(), filesRoot }: { now?: Date; filesRoot?: string } = {},
): Promise<UploadResult> {
  const model = await ownModel(user, modelId);
  await assertWithinRateLimit(`studio_upload:user:${user.id}`, uploadsPerHour, 3_600_000, now);
  const maxFileBytes = env.UPLOAD_MAX_MB * 1024 * 1024;
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const checked = checkUploadRequest(kind, fileName, declared, maxFileBytes);
  if (!checked.ok) return checked;
  const counts = await countFilesAndPictures(modelId);
  if (kind === 'file' ? counts.files >= maxFilesPerModel : counts.pictures >= maxPicturesPerModel)
    return { ok: false, refusal: 'limit' };
  const body = await openUploadBody(request, {
    maxBytes: kind === 'file' ? maxFileBytes : maxPictureBytes,
    headBytes,
    tooLarge: 'The file is too large',
  });
  if (!contentMatches(checked.format, body.head, body.declaredBytes)) {
    await body.cancel();
    return { ok: false, refusal: 'content' };
  }
  const token = randomBytes(8).toString('hex');
  if (kind === 'picture') {
    const parts: Uint8Array[] = [];
    for await (const chunk of body.chunks()) parts.push(chunk);
    const key = `previews/studio/m${modelId}-${token}`;
    try {
      await storePreview(key, Buffer.concat(parts), filesRoot);
    } catch {
      return { ok: false, refusal: 'content' };
    }
    const position = await insertPicture(modelId, key, now);
    if (model.status === 'published') await refreshImageIndex(await getDatabase(), filesRoot);
    return { ok: true, id: position };
  }
  const storageKey = `models/m${modelId}/f${token}.${checked.format}`;
  await writeFileFromChunks(storageKey, body.chunks(), filesRoot);
  const id = await insertModelFile(
    { modelId, fileName, format: checked.format, sizeBytes: body.declaredBytes, storageKey },
    model.unit,
    now,
  );
  return { ok: true, id };
}

export async function removeModelFile(
  user: SessionUser,
  modelId: number,
  fileId: number,
  { now = new Date(), filesRoot }: { now?: Date; filesRoot?: string } = {},
) {
  await ownModel(user, modelId);
  const storageKey = await deleteModelFile(modelId, fileId, now);
  if (!storageKey) throw new AppError('NOT_FOUND', 'No such file');
  await deleteFile(storageKey, filesRoot);
}

export async function removePicture(user: SessionUser, modelId: number, position: number, now = new Date()) {
  await ownModel(user, modelId);
  if (!(await deletePicture(modelId, position, now))) throw new AppError('NOT_FOUND', 'No such picture');
}

export async function submitForReview(
  user: SessionUser,
  modelId: number,
  now = new Date(),
): Promise<ReviewRequestRefusal | null> {
  await ownModel(user, modelId, { toChange: false });
  return requestReview(modelId, now);
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
  const { published } = await applyReview(modelId, parsed.data, now);
  if (published) await refreshImageIndex(await getDatabase(), filesRoot);
  return { ok: true, published };
}
