import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import { banFromPosting } from '@/features/forum/server/api';
import { fileReport } from '@/features/moderation/server/api';
import { getDb } from '@/server/db/client';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import { UserPictureRefused } from '@/server/images/user-pictures';
import { insertDemoTutorials } from '@/seed/tutorials-seed';

import { insertMember } from '../../../../tests/fixtures/members';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import type { TutorialInput } from '../tutorial-fields';
import { parseTutorialQuery } from '../tutorial-listing';
import {
  addBodyPicture,
  addComment,
  CommentPostingBanned,
  changeCover,
  changeStatus,
  commentsPerHour,
  createDraft,
  likeTutorial,
  moderateComment,
  PublishRefused,
  removeComment,
  removeTutorial,
  saveTutorial,
  unlikeTutorial,
} from './commands';
import { tutorialCommentSubject } from './moderation';
import { getDesignerTutorialCards, getTutorialComments, getTutorialIndex, getTutorialPage } from './queries';

let t: TestDatabase;
let author: SessionUser;
let reader: SessionUser;

/** Designers as the demo seed leaves them (profiles, one featured), without the catalogue around them. */
async function insertDemoDesigners(count: number) {
  for (let i = 0; i < count; i++) {
    const designer = await insertMember(t.handle, `designer${i}`, ['buyer', 'seller']);
    await t.handle.query(
      `INSERT INTO designer_profiles (user_id, model_views, software) VALUES ($1, $2, $3::text[])`,
      [designer.id, 1000 - i * 10, i % 2 === 0 ? '{Blender}' : '{ZBrush}'],
    );
    if (i === count - 1)
      await t.handle.query('INSERT INTO featured_designers (user_id) VALUES ($1)', [designer.id]);
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  await insertDemoDesigners(12);
  await insertDemoTutorials(t.handle, t.filesRoot);
  author = await insertMember(t.handle, 'writer', ['buyer', 'seller']);
  reader = await insertMember(t.handle, 'reader', ['buyer']);
}, 120_000);
afterAll(() => t.cleanup());

const png = () =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

const input = (overrides: Partial<TutorialInput> = {}): TutorialInput => ({
  title: 'Supports for resin miniatures',
  body: 'Tilt the model.\n\nAdd light supports under every island.',
  software: ['Lychee Slicer'],
  skillLevel: 'intermediate',
  ...overrides,
});

async function expectAppError(promise: Promise<unknown>, code: AppError['code']) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

describe('demo tutorials', () => {
  it('gives five designers published tutorials with covers, likes and comments', async () => {
    const [stats] = await t.handle.query<{
      designers: number;
      total: number;
      unpublished: number;
      coverless: number;
      liked: number;
      inconsistent: number;
    }>(`
      SELECT count(DISTINCT designer_id)::int AS designers, count(*)::int AS total,
        count(*) FILTER (WHERE status <> 'published')::int AS unpublished,
        count(*) FILTER (WHERE cover_key IS NULL)::int AS coverless,
        count(*) FILTER (WHERE likes > 0)::int AS liked,
        count(*) FILTER (WHERE likes <> (SELECT count(*) FROM tutorial_likes l WHERE l.tutorial_id = t.id)
          OR comments <> (SELECT count(*) FROM tutorial_comments c WHERE c.tutorial_id = t.id))::int AS inconsistent
      FROM designer_tutorials t`);
    expect(stats).toEqual({
      designers: 5,
      total: 11,
      unpublished: 0,
      coverless: 0,
      liked: 11,
      inconsistent: 0,
    });
    const index = await getTutorialIndex(parseTutorialQuery({ software: 'blender' }));
    expect(index.total).toBeGreaterThan(0);
    expect(index.items.every((card) => card.software.includes('Blender'))).toBe(true);
  });
});

