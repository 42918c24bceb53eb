/**
 * The only code of the conversations feature that touches Drizzle: conversations, their participants
 * (with how far each has read), messages and attachments (decision 0024). Unread for a user = messages
 * in their conversations by someone else (or the system) with an id above their `last_read_message_id`.
 */
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';

import { models, publishedModel } from '@/features/catalog/server/api';
import { getDb, type Database, type Transaction } from '@/server/db/client';
import { users } from '@/server/db/schema/users';
import { fileUrl } from '@/server/files/store';

import type { ConversationType, MessageKind } from '../conversation-types';
import type { PromotionGroup } from '../support-rules';
import type { AttachmentDto, ConversationSummaryDto, MessageDto, ParticipantDto } from '../schemas';
import { conversationParticipants, conversations, messageAttachments, messages } from './schema';

function avatarOf(key: string | null): ParticipantDto['avatar'] {
  return key ? { small: fileUrl(`${key}-64.webp`), large: fileUrl(`${key}-160.webp`) } : null;
}

const participantColumns = {
  conversationId: conversationParticipants.conversationId,
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  avatarKey: users.avatarKey,
};

async function participantsOf(db: Database, conversationIds: number[]) {
  if (conversationIds.length === 0) return new Map<number, ParticipantDto[]>();
  const rows = await db
    .select(participantColumns)
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(inArray(conversationParticipants.conversationId, conversationIds))
    .orderBy(asc(conversationParticipants.joinedAt), asc(users.id));
  const byConversation = new Map<number, ParticipantDto[]>();
  for (const row of rows) {
    const list = byConversation.get(row.conversationId) ?? [];
    list.push({
      id: row.id,
      username: row.username,
      displayName: row.displayName,
      avatar: avatarOf(row.avatarKey),
    });
    byConversation.set(row.conversationId, list);
  }
  return byConversation;
}

const unreadOf = (userId: number) => sql<number>`(
  select count(*)::int from ${messages}
  where ${messages.conversationId} = ${conversations.id}
    and ${messages.id} > ${conversationParticipants.lastReadMessageId}
    and ${messages.senderId} is distinct from ${userId})`;

/** The user's conversations, newest activity first, with the last message and the unread count. */
export async function selectInbox(
  userId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: ConversationSummaryDto[]; total: number }> {
  const db = await getDb();
  const mine = and(eq(conversationParticipants.userId, userId));
  const rows = await db
    .select({
      id: conversations.id,
      type: conversations.type,
      subject: conversations.subject,
      lastMessageAt: conversations.lastMessageAt,
      unread: unreadOf(userId),
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(mine)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationParticipants)
    .where(mine);
  const ids = rows.map((r) => r.id);
  const participants = await participantsOf(db, ids);
  const lastMessages = new Map<number, { body: string; kind: MessageKind; senderUsername: string | null }>();
  if (ids.length > 0) {
    const last = await db
      .selectDistinctOn([messages.conversationId], {
        conversationId: messages.conversationId,
        body: messages.body,
        kind: messages.kind,
        senderUsername: users.username,
      })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(inArray(messages.conversationId, ids))
      .orderBy(messages.conversationId, desc(messages.id));
    for (const row of last) lastMessages.set(row.conversationId, row);
  }
  return {
    total: count?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      type: row.type,
      subject: row.subject,
      lastMessageAt: row.lastMessageAt.toISOString(),
      unread: row.unread,
      others: (participants.get(row.id) ?? []).filter((p) => p.id !== userId),
      lastMessage: lastMessages.get(row.id) ?? null,
    })),
  };
}

/** The user's unread messages over all their conversations. */
export async function selectUnreadTotal(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationParticipants)
    .innerJoin(messages, eq(messages.conversationId, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.userId, userId),
        gt(messages.id, conversationParticipants.lastReadMessageId),
        sql`${messages.senderId} is distinct from ${userId}`,
      ),
    );
  return row?.n ?? 0;
}

/** A conversation as one of its participants sees it, or null (no such conversation, or not theirs). */
export async function selectConversationFor(conversationId: number, userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: conversations.id,
      type: conversations.type,
      subject: conversations.subject,
      modelId: conversations.modelId,
      lastReadMessageId: conversationParticipants.lastReadMessageId,
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .limit(1);
  if (!row) return null;
  const participants = (await participantsOf(db, [conversationId])).get(conversationId) ?? [];
  return { ...row, participants };
}

