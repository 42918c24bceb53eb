/**
 * The writes of conversations (decision 0024). Every command checks that the user is a participant
 * itself: anyone else gets NOT_FOUND, admins included. New conversations and messages count against
 * the user's limits in the database rate limiter.
 */
import { randomUUID } from 'node:crypto';

import { env } from '@/env';
import {
  attachmentContentType,
  checkAttachmentRequest,
  maxAttachmentsPerMessage,
  validateMessageBody,
  type AttachmentRefusal,
  type MessageBodyError,
} from '../conversation-message';
import { contentMatches, headBytes } from '@/features/geometry/api';
import { parseModelId } from '@/features/catalog/api';
import type { SessionUser } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { deleteFile, writeFileFromChunks } from '@/server/files/store';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { declaredLength, openUploadBody } from '@/server/http/upload-body';

import { readOnlyConversationTypes } from '../conversation-types';
import { parseId } from '../schemas';
import { buyerOwnsModel } from './offer-repository';
import {
  insertAttachment,
  insertFirstMessage,
  insertMessage,
  isParticipant,
  selectConversationFor,
  selectModelForSupport,
  selectOwnMessage,
  selectUserByUsername,
  updateReadMark,
} from './repository';

/** New conversations a user may start per hour. */
export const newConversationsPerHour = 20;
/** Messages a user may send per 10 minutes (over all conversations). */
export const messagesPerWindow = 30;
export const messageWindowMs = 10 * 60_000;
/** Attachments a user may upload per hour. */
export const attachmentsPerHour = 100;
/** Files can be attached to a message within this time after sending it. */
export const attachWindowMs = 60 * 60_000;

export type MessageResult =
  | { ok: true; conversationId: number; messageId: number }
  | { ok: false; fieldErrors: { body?: MessageBodyError; recipient?: 'self' } };

type Options = { now?: Date };

export const record = (input: unknown): Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};

export async function countMessage(user: SessionUser, now: Date) {
  await assertWithinRateLimit(
    `conversation_message:user:${user.id}`,
    messagesPerWindow,
    messageWindowMs,
    now,
  );
}

export async function countNewConversation(user: SessionUser, now: Date) {
  await assertWithinRateLimit(`conversation_new:user:${user.id}`, newConversationsPerHour, 3_600_000, now);
}

/**
 * The first message of a conversation between the user and one other member, counted against both
 * of the user's limits; the pair's conversation of that type (and subject) is reused if it exists.
 */
export async function sendFirstMessage(
  user: SessionUser,
  first: Omit<Parameters<typeof insertFirstMessage>[0], 'senderId' | 'now'>,
  now: Date,
): Promise<MessageResult> {
  await countMessage(user, now);
  await countNewConversation(user, now);
  const sent = await insertFirstMessage({ ...first, senderId: user.id, now });
  return { ok: true, conversationId: sent.conversationId, messageId: sent.messageId };
}

/**
 * A message to another user (a designer's profile: "Send a message"): `{ recipient: username, body,
 * attachments?: true }`. Reuses the personal conversation the two already have; one cannot message
 * oneself; an unknown user is NOT_FOUND.
 */
export async function startPersonalConversation(
  user: SessionUser,
  input: unknown,
  { now = new Date() }: Options = {},
): Promise<MessageResult> {
  const fields = record(input);
  const recipientName = typeof fields.recipient === 'string' ? fields.recipient : '';
  const recipient = recipientName === '' ? null : await selectUserByUsername(recipientName);
  if (!recipient) throw new AppError('NOT_FOUND', 'No such user');
  if (recipient.id === user.id) return { ok: false, fieldErrors: { recipient: 'self' } };
  const checked = validateMessageBody(fields.body);
  if (!checked.ok) return { ok: false, fieldErrors: { body: checked.error } };
  return sendFirstMessage(
    user,
    {
      type: 'personal',
      subject: `${user.username}, ${recipient.username}`,
      modelId: null,
      recipientId: recipient.id,
      body: checked.body,
    },
    now,
  );
}

/**
 * The model page's support form: a `model_support` conversation between the visitor and the model's
 * designer (subject = the model's title), reused for later questions about the same model. Only a
 * published model, or one the visitor bought, can be asked about: any other id (a draft, one in
 * review, rejected, unpublished, or none) is the same NOT_FOUND, so ids counted upward reveal nothing.
 */
