/**
 * The work phase of a project (decision 0025): the designer's deliveries (files uploaded one by one,
 * then sent with a note), the owner's revision requests and approval (the designer is paid), disputes
 * and the two reviews. Only the owner and the accepted designer may act; anybody else gets NOT_FOUND.
 * Every step locks the project row and checks the transition table inside its transaction.
 */
import { randomUUID } from 'node:crypto';

import { env } from '@/env';
import { checkAttachmentRequest, type AttachmentRequestRefusal } from '@/features/conversations/api';
import {
  appendMessage,
  selectAttachedStorageKeys,
  type StoredAttachment,
} from '@/features/conversations/server/api';
import {
  addRatingToProfile,
  insertDesignerReview,
  moveProjectToDone,
  saveAcceptsCustomRequests,
} from '@/features/designers/server/api';
import { contentMatches, headBytes } from '@/features/geometry/api';
import { fulfilServiceOrder, platformFeeCents, recordDesignerPayment } from '@/features/orders/server/api';
import type { SessionUser } from '@/server/auth/session';
import { hasValidSignature, sign } from '@/server/auth/signing';
import { hasRole } from '@/server/auth/visitor';
import { getDb, type Transaction } from '@/server/db/client';
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
import type { ProjectStatus } from '../freelance-lifecycle';
import { assertProjectStep } from './lifecycle-steps';
import {
  completeProject,
  findAcceptedTerms,
  hasReviewedProject,
  insertProjectReview,
  lockWorkProject,
  reopenForRevision,
  setWorkStatus,
} from './work-repository';

const uploadsPerHour = 120;

export type DeliveryUploadRefusal = AttachmentRequestRefusal | 'content';

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  zip: 'application/zip',
};

interface LockedWork {
  id: number;
  ownerId: number;
  designerId: number;
  status: ProjectStatus;
  conversationId: number;
  orderId: number;
  priceCents: number;
  role: 'owner' | 'designer';
}

/** Locks the project and answers who may act on it; anybody else gets NOT_FOUND. */
async function lockWork(tx: Transaction, projectId: number, userId: number): Promise<LockedWork> {
  const project = await lockWorkProject(tx, projectId);
  if (
    !project ||
    project.acceptedApplicationId === null ||
    project.conversationId === null ||
    project.orderId === null
  )
    throw new AppError('NOT_FOUND', 'No such project');
  const terms = await findAcceptedTerms(tx, project.acceptedApplicationId);
  if (!terms) throw new AppError('NOT_FOUND', 'No such project');
  const role = userId === project.ownerId ? 'owner' : userId === terms.designerId ? 'designer' : null;
  if (!role) throw new AppError('NOT_FOUND', 'No such project');
  return {
    id: project.id,
    ownerId: project.ownerId,
    designerId: terms.designerId,
    status: project.status,
    conversationId: project.conversationId,
    orderId: project.orderId,
    priceCents: terms.priceCents,
    role,
  };
}

/** The accepted designer's work, locked, when it may be delivered now. */
async function lockDeliverableWork(tx: Transaction, projectId: number, userId: number): Promise<LockedWork> {
  const work = await lockWork(tx, projectId, userId);
  if (work.role !== 'designer') throw new AppError('NOT_FOUND', 'No such project');
  assertProjectStep(work.status, 'delivered');
  return work;
}

/** The conversation a designer's delivery files go to (checked before any byte is stored). */
async function findDeliveryTarget(projectId: number, userId: number): Promise<{ conversationId: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const work = await lockDeliverableWork(tx, projectId, userId);
    return { conversationId: work.conversationId };
  });
}

/** An uploaded file waiting to be sent with a delivery: what was stored, signed so it cannot be forged. */
function uploadToken(projectId: number, userId: number, file: StoredAttachment): string {
  const payload = Buffer.from(JSON.stringify({ p: projectId, u: userId, ...file })).toString('base64url');
  return `${payload}.${sign(`delivery-file:${payload}`)}`;
}

function readUploadToken(token: string, projectId: number, userId: number): StoredAttachment | null {
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
  const checked = checkAttachmentRequest(fileName, declared, env.UPLOAD_MAX_MB * 1024 * 1024);
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
  const files: StoredAttachment[] = [];
  for (const token of new Set(parsed.data.files)) {
    const file = readUploadToken(token, projectId, user.id);
    if (!file || !(await fileExists(file.storageKey, filesRoot)))
      return { ok: false, fieldErrors: { files: 'invalid' } };
    files.push(file);
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    const work = await lockDeliverableWork(tx, projectId, user.id);
    // Only files uploaded for this project's conversation, and sent once.
    const prefix = `conversations/${work.conversationId}/`;
    if (files.some((f) => !f.storageKey.startsWith(prefix)))
      throw new AppError('BAD_REQUEST', 'files:invalid');
    const attached = await selectAttachedStorageKeys(
      tx,
      files.map((f) => f.storageKey),
    );
    if (attached.length > 0) throw new AppError('BAD_REQUEST', 'files:invalid');
    await appendMessage(tx, {
      conversationId: work.conversationId,
      senderId: user.id,
      kind: 'delivery',
      body: parsed.data.note,
      files,
      now,
    });
    await setWorkStatus(tx, projectId, 'delivered', now);
  });
  return { ok: true };
}

