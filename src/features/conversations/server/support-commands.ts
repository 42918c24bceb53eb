/**
 * The site's own support (decision 0037): the contact form at /support opens a `meshbay_support`
 * conversation of the user with every admin, and admins send `promotions` to a group of users.
 */
import type { SessionUser } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { validateMessageBody, type MessageBodyError } from '../conversation-message';
import { checkSubject, promotionGroups, type PromotionGroup, type SubjectError } from '../support-rules';
import { countMessage, countNewConversation, record, type MessageResult } from './commands';
import {
  insertConversation,
  insertMessageIn,
  insertParticipants,
  countUsersInGroup,
  insertPromotionConversations,
  selectAdminIds,
} from './repository';

type Options = { now?: Date };

export type SupportResult = MessageResult | { ok: false; fieldErrors: { subject: SubjectError } };

/**
 * `{ subject, message }` from a signed-in user: a new `meshbay_support` conversation of the user and
 * every admin (each sees it in their conversations; any admin's reply reaches the user).
 */
export async function contactSupport(
  user: SessionUser,
  input: unknown,
  { now = new Date() }: Options = {},
): Promise<SupportResult> {
  const fields = record(input);
  const subject = checkSubject(fields.subject);
  if (!subject.ok) return { ok: false, fieldErrors: { subject: subject.error } };
  const checked = validateMessageBody(fields.message);
  if (!checked.ok) return { ok: false, fieldErrors: { body: checked.error } };
  await countMessage(user, now);
  await countNewConversation(user, now);
  const admins = (await selectAdminIds()).filter((id) => id !== user.id);
  if (admins.length === 0 && !user.roles.includes('admin'))
    throw new AppError('DATABASE_UNAVAILABLE', 'Support has no admin to answer');
  const db = await getDb();
  return db.transaction(async (tx) => {
    const conversationId = await insertConversation(tx, {
      type: 'meshbay_support',
      subject: subject.value,
      createdBy: user.id,
      now,
    });
    await insertParticipants(
      tx,
      conversationId,
      [user.id, ...admins].map((userId) => ({ userId })),
      now,
    );
    const messageId = await insertMessageIn(tx, {
      conversationId,
      senderId: user.id,
      body: checked.body,
      now,
    });
    return { ok: true as const, conversationId, messageId };
  });
}

/** Promotions an admin may send per hour. */
export const promotionsPerHour = 5;

function parseGroup(value: unknown): PromotionGroup | null {
  return (promotionGroups as readonly unknown[]).includes(value) ? (value as PromotionGroup) : null;
}

function adminOrNotFound(user: SessionUser) {
  if (!user.roles.includes('admin')) throw new AppError('NOT_FOUND', 'Not found');
}

/** How many users each group reaches (the sending admin left out). Admins only. */
export async function promotionAudience(admin: SessionUser): Promise<Record<PromotionGroup, number>> {
  adminOrNotFound(admin);
  const counts = await Promise.all(promotionGroups.map((group) => countUsersInGroup(group, admin.id)));
  return Object.fromEntries(promotionGroups.map((group, i) => [group, counts[i]!])) as Record<
    PromotionGroup,
    number
  >;
}

export type PromotionResult =
  | { ok: true; sent: number }
  | {
      ok: false;
      fieldErrors: {
        group?: 'required';
        subject?: SubjectError;
        body?: MessageBodyError;
      };
    };

/**
 * `{ group, subject, body }` from an admin: one `promotions` conversation per user of the group, with
 * the message from the admin; the recipients read it but do not reply (decision 0037). NOT_FOUND for
 * anyone but an admin.
 */
export async function sendPromotion(
  admin: SessionUser,
  input: unknown,
  { now = new Date() }: Options = {},
): Promise<PromotionResult> {
  adminOrNotFound(admin);
  const fields = record(input);
  const group = parseGroup(fields.group);
  if (group === null) return { ok: false, fieldErrors: { group: 'required' } };
  const subject = checkSubject(fields.subject);
  if (!subject.ok) return { ok: false, fieldErrors: { subject: subject.error } };
  const checked = validateMessageBody(fields.body);
  if (!checked.ok) return { ok: false, fieldErrors: { body: checked.error } };
  await assertWithinRateLimit(`promotion:user:${admin.id}`, promotionsPerHour, 3_600_000, now);
  const sent = await insertPromotionConversations({
    group,
    adminId: admin.id,
    subject: subject.value,
    body: checked.body,
    now,
  });
  return { ok: true, sent };
}