export async function isParticipant(conversationId: number, userId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Messages of a conversation, oldest first: those with an id above `afterId`, and also those created
 * since `recentSince` (so that attachments uploaded after their message reach a poller), at most
 * `limit` (the newest of them when there are more).
 */
export async function selectMessages(
  conversationId: number,
  { afterId = 0, recentSince, limit }: { afterId?: number; recentSince?: Date; limit: number },
): Promise<MessageDto[]> {
  const db = await getDb();
  const window = recentSince
    ? or(gt(messages.id, afterId), gt(messages.createdAt, recentSince))
    : gt(messages.id, afterId);
  const rows = await db
    .select({
      id: messages.id,
      kind: messages.kind,
      body: messages.body,
      createdAt: messages.createdAt,
      senderId: messages.senderId,
      senderUsername: users.username,
      senderAvatarKey: users.avatarKey,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), window))
    .orderBy(desc(messages.id))
    .limit(limit);
  rows.reverse();
  const attachments = new Map<number, AttachmentDto[]>();
  if (rows.length > 0) {
    const files = await db
      .select({
        id: messageAttachments.id,
        messageId: messageAttachments.messageId,
        fileName: messageAttachments.fileName,
        sizeBytes: messageAttachments.sizeBytes,
        contentType: messageAttachments.contentType,
      })
      .from(messageAttachments)
      .where(
        inArray(
          messageAttachments.messageId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(messageAttachments.id));
    for (const file of files) {
      const list = attachments.get(file.messageId) ?? [];
      list.push({
        id: file.id,
        fileName: file.fileName,
        sizeBytes: file.sizeBytes,
        contentType: file.contentType,
        url: `/api/internal/conversations/attachments/${file.id}`,
      });
      attachments.set(file.messageId, list);
    }
  }
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    sender:
      row.senderId === null || row.senderUsername === null
        ? null
        : { id: row.senderId, username: row.senderUsername, avatar: avatarOf(row.senderAvatarKey) },
    attachments: attachments.get(row.id) ?? [],
  }));
}

/**
 * Moves the user's read mark forward to `upTo` (never back, never past the conversation's last
 * message). Returns false when the user is not a participant.
 */
export async function updateReadMark(conversationId: number, userId: number, upTo: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(conversationParticipants)
    .set({
      lastReadMessageId: sql`greatest(${conversationParticipants.lastReadMessageId}, least(${upTo}::bigint, coalesce((select max(${messages.id}) from ${messages} where ${messages.conversationId} = ${conversationId}), 0)))`,
    })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .returning({ userId: conversationParticipants.userId });
  return rows.length > 0;
}

export async function selectUserByUsername(username: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}

/** A model the support form asks about, and whether it is published (the caller decides who may ask). */
export async function selectModelForSupport(modelId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: models.id,
      title: models.title,
      designerId: models.designerId,
      published: sql<boolean>`${publishedModel}`,
    })
    .from(models)
    .where(eq(models.id, modelId))
    .limit(1);
  return row ?? null;
}

/** A model a buyer writes to its designer about (published, unless `evenUnpublished`: bought models). */
export async function selectPublishedModelForRequest(
  modelId: number,
  { evenUnpublished = false }: { evenUnpublished?: boolean } = {},
) {
  const db = await getDb();
  const [row] = await db
    .select({ id: models.id, title: models.title, designerId: models.designerId, formats: models.formats })
    .from(models)
    .where(and(eq(models.id, modelId), evenUnpublished ? undefined : publishedModel))
    .limit(1);
  return row ?? null;
}

/**
 * The conversation of `type` (about `modelId`, and with `subject` when `sameSubject`) that exactly the
 * two users have, or a new one with both as participants. Under a transaction-level advisory lock on
 * the pair, so two first messages sent at once make one conversation.
 */
