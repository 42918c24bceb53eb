import type { ConversationType, MessageKind } from './conversation-types';

export interface AvatarImage {
  small: string;
  large: string;
}

export interface ParticipantDto {
  id: number;
  username: string;
  displayName: string | null;
  avatar: AvatarImage | null;
}

/** A row of the inbox. */
export interface ConversationSummaryDto {
  id: number;
  type: ConversationType;
  subject: string;
  /** ISO time of the last message. */
  lastMessageAt: string;
  unread: number;
  /** The participants other than the viewer. */
  others: ParticipantDto[];
  lastMessage: { body: string; kind: MessageKind; senderUsername: string | null } | null;
}

export interface AttachmentDto {
  id: number;
  fileName: string;
  sizeBytes: number;
  contentType: string;
  /** The download (participants only). */
  url: string;
}

export interface MessageDto {
  id: number;
  kind: MessageKind;
  body: string;
  createdAt: string;
  /** Null: the system. */
  sender: { id: number; username: string; avatar: AvatarImage | null } | null;
  attachments: AttachmentDto[];
}

export interface ConversationDto {
  id: number;
  type: ConversationType;
  subject: string;
  modelId: number | null;
  participants: ParticipantDto[];
  messages: MessageDto[];
  /** There are older messages than the ones shown. */
  hasEarlier: boolean;
}

export const inboxPageSize = 20;
/** The conversation page shows at most this many of the latest messages. */
export const conversationMessageLimit = 200;
/** A poll also returns the messages of the last minutes again (attachments uploaded after them). */
export const pollRecentWindowMs = 10 * 60_000;

const maxId = 2_147_483_647;

/** An id from a URL segment or JSON: a positive integer (32-bit, or 53-bit with `big`), else null. */
export function parseId(value: unknown, { big = false }: { big?: boolean } = {}): number | null {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,16}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(id) && id >= 0 && (big || id <= maxId) && (id >= 1 || big) ? id : null;
}
