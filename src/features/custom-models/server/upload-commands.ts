/**
 * The custom-model service's files (decision 0026): the buyer's reference pictures while the request
 * awaits payment, the assigned designer's result files while in creation. Each upload is checked by
 * name, declared size and content before it is stored; anyone else gets NOT_FOUND.
 */
import { randomUUID } from 'node:crypto';

import { env } from '@/env';
import {
  contentMatches,
  fileExtension,
  headBytes,
  isAcceptableFileName,
  maxPictureBytes,
  modelFileFormats,
  pictureFormats,
} from '@/features/geometry/api';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import { deleteFile, writeFileFromChunks } from '@/server/files/store';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { openUploadBody } from '@/server/http/upload-body';

import { maxReferenceImages, maxResultFilesPerRound } from '../schemas';
import {
  countFiles,
  deleteReferenceFile,
  findRequestAccess,
  insertFile,
  type RequestAccess,
} from './repository';

/** Uploads (references and results) per user and hour. */
const uploadsPerHour = 120;

const notFound = () => new AppError('NOT_FOUND', 'No such request');

export type UploadRefusal = 'name' | 'type' | 'empty' | 'too_large' | 'content' | 'limit';
export type UploadResult = { ok: true; id: number } | { ok: false; refusal: UploadRefusal };

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

async function storeUpload(
  request: RequestAccess,
  kind: 'reference' | 'result',
  round: number,
  fileName: string,
  body: Request,
  {
    accepted,
    maxBytes,
    maxCount,
    now,
    filesRoot,
  }: { accepted: readonly string[]; maxBytes: number; maxCount: number; now: Date; filesRoot?: string },
): Promise<UploadResult> {
  if (!isAcceptableFileName(fileName)) return { ok: false, refusal: 'name' };
  const format = fileExtension(fileName);
  if (!accepted.includes(format)) return { ok: false, refusal: 'type' };
  const declared = Number(body.headers.get('content-length') ?? NaN);
  if (!Number.isFinite(declared) || declared <= 0) return { ok: false, refusal: 'empty' };
  if (declared > maxBytes) return { ok: false, refusal: 'too_large' };
  if ((await countFiles(request.id, kind, round)) >= maxCount) return { ok: false, refusal: 'limit' };
  const upload = await openUploadBody(body, { maxBytes, headBytes, tooLarge: 'The file is too large' });
  if (!contentMatches(format, upload.head, upload.declaredBytes)) {
    await upload.cancel();
    return { ok: false, refusal: 'content' };
  }
  const storageKey = `custom-models/${request.id}/${randomUUID()}.${format}`;
  await writeFileFromChunks(storageKey, upload.chunks(), filesRoot);
  const id = await insertFile({
    requestId: request.id,
    kind,
    round,
    fileName,
    storageKey,
    contentType: contentTypes[format] ?? 'application/octet-stream',
    sizeBytes: upload.declaredBytes,
    now,
  });
  return { ok: true, id };
}

/** The buyer's reference picture (JPG, PNG, WEBP under 25 MB; up to 10), while the request awaits payment. */
export async function uploadReference(
  user: SessionUser,
  requestId: number,
  fileName: string,
  body: Request,
  { now = new Date(), filesRoot }: { now?: Date; filesRoot?: string } = {},
): Promise<UploadResult> {
  const request = await findRequestAccess(requestId);
  if (!request || request.buyerId !== user.id) throw notFound();
  if (request.status !== 'awaiting_payment')
    throw new AppError('CONFLICT', 'References can be added until the request is paid');
  await assertWithinRateLimit(`custom_model_upload:user:${user.id}`, uploadsPerHour, 3_600_000, now);
  return storeUpload(request, 'reference', 0, fileName, body, {
    accepted: pictureFormats,
    maxBytes: maxPictureBytes,
    maxCount: maxReferenceImages,
    now,
    filesRoot,
  });
}

export async function removeReference(
  user: SessionUser,
  requestId: number,
  fileId: number,
  { filesRoot }: { filesRoot?: string } = {},
): Promise<void> {
  const request = await findRequestAccess(requestId);
  if (!request || request.buyerId !== user.id) throw notFound();
  if (request.status !== 'awaiting_payment')
    throw new AppError('CONFLICT', 'References can be removed until the request is paid');
  const key = await deleteReferenceFile(requestId, fileId);
  if (!key) throw new AppError('NOT_FOUND', 'No such file');
  await deleteFile(key, filesRoot);
}

/** The assigned designer's result file (a model file or a picture) for the next round, while in creation. */
export async function uploadResult(
  user: SessionUser,
  requestId: number,
  fileName: string,
  body: Request,
  { now = new Date(), filesRoot }: { now?: Date; filesRoot?: string } = {},
): Promise<UploadResult> {
  const request = await findRequestAccess(requestId);
  if (!request || request.designerId !== user.id) throw notFound();
  if (request.status !== 'in_creation')
    throw new AppError('CONFLICT', 'Results are uploaded while in creation');
  await assertWithinRateLimit(`custom_model_upload:user:${user.id}`, uploadsPerHour, 3_600_000, now);
  const isPicture = (pictureFormats as readonly string[]).includes(fileExtension(fileName));
  return storeUpload(request, 'result', request.round + 1, fileName, body, {
    accepted: [...modelFileFormats, ...pictureFormats],
    maxBytes: isPicture ? maxPictureBytes : env.UPLOAD_MAX_MB * 1024 * 1024,
    maxCount: maxResultFilesPerRound,
    now,
    filesRoot,
  });
}