describe('writing and publishing', () => {
  it('keeps a draft to its author: another reader gets nothing, the index does not list it', async () => {
    const id = await createDraft(author.id, input());
    expect((await getTutorialPage(id, author.id, 'en'))?.status).toBe('draft');
    expect(await getTutorialPage(id, reader.id, 'en')).toBeNull();
    expect(await getTutorialPage(id, null, 'en')).toBeNull();
    const index = await getTutorialIndex(parseTutorialQuery({ software: 'lychee-slicer' }));
    expect(index.items.map((card) => card.id)).not.toContain(id);
    expect((await getDesignerTutorialCards(author.id, author.id)).map((c) => c.id)).toContain(id);
    expect((await getDesignerTutorialCards(author.id, reader.id)).map((c) => c.id)).not.toContain(id);
  });

  it('refuses another member every change of a tutorial with a 404', async () => {
    const id = await createDraft(author.id, input());
    await expectAppError(saveTutorial(reader.id, id, input({ title: 'Hijacked title' })), 'NOT_FOUND');
    await expectAppError(changeStatus(reader.id, id, 'published'), 'NOT_FOUND');
    await expectAppError(removeTutorial(reader.id, id), 'NOT_FOUND');
    await expectAppError(changeCover(reader.id, id, await png()), 'NOT_FOUND');
    await expectAppError(addBodyPicture(reader.id, id, await png()), 'NOT_FOUND');
    expect((await getTutorialPage(id, author.id, 'en'))?.title).toBe('Supports for resin miniatures');
  });

  it('publishes only with a cover, then lists it by its software and skill level', async () => {
    const id = await createDraft(author.id, input({ software: ['OpenSCAD'], skillLevel: 'advanced' }));
    const refused = await changeStatus(author.id, id, 'published').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PublishRefused);
    expect((refused as PublishRefused).reason).toBe('cover_required');
    await expect(changeCover(author.id, id, Buffer.from('not a picture'))).rejects.toBeInstanceOf(
      UserPictureRefused,
    );
    const cover = await changeCover(author.id, id, await png());
    const picture = await addBodyPicture(author.id, id, await png());
    await saveTutorial(
      author.id,
      id,
      input({
        software: ['OpenSCAD'],
        skillLevel: 'advanced',
        body: `Intro\n\n![step](/files/${picture.key}-720.webp)`,
      }),
    );
    expect((await changeStatus(author.id, id, 'published')).status).toBe('published');
    const page = (await getTutorialPage(id, reader.id, 'en'))!;
    expect(page.cover?.src).toContain(cover.key);
    expect(page.html).toContain(`<img src="/files/${picture.key}-720.webp" alt="step"`);
    const found = await getTutorialIndex(parseTutorialQuery({ software: 'openscad', skill: 'advanced' }));
    expect(found.items.map((card) => card.id)).toContain(id);
    const otherSkill = await getTutorialIndex(
      parseTutorialQuery({ software: 'openscad', skill: 'beginner' }),
    );
    expect(otherSkill.items.map((card) => card.id)).not.toContain(id);
    // A published tutorial cannot lose what publishing needs.
    await expect(saveTutorial(author.id, id, input({ software: [] }))).rejects.toBeInstanceOf(PublishRefused);
    // Back to draft: gone for readers, and its first publication date is kept for the next time.
    const publishedAt = page.publishedAt;
    await changeStatus(author.id, id, 'draft');
    expect(await getTutorialPage(id, reader.id, 'en')).toBeNull();
    await changeStatus(author.id, id, 'published');
    expect((await getTutorialPage(id, reader.id, 'en'))?.publishedAt).toBe(publishedAt);
    // Deleting removes the pictures' files too.
    await removeTutorial(author.id, id);
    expect(await getTutorialPage(id, author.id, 'en')).toBeNull();
    for (const key of [cover.key, picture.key])
      expect(fs.existsSync(path.join(env.filesDir, `${key}-720.webp`))).toBe(false);
  });
});