export async function findOrCreatePairConversation(
  tx: Transaction,
  input: {
    type: ConversationType;
    subject: string;
    modelId: number | null;
    senderId: number;
    recipientId: number;
    now: Date;
    sameSubject?: boolean;
  },
): Promise<{ conversationId: number; created: boolean }> {
  const [low, high] = [input.senderId, input.recipientId].sort((a, b) => a - b);
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`conversation:${input.type}:${input.modelId ?? 0}:${low}:${high}`}))`,
  );
  const other = tx
    .select({ id: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.userId, input.recipientId));
  const [existing] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(conversationParticipants, eq(conversationParticipants.conversationId, conversations.id))
    .where(
      and(
        eq(conversations.type, input.type),
        input.modelId === null
          ? sql`${conversations.modelId} is null`
          : eq(conversations.modelId, input.modelId),
        input.sameSubject ? eq(conversations.subject, input.subject) : undefined,
        eq(conversationParticipants.userId, input.senderId),
        inArray(conversations.id, other),
        // Exactly the two of them: a group conversation is not reused.
        sql`(select count(*) from ${conversationParticipants} p where p.conversation_id = ${conversations.id}) = 2`,
      ),
    )
    .orderBy(asc(conversations.id))
    .limit(1);
  if (existing) return { conversationId: existing.id, created: false };
  const conversationId = await insertConversation(tx, {
    type: input.type,
    subject: input.subject,
    modelId: input.modelId,
    createdBy: input.senderId,
    now: input.now,
  });
  await insertParticipants(
    tx,
    conversationId,
    [{ userId: input.senderId }, { userId: input.recipientId }],
    input.now,
  );
  return { conversationId, created: true };
}

/**
 * Sends a first message, reusing the conversation of `type` (and `modelId`) that the two users already
 * have, or creating it with both as participants. Returns the conversation and message ids.
 */
export async function insertFirstMessage(input: {
  type: Extract<
    ConversationType,
    'personal' | 'model_support' | 'file_conversion_request' | 'model_feedback'
  >;
  subject: string;
  modelId: number | null;
  senderId: number;
  recipientId: number;
  body: string;
  now: Date;
  sameSubject?: boolean;
}): Promise<{ conversationId: number; messageId: number; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { conversationId, created } = await findOrCreatePairConversation(tx, input);
    const messageId = await insertMessageIn(tx, {
      conversationId,
      senderId: input.senderId,
      body: input.body,
      now: input.now,
    });
    return { conversationId, messageId, created };
  });
}

export async function insertMessageIn(
  tx: Transaction,
  input: { conversationId: number; senderId: number; body: string; now: Date },
): Promise<number> {
  const messageId = await insertMessageRow(tx, { ...input, kind: 'text' });
  await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${input.now.toISOString()}::timestamptz)`,
    })
    .where(eq(conversations.id, input.conversationId));
  // What one writes, one has read.
  await tx
    .update(conversationParticipants)
    .set({ lastReadMessageId: messageId })
    .where(
      and(
        eq(conversationParticipants.conversationId, input.conversationId),
        eq(conversationParticipants.userId, input.senderId),
      ),
    );
  return messageId;
}

/** A text message by a participant; sets the conversation's last activity. */
export async function insertMessage(input: {
  conversationId: number;
  senderId: number;
  body: string;
  now: Date;
}): Promise<number> {
  const db = await getDb();
  return db.transaction((tx) => insertMessageIn(tx, input));
}

/** A message the user sent in the conversation (for attaching files to it), or null. */
export async function selectOwnMessage(conversationId: number, messageId: number, userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: messages.id,
      createdAt: messages.createdAt,
      attachments: sql<number>`(select count(*)::int from ${messageAttachments} where ${messageAttachments.messageId} = ${messages.id})`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.conversationId, conversationId),
        eq(messages.senderId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Adds a stored file to a message, unless it already has `max` files: counted under a lock on the
 * message, so parallel uploads cannot pass the limit. Returns the attachment id, or null at the limit.
 */
export async function insertAttachment(
  input: {
    messageId: number;
    fileName: string;
    storageKey: string;
    contentType: string;
    sizeBytes: number;
    now: Date;
  },
  max: number,
): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: messages.id }).from(messages).where(eq(messages.id, input.messageId)).for('update');
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, input.messageId));
    if ((count?.n ?? 0) >= max) return null;
    const { now, messageId, ...file } = input;
    const [id] = await insertAttachmentRows(tx, messageId, [file], now);
    return id!;
  });
}

/** An attachment for download by a participant of its conversation, or null for anyone else. */
export async function selectAttachmentFor(attachmentId: number, userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      fileName: messageAttachments.fileName,
      storageKey: messageAttachments.storageKey,
      contentType: messageAttachments.contentType,
      sizeBytes: messageAttachments.sizeBytes,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, messages.conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .where(eq(messageAttachments.id, attachmentId))
    .limit(1);
  return row ?? null;
}

/** A new conversation (its last activity: its creation); its id. */
export async function insertConversation(
  tx: Transaction,
  input: { type: ConversationType; subject: string; modelId?: number | null; createdBy: number; now: Date },
): Promise<number> {
  const [row] = await tx
    .insert(conversations)
    .values({
      type: input.type,
      subject: input.subject,
      modelId: input.modelId ?? null,
      createdBy: input.createdBy,
      createdAt: input.now,
      lastMessageAt: input.now,
    })
    .returning({ id: conversations.id });
  return row!.id;
}

