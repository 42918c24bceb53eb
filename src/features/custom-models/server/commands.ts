/**
 * The custom-model service's writes (docs/decisions/0026-custom-model-service.md). Every command checks
 * who acts: the buyer owns the request, the assigned designer works on it, admins select designers, run
 * QA and cancel. Anyone else gets NOT_FOUND (the request's existence is not revealed). Every status
 * change goes through the lifecycle table after locking the row, with an event row.
 */
import { randomUUID } from 'node:crypto';

import { idempotencyKeySchema, cardInputSchema } from '@/features/orders/api';
import {
  contentMatches,
  headBytes,
  isAcceptableFileName,
  maxPictureBytes,
  modelFileFormats,
  pictureFormats,
} from '@/features/geometry/api';
import { fileExtension } from '@/features/geometry/api';
import { env } from '@/env';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { deleteFile, writeFileFromChunks } from '@/server/files/store';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { openUploadBody } from '@/server/http/upload-body';
import { logger } from '@/server/logger';
import type { PaymentProvider } from '@/features/orders/server/api';
import { paymentProviderFromEnv } from '@/features/orders/server/api';
import { chargeServiceOrder } from '@/features/orders/server/api';
import { z } from 'zod';

import { priceOfComplexity } from '../pricing';
import {
  maxReferenceImages,
  maxResultFilesPerRound,
  validateCustomModelRequest,
  validateNote,
  type RequestField,
  type RequestFieldError,
} from '../schemas';
import {
  countFiles,
  deleteReferenceFile,
  findRequestAccess,
  insertFile,
  insertRequest,
  isSelectableDesigner,
  markRequestPaid,
  payDesignerForRequest,
  refundRequestOrder,
  startRequestPayment,
  transitionRequest,
  type RequestAccess,
} from './repository';

/** New requests per buyer and hour. */
const newRequestsPerHour = 10;
/** Uploads (references and results) per user and hour. */
const uploadsPerHour = 120;

const isAdmin = (user: SessionUser) => hasRole(user, 'admin');

const notFound = () => new AppError('NOT_FOUND', 'No such request');

function requireAdmin(user: SessionUser) {
  if (!isAdmin(user)) throw notFound();
}

export type CreateResult =
  { ok: true; id: number } | { ok: false; fieldErrors: Partial<Record<RequestField, RequestFieldError>> };

