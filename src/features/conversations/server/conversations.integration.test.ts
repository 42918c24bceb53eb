/**
 * Conversations on a real migrated database: personal conversations reused, unread counts and read
 * marks, only participants read or write, the model page's support messages, rate limits, and
 * attachments refused by name, size, content and count.
 */
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SessionUser } from '@/server/auth/session';
import { seedCatalog } from '@/seed/seed';
import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import {
  markConversationRead,
  messagesPerWindow,
  newConversationsPerHour,
  postMessage,
  sendModelSupportMessage,
  startPersonalConversation,
  uploadAttachment,
} from './commands';
import { getAttachment, getConversation, getInbox, getMessagesAfter } from './queries';
import { selectUnreadTotal } from './repository';

let t: TestDatabase;
let ann: SessionUser;
let bob: SessionUser;
let cat: SessionUser;
let admin: SessionUser;
let model: { id: number; title: string; designer_id: number };
const now = new Date('2026-11-22T12:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const user = async (name: string, roles: string[] = ['buyer']): Promise<SessionUser> => {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ($1, $2, $3::user_role[]) RETURNING id`,
    [name, `${name}@example.com`, `{${roles.join(',')}}`],
  );
  return {
    id: row!.id,
    username: name,
    email: `${name}@example.com`,
    displayName: null,
    roles: roles as never,
  };
};

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  ann = await user('ann_conv');
  bob = await user('bob_conv', ['buyer', 'seller']);
  cat = await user('cat_conv');
  admin = await user('adm_conv', ['buyer', 'admin']);
  [model] = (await t.handle.query<typeof model>(
    'SELECT id, title, designer_id FROM models ORDER BY id LIMIT 1',
  )) as [typeof model];
});
afterAll(() => t.cleanup());

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const png = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4,
]);
function upload(data: Uint8Array, declared = data.length) {
  return new Request('http://localhost/upload', {
    method: 'POST',
    body: new Uint8Array(data),
    headers: { 'content-length': String(declared) },
  });
}
const storedFiles = (conversationId: number) => {
  const folder = path.join(t.filesRoot, 'conversations', String(conversationId));
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

let personalId = 0;

describe('personal conversations', () => {
  it('starts one with a first message, then reuses it for the next first message', async () => {
    const first = await startPersonalConversation(
      ann,
      { recipient: 'BOB_CONV', body: '  Hello Bob  ' },
      { now },
    );
    expect(first).toMatchObject({ ok: true });
    if (!first.ok) return;
    personalId = first.conversationId;
    const again = await startPersonalConversation(
      bob,
      { recipient: 'ann_conv', body: 'Hi Ann' },
      { now: later(1) },
    );
    expect(again).toMatchObject({ ok: true, conversationId: personalId });
    const conversation = await getConversation(ann, personalId);
    expect(conversation?.type).toBe('personal');
    expect(conversation?.participants.map((p) => p.username).sort()).toEqual(['ann_conv', 'bob_conv']);
    expect(conversation?.messages.map((m) => [m.sender?.username, m.body, m.kind])).toEqual([
      ['ann_conv', 'Hello Bob', 'text'],
      ['bob_conv', 'Hi Ann', 'text'],
    ]);
  });

  it('starts only one conversation when two first messages race', async () => {
    const results = await Promise.all([
      startPersonalConversation(cat, { recipient: 'bob_conv', body: 'one' }, { now }),
      startPersonalConversation(bob, { recipient: 'cat_conv', body: 'two' }, { now }),
    ]);
    const ids = results.map((r) => (r.ok ? r.conversationId : 0));
    expect(ids[0]).toBeGreaterThan(0);
    expect(ids[1]).toBe(ids[0]);
  });

  it('refuses a message to oneself, an unknown user and a bad body', async () => {
    expect(await startPersonalConversation(ann, { recipient: 'ann_conv', body: 'me' }, { now })).toEqual({
      ok: false,
      fieldErrors: { recipient: 'self' },
    });
    expect((await errorOf(startPersonalConversation(ann, { recipient: 'nobody_x', body: 'x' }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await startPersonalConversation(ann, { recipient: 'bob_conv', body: '   ' }, { now })).toEqual({
      ok: false,
      fieldErrors: { body: 'required' },
    });
    expect(
      await startPersonalConversation(ann, { recipient: 'bob_conv', body: 'x'.repeat(5001) }, { now }),
    ).toEqual({ ok: false, fieldErrors: { body: 'too_long' } });
    // 5,000 characters is allowed.
    expect((await postMessage(ann, personalId, { body: 'x'.repeat(5000) }, { now: later(2) })).ok).toBe(true);
  });
});

describe('unread counts and read marks', () => {
  it('counts messages by others above the read mark; reading moves the mark forward only', async () => {
    // Ann: "Hello Bob", Bob: "Hi Ann", Ann: 5,000 characters. What one writes, one has read.
    const bobInbox = await getInbox(bob, 1);
    const personal = bobInbox.items.find((i) => i.id === personalId)!;
    expect(personal.unread).toBe(1);
    expect(personal.others.map((o) => o.username)).toEqual(['ann_conv']);
    expect(personal.lastMessage?.senderUsername).toBe('ann_conv');
    expect((await getInbox(ann, 1)).items.find((i) => i.id === personalId)!.unread).toBe(0);
    const total = await selectUnreadTotal(bob.id);
    expect(total).toBe(bobInbox.items.reduce((sum, i) => sum + i.unread, 0));
    const messages = (await getConversation(bob, personalId))!.messages;
    await markConversationRead(bob, personalId, { upTo: messages.at(-1)!.id + 1000 });
    expect(await selectUnreadTotal(bob.id)).toBe(total - 1);
    // Never backwards, and never past the last message: a later message counts.
    await markConversationRead(bob, personalId, { upTo: 1 });
    expect(await selectUnreadTotal(bob.id)).toBe(total - 1);
    await postMessage(ann, personalId, { body: 'Still there?' }, { now: later(30) });
    expect(await selectUnreadTotal(bob.id)).toBe(total);
    expect((await getInbox(bob, 1)).items[0]!.id).toBe(personalId);
    expect((await errorOf(markConversationRead(bob, personalId, { upTo: 'x' }))).code).toBe('BAD_REQUEST');
  });
});

describe('the inbox', () => {
  it('pages 20 conversations at a time, newest activity first, with every type', async () => {
    const reader = await user('reader_conv');
    const types = [
      'personal',
      'offer',
      'meshbay_support',
      'model_support',
      'job_application',
      'file_conversion_request',
      'model_feedback',
      'promotions',
    ];
    for (let i = 0; i < 25; i++) {
      const [row] = await t.handle.query<{ id: number }>(
        `INSERT INTO conversations (type, subject, last_message_at) VALUES ($1, $2, $3) RETURNING id`,
        [types[i % types.length], `Subject ${i}`, later(-1000 + i)],
      );
      await t.handle.query(
        `INSERT INTO conversation_participants (conversation_id, user_id) VALUES ($1, $2), ($1, $3)`,
        [row!.id, reader.id, cat.id],
      );
      await t.handle.query(
        `INSERT INTO messages (conversation_id, sender_id, kind, body) VALUES ($1, NULL, 'system', $2)`,
        [row!.id, `Notice ${i}`],
      );
    }
    const first = await getInbox(reader, 1);
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(2);
    expect(first.items.map((i) => i.subject)).toEqual(
      Array.from({ length: 20 }, (_, k) => `Subject ${24 - k}`),
    );
    expect(first.items[0]).toMatchObject({
      unread: 1,
      others: [expect.objectContaining({ username: 'cat_conv' })],
      lastMessage: { body: 'Notice 24', kind: 'system', senderUsername: null },
    });
    const second = await getInbox(reader, 2);
    expect(second.items.map((i) => i.subject)).toEqual([
      'Subject 4',
      'Subject 3',
      'Subject 2',
      'Subject 1',
      'Subject 0',
    ]);
    expect(new Set([...first.items, ...second.items].map((i) => i.type)).size).toBe(8);
    // System messages count as unread.
    expect(await selectUnreadTotal(reader.id)).toBe(25);
  });
});

describe('only participants', () => {
  it('lets nobody else read, poll, post, mark or download — admins included', async () => {
    for (const outsider of [cat, admin]) {
      expect(await getConversation(outsider, personalId)).toBeNull();
      expect((await errorOf(getMessagesAfter(outsider, personalId, '0'))).code).toBe('NOT_FOUND');
      expect((await errorOf(postMessage(outsider, personalId, { body: 'hi' }))).code).toBe('NOT_FOUND');
      expect((await errorOf(markConversationRead(outsider, personalId, { upTo: 1 }))).code).toBe('NOT_FOUND');
      expect(
        (
          await errorOf(
            uploadAttachment(outsider, personalId, 1, 'a.png', upload(png), { filesRoot: t.filesRoot }),
          )
        ).code,
      ).toBe('NOT_FOUND');
    }
    expect(await getConversation(ann, 'abc')).toBeNull();
    expect(await getConversation(ann, 987_654)).toBeNull();
  });

  it('polls messages after an id, and the last minutes again', async () => {
    const all = (await getConversation(ann, personalId))!.messages;
    const after = await getMessagesAfter(ann, personalId, String(all.at(-2)!.id), later(400));
    expect(after.map((m) => m.id)).toEqual([all.at(-1)!.id]);
    const recent = await getMessagesAfter(ann, personalId, String(all.at(-1)!.id), later(31));
    expect(recent.map((m) => m.body)).toEqual(['Still there?']);
    expect((await errorOf(getMessagesAfter(ann, personalId, 'x'))).code).toBe('BAD_REQUEST');
  });
});

describe('attachments', () => {
  it('stores a picture for its sender and serves it to participants only', async () => {
    const sent = await postMessage(ann, personalId, { body: '', attachments: 1 }, { now: later(40) });
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    const result = await uploadAttachment(ann, personalId, sent.messageId, 'photo.png', upload(png), {
      now: later(41),
      filesRoot: t.filesRoot,
    });
    expect(result).toEqual({ ok: true, id: expect.any(Number) });
    if (!result.ok) return;
    expect(storedFiles(personalId)).toHaveLength(1);
    expect(storedFiles(personalId)[0]).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await getAttachment(bob, result.id)).toMatchObject({
      fileName: 'photo.png',
      sizeBytes: png.length,
    });
    expect(await getAttachment(cat, result.id)).toBeNull();
    expect(await getAttachment(admin, result.id)).toBeNull();
    const messages = (await getConversation(bob, personalId))!.messages;
    expect(messages.at(-1)!.attachments).toEqual([
      expect.objectContaining({
        fileName: 'photo.png',
        url: `/api/internal/conversations/attachments/${result.id}`,
      }),
    ]);
    // Bob cannot add files to Ann's message.
    expect(
      (
        await errorOf(
          uploadAttachment(bob, personalId, sent.messageId, 'b.png', upload(png), { now: later(41) }),
        )
      ).code,
    ).toBe('NOT_FOUND');
  });

  it('refuses wrong content, wrong type, too large and an 11th file, storing nothing', async () => {
    const sent = await postMessage(ann, personalId, { body: 'files', attachments: 10 }, { now: later(50) });
    if (!sent.ok) throw new Error('not sent');
    const before = storedFiles(personalId).length;
    const attach = (name: string, data: Uint8Array, declared?: number) =>
      uploadAttachment(ann, personalId, sent.messageId, name, upload(data, declared), {
        now: later(51),
        filesRoot: t.filesRoot,
      });
    expect(await attach('fake.png', new TextEncoder().encode('<html>not a png</html>'))).toEqual({
      ok: false,
      refusal: 'content',
    });
    expect(await attach('setup.exe', png)).toEqual({ ok: false, refusal: 'type' });
    expect(await attach('../x.png', png)).toEqual({ ok: false, refusal: 'name' });
    expect(await attach('huge.png', png, 25 * 1024 * 1024 + 1)).toEqual({ ok: false, refusal: 'too_large' });
    expect(storedFiles(personalId).length).toBe(before);
    for (let i = 0; i < 10; i++) expect((await attach(`p${i}.png`, png)).ok).toBe(true);
    expect(await attach('eleventh.png', png)).toEqual({ ok: false, refusal: 'limit' });
    expect(storedFiles(personalId).length).toBe(before + 10);
    // An hour later, the message takes no more files.
    const late = await errorOf(
      uploadAttachment(ann, personalId, sent.messageId, 'late.png', upload(png), { now: later(50 + 61) }),
    );
    expect(late.code).toBe('NOT_FOUND');
  });
});

describe('the model support form', () => {
  it("opens a model_support conversation with the model's designer, reused for the next question", async () => {
    const first = await sendModelSupportMessage(
      ann,
      String(model.id),
      { message: ' Is it hollow? ' },
      { now },
    );
    expect(first.ok).toBe(true);
    const second = await sendModelSupportMessage(ann, model.id, { message: 'And the scale?' }, { now });
    expect(second).toMatchObject({ conversationId: first.ok ? first.conversationId : -1 });
    const [row] = await t.handle.query<{ type: string; subject: string; model_id: number }>(
      'SELECT type, subject, model_id FROM conversations WHERE id = $1',
      [first.ok ? first.conversationId : 0],
    );
    expect(row).toEqual({ type: 'model_support', subject: model.title, model_id: model.id });
    const participants = await t.handle.query<{ user_id: number }>(
      'SELECT user_id FROM conversation_participants WHERE conversation_id = $1 ORDER BY user_id',
      [first.ok ? first.conversationId : 0],
    );
    expect(participants.map((p) => p.user_id).sort((a, b) => a - b)).toEqual(
      [ann.id, model.designer_id].sort((a, b) => a - b),
    );
  });

  it('refuses an unknown model, an empty message, and the designer asking themself', async () => {
    for (const id of [987_654, 'abc', -1, undefined])
      expect((await errorOf(sendModelSupportMessage(ann, id, { message: 'x' }))).code).toBe('NOT_FOUND');
    expect(await sendModelSupportMessage(ann, model.id, { message: '' })).toEqual({
      ok: false,
      fieldErrors: { body: 'required' },
    });
    const designer = { ...ann, id: model.designer_id };
    expect(await sendModelSupportMessage(designer, model.id, { message: 'me' })).toEqual({
      ok: false,
      fieldErrors: { recipient: 'self' },
    });
  });
});

describe('rate limits', () => {
  it(`limits each user to ${messagesPerWindow} messages in 10 minutes`, async () => {
    const busy = await user('busy_conv');
    const at = new Date('2031-01-01T10:00:00Z');
    const first = await startPersonalConversation(busy, { recipient: 'cat_conv', body: 'm0' }, { now: at });
    if (!first.ok) throw new Error('not sent');
    for (let i = 1; i < messagesPerWindow; i++)
      expect((await postMessage(busy, first.conversationId, { body: `m${i}` }, { now: at })).ok).toBe(true);
    const [before] = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM messages WHERE sender_id = $1',
      [busy.id],
    );
    expect(
      (await errorOf(postMessage(busy, first.conversationId, { body: 'too many' }, { now: at }))).code,
    ).toBe('RATE_LIMITED');
    const [after] = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM messages WHERE sender_id = $1',
      [busy.id],
    );
    expect(after!.n).toBe(before!.n);
    // The next window is open again; another user is not affected.
    expect(
      (
        await postMessage(
          busy,
          first.conversationId,
          { body: 'later' },
          { now: new Date('2031-01-01T10:10:00Z') },
        )
      ).ok,
    ).toBe(true);
    expect((await postMessage(cat, first.conversationId, { body: 'calm' }, { now: at })).ok).toBe(true);
  });

  it(`limits each user to ${newConversationsPerHour} first messages an hour`, async () => {
    const eager = await user('eager_conv');
    const at = new Date('2032-01-01T10:00:00Z');
    for (let i = 0; i < newConversationsPerHour; i++)
      expect(
        (await startPersonalConversation(eager, { recipient: 'cat_conv', body: `hi ${i}` }, { now: at })).ok,
      ).toBe(true);
    const error = await errorOf(
      startPersonalConversation(eager, { recipient: 'cat_conv', body: 'again' }, { now: at }),
    );
    expect(error.code).toBe('RATE_LIMITED');
    const next = new Date('2032-01-01T11:00:00Z');
    expect(
      (await startPersonalConversation(eager, { recipient: 'cat_conv', body: 'later' }, { now: next })).ok,
    ).toBe(true);
  });
});