/** Adds users to a conversation; one who has already read up to a message says so. */
export async function insertParticipants(
  tx: Transaction,
  conversationId: number,
  participants: { userId: number; lastReadMessageId?: number }[],
  now: Date,
): Promise<void> {
  await tx
    .insert(conversationParticipants)
    .values(participants.map((participant) => ({ conversationId, ...participant, joinedAt: now })));
}

/** One message row (no change to the conversation's last activity); its id. */
export async function insertMessageRow(
  tx: Transaction,
  input: { conversationId: number; senderId: number | null; kind: MessageKind; body: string; now: Date },
): Promise<number> {
  const [message] = await tx
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      senderId: input.senderId,
      kind: input.kind,
      body: input.body,
      createdAt: input.now,
    })
    .returning({ id: messages.id });
  return message!.id;
}

export interface StoredAttachment {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

async function insertAttachmentRows(
  tx: Transaction,
  messageId: number,
  files: StoredAttachment[],
  now: Date,
): Promise<number[]> {
  const rows = await tx
    .insert(messageAttachments)
    .values(files.map((file) => ({ ...file, messageId, createdAt: now })))
    .returning({ id: messageAttachments.id });
  return rows.map((row) => row.id);
}

/**
 * A message (a step of a project, or the system's line) with its files, if any: the conversation's
 * last activity becomes `now`. Its id.
 */
export async function appendMessage(
  tx: Transaction,
  input: {
    conversationId: number;
    senderId: number | null;
    kind: MessageKind;
    body: string;
    files?: StoredAttachment[];
    now: Date;
  },
): Promise<number> {
  const messageId = await insertMessageRow(tx, input);
  await tx
    .update(conversations)
    .set({ lastMessageAt: input.now })
    .where(eq(conversations.id, input.conversationId));
  if (input.files?.length) await insertAttachmentRows(tx, messageId, input.files, input.now);
  return messageId;
}

/** The storage keys among `storageKeys` that some message already has as an attachment. */
export async function selectAttachedStorageKeys(tx: Transaction, storageKeys: string[]): Promise<string[]> {
  const rows = await tx
    .select({ storageKey: messageAttachments.storageKey })
    .from(messageAttachments)
    .where(inArray(messageAttachments.storageKey, storageKeys));
  return rows.map((row) => row.storageKey);
}

/** Every admin's id: the participants of a new support conversation. */
export async function selectAdminIds(): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'admin' = any(${users.roles})`)
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

function inGroup(group: PromotionGroup, adminId: number) {
  return and(
    sql`${users.id} <> ${adminId}`,
    group === 'everyone' ? undefined : sql`${group}::user_role = any(${users.roles})`,
  );
}

export async function countUsersInGroup(group: PromotionGroup, adminId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inGroup(group, adminId));
  return row?.n ?? 0;
}

const promotionChunk = 500;

/**
 * One `promotions` conversation per user of the group (its only participant), each with the admin's
 * message, in one transaction and a few statements per 500 users. Returns how many were sent.
 */
export async function insertPromotionConversations(input: {
  group: PromotionGroup;
  adminId: number;
  subject: string;
  body: string;
  now: Date;
}): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const recipients = (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(inGroup(input.group, input.adminId))
        .orderBy(asc(users.id))
    ).map((row) => row.id);
    for (let start = 0; start < recipients.length; start += promotionChunk) {
      const chunk = recipients.slice(start, start + promotionChunk);
      const created = await tx
        .insert(conversations)
        .values(
          chunk.map(() => ({
            type: 'promotions' as const,
            subject: input.subject,
            createdBy: input.adminId,
            createdAt: input.now,
            lastMessageAt: input.now,
          })),
        )
        .returning({ id: conversations.id });
      // A multi-row insert numbers its rows in order: the n-th smallest id is the n-th recipient's.
      const ids = created.map((row) => row.id).sort((a, b) => a - b);
      await tx
        .insert(conversationParticipants)
        .values(ids.map((conversationId, i) => ({ conversationId, userId: chunk[i]!, joinedAt: input.now })));
      await tx.insert(messages).values(
        ids.map((conversationId) => ({
          conversationId,
          senderId: input.adminId,
          kind: 'text' as const,
          body: input.body,
          createdAt: input.now,
        })),
      );
    }
    return recipients.length;
  });
}
