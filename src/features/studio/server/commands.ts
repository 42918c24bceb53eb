/**
 * The studio's writes (decision 0020): a seller's models, their details, files and pictures (reviews are
 * in review-commands.ts). Every command checks the user and the model's owner itself: another seller's
 * model is "not found".
 */
import { randomBytes } from 'node:crypto';

import { env } from '@/env';
import { contentMatches, headBytes, maxPictureBytes, meshFormats } from '@/features/geometry/api';
import {
  deleteModelFile,
  deletePicture,
  findPictureSlots,
  insertDraftModel,
  insertModelFile,
  lockModelRow,
  moveModel,
  touchModel,
  updateModelDetails,
  upsertPicture,
} from '@/features/catalog/server/api';
import { deleteModelFromCarts } from '@/features/cart/server/api';
import { statusAfterNewFile } from '@/features/catalog/api';
import { slugify } from '@/lib/slug';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import { deleteFile, writeFileFromChunks } from '@/server/files/store';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { openUploadBody } from '@/server/http/upload-body';
import { storePreview } from '@/server/images/previews';
import { refreshImageIndex } from '@/server/images/image-index';
import { refreshSearchKeywordsOfTags } from '@/server/db/catalog-maintenance';
import { getDatabase, getDb, type Transaction } from '@/server/db/client';
import { enqueueMeshAnalysis } from '@/server/jobs/kinds';

import { validateModelDetails, type ModelDetailError, type ModelDetailField } from '../schemas';
import {
  checkUploadRequest,
  maxFilesPerModel,
  maxPicturesPerModel,
  type UploadKind,
  type UploadRefusal,
} from '../upload-rules';
import { publicationChanged } from './lifecycle-commands';
import { ownModel, requireSeller } from './model-access';
import { addUserRole, countFilesAndPictures, findCategoryPlacement, lockModel } from './repository';

/** Uploads per seller and hour (files and pictures together). */
const uploadsPerHour = 120;
/** New models per seller and hour. */
const newModelsPerHour = 30;

export type DetailsResult =
  { ok: true; id: number } | { ok: false; fieldErrors: Partial<Record<ModelDetailField, ModelDetailError>> };

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
  const db = await getDb();
  const id = await db.transaction((tx) =>
    insertDraftModel(tx, {
      designerId: user.id,
      details: checked.value,
      placement: checked.placement,
      slug,
      now,
    }),
  );
  return { ok: true, id };
}

export async function updateModel(
  user: SessionUser,
  modelId: number,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<DetailsResult> {
  const model = await ownModel(user, modelId);
  const checked = await checkedDetails(input);
  if (!checked.ok) return checked;
  const db = await getDb();
  await db.transaction((tx) => updateModelDetails(tx, modelId, checked.value, checked.placement, now));
  if (model.status === 'published')
    await refreshSearchKeywordsOfTags(await getDatabase(), [...model.tags, ...checked.value.tags]);
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
    const position = await addPicture(modelId, key, now);
    if (model.status === 'published') await refreshImageIndex(await getDatabase(), filesRoot);
    return { ok: true, id: position };
  }
  const storageKey = `models/m${modelId}/f${token}.${checked.format}`;
  await writeFileFromChunks(storageKey, body.chunks(), filesRoot);
  const db = await getDb();
  const { id, backToReview } = await db.transaction(async (tx) => {
    const fileId = await insertModelFile(
      tx,
      { modelId, fileName, format: checked.format, sizeBytes: body.declaredBytes, storageKey },
      model.unit,
      now,
    );
    return { id: fileId, backToReview: await sendBackToReview(tx, modelId, now) };
  });
  if ((meshFormats as readonly string[]).includes(checked.format))
    await enqueueMeshAnalysis(await getDatabase(), id);
  if (backToReview) await publicationChanged(model.tags, filesRoot);
  return { ok: true, id };
}

/**
 * New files are what buyers get: a model that has been public goes back to review with them (it leaves
 * the marketplace until the verdict), its review asked for at once. True when it did.
 */
async function sendBackToReview(tx: Transaction, modelId: number, now: Date): Promise<boolean> {
  const model = await lockModelRow(tx, modelId);
  if (!model) throw new AppError('NOT_FOUND', 'No such model');
  const next = statusAfterNewFile(model.status);
  if (next === model.status) return false;
  await moveModel(tx, model, next, now, {
    reviewRequestedAt: now,
    reviewStatus: 'not_reviewed',
    reviewScore: null,
  });
  await deleteModelFromCarts(tx, modelId);
  return true;
}

/**
 * Adds a seller's picture: it takes the first free position, or position 0 while that one holds a
 * picture the marketplace drew (the seller's own picture is the card picture from then on).
 */
async function addPicture(modelId: number, storageKey: string, now: Date): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    const taken = await findPictureSlots(tx, modelId);
    const first = taken[0];
    const replaceFirst = first?.position === 0 && first.drawn;
    const position = replaceFirst ? 0 : taken.reduce((free, p) => (p.position === free ? free + 1 : free), 0);
    await upsertPicture(tx, modelId, position, storageKey);
    await touchModel(tx, modelId, now);
    return position;
  });
}

export async function removeModelFile(
  user: SessionUser,
  modelId: number,
  fileId: number,
  { now = new Date(), filesRoot }: { now?: Date; filesRoot?: string } = {},
) {
  await ownModel(user, modelId);
  const db = await getDb();
  const storageKey = await db.transaction((tx) => deleteModelFile(tx, modelId, fileId, now));
  if (!storageKey) throw new AppError('NOT_FOUND', 'No such file');
  await deleteFile(storageKey, filesRoot);
}

export async function removePicture(user: SessionUser, modelId: number, position: number, now = new Date()) {
  await ownModel(user, modelId);
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    if (!(await deletePicture(tx, modelId, position))) return false;
    await touchModel(tx, modelId, now);
    return true;
  });
  if (!removed) throw new AppError('NOT_FOUND', 'No such picture');
}
