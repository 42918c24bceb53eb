/** The reads of conversations: always as one participant (anyone else: null / NOT_FOUND). */
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';

import {
  conversationMessageLimit,
  inboxPageSize,
  parseId,
  pollRecentWindowMs,
  type ConversationDto,
  type MessageDto,
} from '../schemas';
import { offerableConversationTypes } from '../conversation-types';
import { offerIsLive } from '../offer-rules';
import { selectOfferableModels, selectOffersOfConversation } from './offer-repository';
import {
  isParticipant,
  selectAttachmentFor,
  selectConversationFor,
  selectInbox,
  selectMessages,
} from './repository';

export async function getInbox(user: SessionUser, page: number) {
  const { items, total } = await selectInbox(user.id, {
    limit: inboxPageSize,
    offset: (Math.max(1, page) - 1) * inboxPageSize,
  });
  return { items, total, pageCount: Math.max(1, Math.ceil(total / inboxPageSize)) };
}

/** A conversation's heading (no messages), or null when there is none the user takes part in. */
export async function getConversationHeading(user: SessionUser, idInput: unknown) {
  const id = parseId(idInput);
  const conversation = id === null ? null : await selectConversationFor(id, user.id);
  if (!conversation) return null;
  const others = conversation.participants.filter((p) => p.id !== user.id).map((p) => p.username);
  // A personal conversation is about the people in it: it is called by the others' names.
  return {
    type: conversation.type,
    title: conversation.type === 'personal' && others.length > 0 ? others.join(', ') : conversation.subject,
  };
}

/** A conversation with its latest messages, or null when there is none the user takes part in. */
export async function getConversation(user: SessionUser, idInput: unknown): Promise<ConversationDto | null> {
  const id = parseId(idInput);
  const conversation = id === null ? null : await selectConversationFor(id, user.id);
  if (!conversation) return null;
  const messages = await selectMessages(conversation.id, { limit: conversationMessageLimit + 1 });
  const hasEarlier = messages.length > conversationMessageLimit;
  return {
    id: conversation.id,
    type: conversation.type,
    subject: conversation.subject,
    modelId: conversation.modelId,
    participants: conversation.participants,
    messages: hasEarlier ? messages.slice(1) : messages,
    hasEarlier,
  };
}

/**
 * The poll: messages after `after`, plus those of the last minutes again (their attachments may have
 * arrived since). NOT_FOUND for anyone but a participant.
 */
export async function getMessagesAfter(
  user: SessionUser,
  idInput: unknown,
  afterInput: unknown,
  now = new Date(),
): Promise<MessageDto[]> {
  const id = parseId(idInput);
  const after = parseId(afterInput ?? '0', { big: true });
  if (id === null || (await selectConversationFor(id, user.id)) === null)
    throw new AppError('NOT_FOUND', 'No such conversation');
  if (after === null) throw new AppError('BAD_REQUEST', 'after must be a message id');
  return selectMessages(id, {
    afterId: after,
    recentSince: new Date(now.getTime() - pollRecentWindowMs),
    limit: conversationMessageLimit,
  });
}

/** An attachment for its conversation's participants; null for anyone else or an unknown id. */
export function getAttachment(user: SessionUser, idInput: unknown) {
  const id = parseId(idInput);
  return id === null ? Promise.resolve(null) : selectAttachmentFor(id, user.id);
}

/** The offers of a conversation the user takes part in, newest first (an empty list for anyone else). */
export async function getConversationOffers(user: SessionUser, conversationId: number, now = new Date()) {
  if (!(await isParticipant(conversationId, user.id))) return [];
  const rows = await selectOffersOfConversation(conversationId);
  return rows.map((row) => {
    const live = offerIsLive(row, now);
    return {
      ...row,
      live,
      acceptable: row.buyerId === user.id && live && row.status === 'open',
    };
  });
}

/** The models the user may offer in a conversation: none unless it is offerable and they have some. */
export async function getOfferableModels(
  user: SessionUser,
  conversation: { type: ConversationDto['type']; participants: ConversationDto['participants'] },
) {
  const others = conversation.participants.filter((p) => p.id !== user.id);
  if (!offerableConversationTypes.includes(conversation.type) || others.length !== 1) return [];
  return selectOfferableModels(user.id);
}