export async function sendModelSupportMessage(
  user: SessionUser,
  modelIdInput: unknown,
  input: unknown,
  { now = new Date() }: Options = {},
): Promise<MessageResult> {
  const modelId = parseModelId(modelIdInput);
  const found = modelId === null ? null : await selectModelForSupport(modelId);
  const model =
    found && (found.published || (await buyerOwnsModel(await getDb(), user.id, found.id))) ? found : null;
  if (model === null) throw new AppError('NOT_FOUND', 'No such model');
  if (model.designerId === user.id) return { ok: false, fieldErrors: { recipient: 'self' } };
  const checked = validateMessageBody(record(input).message);
  if (!checked.ok) return { ok: false, fieldErrors: { body: checked.error } };
  return sendFirstMessage(
    user,
    {
      type: 'model_support',
      subject: model.title,
      modelId: model.id,
      recipientId: model.designerId,
      body: checked.body,
    },
    now,
  );
}

export async function participantOrNotFound(
  user: SessionUser,
  conversationIdInput: unknown,
): Promise<number> {
  const conversationId = parseId(conversationIdInput);
  if (conversationId === null || !(await isParticipant(conversationId, user.id)))
    throw new AppError('NOT_FOUND', 'No such conversation');
  return conversationId;
}

/**
 * A reply: `{ body, attachments?: number }` — the text may be empty when files follow (1 to 10, sent
 * next, one upload each).
 */
export async function postMessage(
  user: SessionUser,
  conversationIdInput: unknown,
  input: unknown,
  { now = new Date() }: Options = {},
): Promise<MessageResult> {
  const conversationId = parseId(conversationIdInput);
  const conversation = conversationId === null ? null : await selectConversationFor(conversationId, user.id);
  if (conversationId === null || conversation === null)
    throw new AppError('NOT_FOUND', 'No such conversation');
  if (readOnlyConversationTypes.includes(conversation.type))
    throw new AppError('FORBIDDEN', 'This conversation takes no replies');
  const fields = record(input);
  const files = typeof fields.attachments === 'number' ? fields.attachments : 0;
  const checked = validateMessageBody(fields.body, {
    withAttachments: files >= 1 && files <= maxAttachmentsPerMessage,
  });
  if (!checked.ok) return { ok: false, fieldErrors: { body: checked.error } };
  await countMessage(user, now);
  const messageId = await insertMessage({ conversationId, senderId: user.id, body: checked.body, now });
  return { ok: true, conversationId, messageId };
}

/** Marks the conversation read up to `{ upTo }` (the last message the page shows). */
export async function markConversationRead(
  user: SessionUser,
  conversationIdInput: unknown,
  input: unknown,
): Promise<void> {
  const conversationId = parseId(conversationIdInput);
  const upTo = parseId(record(input).upTo, { big: true });
  if (conversationId === null) throw new AppError('NOT_FOUND', 'No such conversation');
  if (upTo === null) throw new AppError('BAD_REQUEST', 'upTo must be a message id');
  if (!(await updateReadMark(conversationId, user.id, upTo)))
    throw new AppError('NOT_FOUND', 'No such conversation');
}

export type AttachmentResult = { ok: true; id: number } | { ok: false; refusal: AttachmentRefusal };

/**
 * One file for a message the user sent (within an hour of sending it), as the raw request body:
 * checked by name, extension and declared size before a byte is read, by its first bytes before
 * anything is written; at most 10 per message. Stored as `conversations/{id}/{uuid}.{ext}`.
 */
export async function uploadAttachment(
  user: SessionUser,
  conversationIdInput: unknown,
  messageIdInput: unknown,
  fileName: string,
  request: Request,
  { now = new Date(), filesRoot }: Options & { filesRoot?: string } = {},
): Promise<AttachmentResult> {
  const conversationId = await participantOrNotFound(user, conversationIdInput);
  const messageId = parseId(messageIdInput, { big: true });
  const message = messageId === null ? null : await selectOwnMessage(conversationId, messageId, user.id);
  if (message === null || now.getTime() - message.createdAt.getTime() > attachWindowMs)
    throw new AppError('NOT_FOUND', 'No such message');
  const checked = checkAttachmentRequest(fileName, declaredLength(request), env.UPLOAD_MAX_MB * 1024 * 1024);
  if (!checked.ok) return checked;
  if (message.attachments >= maxAttachmentsPerMessage) return { ok: false, refusal: 'limit' };
  await assertWithinRateLimit(`conversation_attachment:user:${user.id}`, attachmentsPerHour, 3_600_000, now);
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
  const id = await insertAttachment(
    {
      messageId: message.id,
      fileName,
      storageKey,
      contentType: attachmentContentType(checked.format),
      sizeBytes: body.declaredBytes,
      now,
    },
    maxAttachmentsPerMessage,
  );
  if (id === null) {
    await deleteFile(storageKey, filesRoot);
    return { ok: false, refusal: 'limit' };
  }
  return { ok: true, id };
}