/** The owner asks for changes: delivered → in_progress, one more revision, the note as a message. */
export async function requestRevision(
  user: SessionUser,
  projectId: number,
  input: unknown,
  now = new Date(),
): Promise<WorkResult> {
  const parsed = revisionInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const db = await getDb();
  await db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, user.id);
    if (work.role !== 'owner') throw new AppError('NOT_FOUND', 'No such project');
    if (work.status !== 'delivered')
      throw new AppError('CONFLICT', `A ${work.status} project has nothing to revise`);
    assertProjectStep(work.status, 'in_progress');
    await appendMessage(tx, {
      conversationId: work.conversationId,
      senderId: user.id,
      kind: 'revision_request',
      body: parsed.data.note,
      now,
    });
    await reopenForRevision(tx, projectId, now);
  });
  return { ok: true };
}

/**
 * The owner approves: delivered → completed, the order fulfilled, the designer paid (the price and the
 * platform's fee as two ledger entries, unique per project and kind), their counters moved.
 */
export async function approveWork(
  user: SessionUser,
  projectId: number,
  input: { note?: unknown } = {},
  now = new Date(),
): Promise<WorkResult> {
  const note = typeof input.note === 'string' ? input.note.trim().slice(0, 2000) : '';
  const db = await getDb();
  await db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, user.id);
    if (work.role !== 'owner') throw new AppError('NOT_FOUND', 'No such project');
    // disputed → completed is an admin's settlement, not the owner's approval.
    if (work.status !== 'delivered')
      throw new AppError('CONFLICT', `A ${work.status} project cannot be approved`);
    assertProjectStep(work.status, 'completed');
    await appendMessage(tx, {
      conversationId: work.conversationId,
      senderId: user.id,
      kind: 'approval',
      body: note,
      now,
    });
    await completeProject(tx, projectId, now);
    await fulfilServiceOrder(tx, work.orderId, now);
    // The fee is computed from the agreed price read under the lock.
    await recordDesignerPayment(tx, {
      designerId: work.designerId,
      orderId: work.orderId,
      priceCents: work.priceCents,
      feeCents: platformFeeCents(work.priceCents),
      service: { projectId },
      now,
    });
    await moveProjectToDone(tx, work.designerId);
  });
  return { ok: true };
}

/** Either side asks an admin to step in: in_progress or delivered → disputed. */
export async function openDispute(
  user: SessionUser,
  projectId: number,
  input: unknown,
  now = new Date(),
): Promise<WorkResult> {
  const parsed = disputeInputSchema.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const note = parsed.data.note ?? '';
  const db = await getDb();
  await db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, user.id);
    assertProjectStep(work.status, 'disputed');
    await appendMessage(
      tx,
      note
        ? { conversationId: work.conversationId, senderId: user.id, kind: 'text', body: note, now }
        : {
            conversationId: work.conversationId,
            senderId: null,
            kind: 'system',
            body: 'dispute_opened',
            now,
          },
    );
    await setWorkStatus(tx, projectId, 'disputed', now);
  });
  return { ok: true };
}

/**
 * One review per side after completion: a designer review (author → the other side) that the
 * profiles show, linked to the project; the subject's profile rating becomes the running average.
 */
export async function leaveReview(
  user: SessionUser,
  projectId: number,
  input: unknown,
  now = new Date(),
): Promise<WorkResult> {
  const parsed = reviewInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const review = parsed.data;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const work = await lockWork(tx, projectId, user.id);
    if (work.status !== 'completed') throw new AppError('CONFLICT', 'Reviews follow a completed project');
    if (await hasReviewedProject(tx, projectId, user.id))
      throw new AppError('CONFLICT', 'You have reviewed this project');
    const subjectId = work.role === 'owner' ? work.designerId : work.ownerId;
    const reviewId = await insertDesignerReview(tx, { authorId: user.id, subjectId, ...review, now });
    await insertProjectReview(tx, { projectId, authorId: user.id, reviewId });
    await addRatingToProfile(tx, subjectId, review.rating);
  });
  return { ok: true };
}

/** The designer's switch "Accept custom 3D project requests". */
export async function setAcceptsCustomRequests(user: SessionUser, input: unknown): Promise<WorkResult> {
  if (!hasRole(user, 'seller')) throw new AppError('FORBIDDEN', 'Only designers take custom requests');
  const parsed = customRequestsInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const db = await getDb();
  await db.transaction((tx) => saveAcceptsCustomRequests(tx, user.id, parsed.data.accepts));
  return { ok: true };
}
