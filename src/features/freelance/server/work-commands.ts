/**
 * The work phase of a project (decision 0025): the designer's deliveries (files uploaded one by one,
 * then sent with a note), the owner's revision requests and approval (the designer is paid), disputes
 * and the two reviews. Only the owner and the accepted designer may act; anybody else gets NOT_FOUND.
 */
import { randomUUID } from 'node:crypto';

import { env } from '@/env';
import {
  contentMatches,
  headBytes,
  isAcceptableFileName,
  maxPictureBytes,
  modelFileFormats,
  pictureFormats,
} from '@/features/geometry/api';
import { fileExtension } from '@/features/geometry/api';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { hasValidSignature, sign } from '@/server/auth/signing';
import { platformFeeCents } from '@/features/orders/server/api';
import { AppError } from '@/server/errors';
import { fileExists, writeFileFromChunks } from '@/server/files/store';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { openUploadBody } from '@/server/http/upload-body';

import {
  customRequestsInputSchema,
  deliveryInputSchema,
  disputeInputSchema,
  fieldErrorsOf,
  reviewInputSchema,
  revisionInputSchema,
} from '../application-schemas';
import {
  findDeliveryTarget,
  recordApproval,
  recordDelivery,
  recordDispute,
  recordReview,
  recordRevisionRequest,
  saveAcceptsCustomRequests,
  type StoredDeliveryFile,
} from './work-repository';

const uploadsPerHour = 120;

export type DeliveryUploadRefusal = 'name' | 'type' | 'empty' | 'too_large' | 'content';

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  zip: 'application/zip',
};

/** Name, extension and declared size, checked before a byte of the body is read. */
export function checkDeliveryFile(
  fileName: string,
  declaredBytes: number,
  maxModelBytes: number,
): { ok: true; format: string; maxBytes: number } | { ok: false; refusal: DeliveryUploadRefusal } {
  if (!isAcceptableFileName(fileName)) return { ok: false, refusal: 'name' };
  const format = fileExtension(fileName);
  const picture = (pictureFormats as readonly string[]).includes(format);
  if (!picture && !(modelFileFormats as readonly string[]).includes(format))
    return { ok: false, refusal: 'type' };
  if (!Number.isFinite(declaredBytes) || declaredBytes <= 0) return { ok: false, refusal: 'empty' };
  const maxBytes = picture ? maxPictureBytes : maxModelBytes;
  if (declaredBytes > maxBytes) return { ok: false, refusal: 'too_large' };
  return { ok: true, format, maxBytes };
}

/** An uploaded file waiting to be sent with a delivery: what was stored, signed so it cannot be forged. */
function uploadToken(projectId: number, userId: number, file: StoredDeliveryFile): string {
  const payload = Buffer.from(JSON.stringify({ p: projectId, u: userId, ...file })).toString('base64url');
  return `${payload}.${sign(`delivery-file:${payload}`)}`;
}

function readUploadToken(token: string, projectId: number, userId: number): StoredDeliveryFile | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature || !hasValidSignature(`delivery-file:${payload}`, signature)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (value.p !== projectId || value.u !== userId) return null;
    return {
      storageKey: String(value.storageKey),
      fileName: String(value.fileName),
      contentType: String(value.contentType),
      sizeBytes: Number(value.sizeBytes),
    };
  } catch {
    return null;
  }
}

export type DeliveryUploadResult =
  | { ok: true; token: string; fileName: string; sizeBytes: number }
  | { ok: false; refusal: DeliveryUploadRefusal };

/**
 * Stores one file of a coming delivery in the project's conversation folder. Only the accepted designer
 * of a project in progress may upload; the file is checked by name and size before, by content
 * (first bytes) while it is read. Answers a signed token the delivery is sent with.
 */