describe('likes and comments', () => {
  let published: number;
  beforeAll(async () => {
    published = await createDraft(author.id, input({ title: 'Calibrating flow for PETG' }));
    await changeCover(author.id, published, await png());
    await changeStatus(author.id, published, 'published');
  });

  it('counts one like per member, whatever the repeats', async () => {
    expect(await likeTutorial(reader.id, published)).toEqual({ liked: true, likes: 1 });
    expect(await likeTutorial(reader.id, published)).toEqual({ liked: true, likes: 1 });
    expect(await likeTutorial(author.id, published)).toEqual({ liked: true, likes: 2 });
    expect(await unlikeTutorial(reader.id, published)).toEqual({ liked: false, likes: 1 });
    expect(await unlikeTutorial(reader.id, published)).toEqual({ liked: false, likes: 1 });
    const draft = await createDraft(author.id, input());
    await expectAppError(likeTutorial(reader.id, draft), 'NOT_FOUND');
  });

  it('renders comments safely, lets only their author delete them, and limits them per hour', async () => {
    const id = await addComment(
      reader.id,
      published,
      'Nice! <script>alert(1)</script> [x](javascript:alert(1))',
    );
    const [comment] = await getTutorialComments(published, 1, 'en');
    expect(comment!.html).not.toContain('<script>');
    expect(comment!.html).not.toContain('javascript:');
    expect((await getTutorialPage(published, null, 'en'))?.comments).toBe(1);
    await expectAppError(removeComment(author.id, id), 'NOT_FOUND');
    await removeComment(reader.id, id);
    expect((await getTutorialPage(published, null, 'en'))?.comments).toBe(0);
    const draft = await createDraft(author.id, input());
    await expectAppError(addComment(reader.id, draft, 'hello'), 'NOT_FOUND');

    const hour = new Date('2030-01-01T10:00:00Z');
    for (let i = 0; i < commentsPerHour; i++) await addComment(author.id, published, `note ${i}`, hour);
    await expectAppError(addComment(author.id, published, 'one too many', hour), 'RATE_LIMITED');
  });

  it('refuses a comment from a member banned from posting, until the ban ends', async () => {
    const banned = await insertMember(t.handle, 'banned_commenter');
    const now = new Date('2031-03-01T10:00:00Z');
    const until = new Date('2031-03-08T10:00:00Z');
    await (
      await getDb()
    ).transaction((tx) => banFromPosting(tx, { userId: banned.id, until, bannedBy: author.id, now }));
    const before = (await getTutorialPage(published, null, 'en'))?.comments;
    await expect(addComment(banned.id, published, 'Let me in', now)).rejects.toBeInstanceOf(
      CommentPostingBanned,
    );
    expect((await getTutorialPage(published, null, 'en'))?.comments).toBe(before);
    expect(
      await addComment(banned.id, published, 'Back again', new Date(until.getTime() + 1)),
    ).toBeGreaterThan(0);
  });
});

describe('moderation', () => {
  it('lets a member report a comment and an admin delete it from the queue, resolving the report', async () => {
    const tutorialId = await createDraft(author.id, input({ title: 'Reported comments live here' }));
    await changeCover(author.id, tutorialId, await png());
    await changeStatus(author.id, tutorialId, 'published');
    const commentId = await addComment(reader.id, tutorialId, 'Buy cheap filament at spam.example');
    expect(await tutorialCommentSubject.isReportable(commentId, author.id)).toBe(true);
    expect(await tutorialCommentSubject.isReportable(987_654, author.id)).toBe(false);
    // describe() translates through next-intl's server API, which runs in a request only (the queue's page).

    const db = await getDb();
    await db.transaction((tx) =>
      fileReport(tx, {
        subjectType: 'tutorial_comment',
        subjectId: commentId,
        reporterId: author.id,
        reason: 'spam',
        note: '',
        now: new Date(),
      }),
    );
    await moderateComment(author.id, commentId);
    expect((await getTutorialPage(tutorialId, null, 'en'))?.comments).toBe(0);
    const [report] = await t.handle.query<{ state: string; resolution: string }>(
      `SELECT state, resolution FROM reports WHERE subject_type = 'tutorial_comment' AND subject_id = $1`,
      [commentId],
    );
    expect(report).toEqual({ state: 'resolved', resolution: 'delete' });
    await expectAppError(moderateComment(author.id, commentId), 'NOT_FOUND');
  });
});