export async function createCustomModelRequest(
  user: SessionUser,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<CreateResult> {
  const checked = validateCustomModelRequest(input);
  if (!checked.ok) return checked;
  await assertWithinRateLimit(`custom_model_new:user:${user.id}`, newRequestsPerHour, 3_600_000, now);
  const id = await insertRequest(user.id, checked.value, priceOfComplexity(checked.value.complexity), now);
  return { ok: true, id };
}

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

const paymentSchema = z.object({ idempotencyKey: idempotencyKeySchema, card: cardInputSchema.optional() });

export type PaymentOutcome =
  | { status: 'paid'; orderId: number }
  | { status: 'failed'; orderId: number; failure: { kind: 'declined' | 'failed'; code: string } };

/**
 * Pays a request's fixed price through the normal checkout machinery: a pending service order under
 * the request's lock (one per attempt; another attempt's order still pending is a CONFLICT), the
 * provider's charge, then awaiting payment → submitted. A declined card leaves the request awaiting
 * payment; the next attempt (a new key) is a new order.
 */
export async function payForRequest(
  user: SessionUser,
  requestId: number,
  input: unknown,
  {
    now = () => new Date(),
    provider = paymentProviderFromEnv(),
  }: { now?: () => Date; provider?: PaymentProvider } = {},
): Promise<PaymentOutcome> {
  const parsed = paymentSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid payment');
  const request = await findRequestAccess(requestId);
  if (!request || request.buyerId !== user.id) throw notFound();
  const started = await startRequestPayment(
    requestId,
    user.id,
    parsed.data.idempotencyKey,
    provider.name,
    now(),
  );
  if (started.kind === 'already_paid') {
    // The attempt that charged may have stopped before marking the request: marking is idempotent.
    await markRequestPaid(requestId, started.orderId, user.id, now());
    return { status: 'paid', orderId: started.orderId };
  }
  const outcome = await chargeServiceOrder(
    { ...started.order, description: `Custom model request #${requestId}` },
    parsed.data.card,
    { provider, now },
  );
  if (outcome.status === 'paid') await markRequestPaid(requestId, outcome.orderId, user.id, now());
  return outcome;
}

/** The designer sends the uploaded round to QA: in creation → in QA, round + 1. */
export async function submitToQa(user: SessionUser, requestId: number, now = new Date()) {
  const request = await findRequestAccess(requestId);
  if (!request || request.designerId !== user.id) throw notFound();
  if ((await countFiles(requestId, 'result', request.round + 1)) === 0)
    throw new AppError('BAD_REQUEST', 'Upload the result first');
  await transitionRequest(requestId, 'in_qa', {
    actorId: user.id,
    now,
    check: (row) => {
      if (row.designerId !== user.id) throw notFound();
    },
    patch: (row) => ({ round: row.round + 1, note: null }),
  });
}

/** The buyer approves the result: awaiting approval → approved; the order fulfilled; the designer paid once. */
export async function approveRequest(user: SessionUser, requestId: number, now = new Date()) {
  await transitionRequest(requestId, 'approved', {
    actorId: user.id,
    now,
    check: (row) => {
      if (row.buyerId !== user.id) throw notFound();
    },
    patch: { approvedAt: now },
    after: (tx, row) => payDesignerForRequest(tx, row, now),
  });
}

export type NoteResult = { ok: true } | { ok: false; fieldErrors: { note: 'required' | 'note_length' } };

/** The buyer asks for changes (a note of 10–2,000 characters): awaiting approval → in creation. */
export async function requestChanges(
  user: SessionUser,
  requestId: number,
  input: unknown,
  now = new Date(),
): Promise<NoteResult> {
  const access = await findRequestAccess(requestId);
  if (!access || access.buyerId !== user.id) throw notFound();
  const note = validateNote((input as { note?: unknown } | null)?.note);
  if (!note.ok) return { ok: false, fieldErrors: { note: note.error } };
  await transitionRequest(requestId, 'in_creation', {
    actorId: user.id,
    note: note.note,
    now,
    check: (row) => {
      if (row.buyerId !== user.id) throw notFound();
    },
    patch: { note: note.note },
  });
  return { ok: true };
}

/** An admin selects a designer who accepts custom requests: submitted → in creation. */
export async function assignDesigner(
  admin: SessionUser,
  requestId: number,
  input: unknown,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; fieldErrors: { designerId: 'required' | 'not_accepting' } }> {
  requireAdmin(admin);
  const designerId = Number((input as { designerId?: unknown } | null)?.designerId);
  if (!Number.isInteger(designerId) || designerId <= 0)
    return { ok: false, fieldErrors: { designerId: 'required' } };
  if (!(await isSelectableDesigner(designerId)))
    return { ok: false, fieldErrors: { designerId: 'not_accepting' } };
  await transitionRequest(requestId, 'in_creation', {
    actorId: admin.id,
    now,
    check: () => {},
    patch: { designerId },
  });
  return { ok: true };
}

/** QA passes the round: in QA → awaiting approval. */
export async function passQa(admin: SessionUser, requestId: number, now = new Date()) {
  requireAdmin(admin);
  await transitionRequest(requestId, 'awaiting_approval', { actorId: admin.id, now, check: () => {} });
}

/** QA sends the round back with a note: in QA → in creation. */
export async function sendBack(
  admin: SessionUser,
  requestId: number,
  input: unknown,
  now = new Date(),
): Promise<NoteResult> {
  requireAdmin(admin);
  const note = validateNote((input as { note?: unknown } | null)?.note);
  if (!note.ok) return { ok: false, fieldErrors: { note: note.error } };
  await transitionRequest(requestId, 'in_creation', {
    actorId: admin.id,
    note: note.note,
    now,
    check: () => {},
    patch: { note: note.note },
  });
  return { ok: true };
}

/**
 * An admin cancels a request; a paid one is refunded: its order becomes refunded in the same
 * transaction, then the provider refunds the charge (a failed refund is logged for a person to finish).
 * The buyer may cancel their own request while it awaits payment.
 */
export async function cancelRequest(
  user: SessionUser,
  requestId: number,
  input: unknown,
  { now = new Date(), provider = paymentProviderFromEnv() }: { now?: Date; provider?: PaymentProvider } = {},
): Promise<{ refunded: boolean }> {
  const note = (input as { note?: unknown } | null)?.note;
  const text = typeof note === 'string' && note.trim() !== '' ? note.trim().slice(0, 2_000) : null;
  let refund: { reference: string | null; totalCents: number } | null = null;
  const row = await transitionRequest(requestId, 'cancelled', {
    actorId: user.id,
    note: text,
    now,
    check: (current) => {
      if (isAdmin(user)) return;
      if (current.buyerId !== user.id) throw notFound();
      if (current.status !== 'awaiting_payment')
        throw new AppError('CONFLICT', 'Only an admin cancels a paid request');
    },
    after: async (tx, current) => {
      if (current.orderId !== null && current.status !== 'awaiting_payment')
        refund = await refundRequestOrder(tx, current.orderId, now);
    },
  });
  const done = refund as { reference: string | null; totalCents: number } | null;
  if (done?.reference && done.totalCents > 0) {
    const result = await provider.refund(done.reference, done.totalCents);
    if (!result.ok)
      logger.error(
        { requestId: row.id, message: result.message },
        'provider refund failed; order marked refunded',
      );
  }
  return { refunded: done !== null };
}