export async function uploadDeliveryFile(
  user: SessionUser,
  projectId: number,
  fileName: string,
  request: Request,
  { now = new Date(), filesRoot }: { now?: Date; filesRoot?: string } = {},
): Promise<DeliveryUploadResult> {
  const { conversationId } = await findDeliveryTarget(projectId, user.id);
  await assertWithinRateLimit(`freelance_delivery_upload:user:${user.id}`, uploadsPerHour, 3_600_000, now);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const checked = checkDeliveryFile(fileName, declared, env.UPLOAD_MAX_MB * 1024 * 1024);
  if (!checked.ok) return checked;
  const body = await openUploadBody(request, {
    maxBytes: checked.maxBytes,
    headBytes,
    tooLarge: 'The file is too large',
  });
  if (!contentMatches(checked.format, body.head, body.declaredBytes)) {
    await body.cancel();
    return { ok: false, refusal: 'content' };
  }
  const storageKey = `conversations/${conversationId}/${randomUUID()}.${checked.format}`;
  await writeFileFromChunks(storageKey, body.chunks(), filesRoot);
  const file = {
    storageKey,
    fileName,
    contentType: contentTypes[checked.format] ?? 'application/octet-stream',
    sizeBytes: body.declaredBytes,
  };
  return { ok: true, token: uploadToken(projectId, user.id, file), fileName, sizeBytes: file.sizeBytes };
}

export type WorkResult = { ok: true } | { ok: false; fieldErrors: Record<string, string> };

/** The designer sends a delivery: a note and 1–10 uploaded files; the project becomes delivered. */
export async function sendDelivery(
  user: SessionUser,
  projectId: number,
  input: unknown,
  { now = new Date(), filesRoot }: { now?: Date; filesRoot?: string } = {},
): Promise<WorkResult> {
  const parsed = deliveryInputSchema.safeParse(input);
  if (!parsed.success) {
    await findDeliveryTarget(projectId, user.id);
    return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const files: StoredDeliveryFile[] = [];
  for (const token of new Set(parsed.data.files)) {
    const file = readUploadToken(token, projectId, user.id);
    if (!file || !(await fileExists(file.storageKey, filesRoot)))
      return { ok: false, fieldErrors: { files: 'invalid' } };
    files.push(file);
  }
  await recordDelivery(projectId, user.id, parsed.data.note, files, now);
  return { ok: true };
}

export async function requestRevision(
  user: SessionUser,
  projectId: number,
  input: unknown,
  now = new Date(),
): Promise<WorkResult> {
  const parsed = revisionInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  await recordRevisionRequest(projectId, user.id, parsed.data.note, now);
  return { ok: true };
}

export async function approveWork(
  user: SessionUser,
  projectId: number,
  input: { note?: unknown } = {},
  now = new Date(),
): Promise<WorkResult> {
  const note = typeof input.note === 'string' ? input.note.trim().slice(0, 2000) : '';
  // The fee is computed from the agreed price inside the transaction's lock (see recordApproval).
  await recordApproval(projectId, user.id, note, (price) => platformFeeCents(price), now);
  return { ok: true };
}

export async function openDispute(
  user: SessionUser,
  projectId: number,
  input: unknown,
  now = new Date(),
): Promise<WorkResult> {
  const parsed = disputeInputSchema.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  await recordDispute(projectId, user.id, parsed.data.note ?? '', now);
  return { ok: true };
}

export async function leaveReview(
  user: SessionUser,
  projectId: number,
  input: unknown,
  now = new Date(),
): Promise<WorkResult> {
  const parsed = reviewInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  await recordReview(projectId, user.id, parsed.data, now);
  return { ok: true };
}

/** The designer's switch "Accept custom 3D project requests". */
export async function setAcceptsCustomRequests(user: SessionUser, input: unknown): Promise<WorkResult> {
  if (!hasRole(user, 'seller')) throw new AppError('FORBIDDEN', 'Only designers take custom requests');
  const parsed = customRequestsInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  await saveAcceptsCustomRequests(user.id, parsed.data.accepts);
  return { ok: true };
}
