import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findOpenReportGroups } from '@/features/moderation/server/queue-repository';
import { reportSubject } from '@/features/moderation/server/report-commands';
import { insertDemoForum } from '@/seed/forum-seed';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../tests/setup/test-database';
import { editWindowMs, postingLimits, quoteOf } from '@/features/forum/api';
import { createThread, editPost, moderateForum, replyToThread } from '@/features/forum/server/commands';
import { forumPostSubject } from '@/features/forum/server/moderation-subject';
import { findForumCategories, findThreadPage, getThreadView } from '@/features/forum/server/queries';

let t: TestDatabase;
let userCount = 0;
let categoryId: number;

async function newUser(roles: SessionUser['roles'] = ['buyer'], ageDays = 0): Promise<SessionUser> {
  const username = `poster${++userCount}`;
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles, created_at) VALUES ($1, $2, $3::user_role[], now() - make_interval(days => $4)) RETURNING id`,
    [username, `${username}@example.com`, `{${roles.join(',')}}`, ageDays],
  );
  return { id: row!.id, username, email: `${username}@example.com`, displayName: null, roles };
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof AppError ? error.status : 500),
  );

beforeAll(async () => {
  t = await createTestDatabase();
  await insertDemoForum(t.handle);
  categoryId = (await findForumCategories())[0]!.id;
});
afterAll(async () => t.cleanup());

describe('forum', () => {
  it('seeds five categories', async () => {
    expect((await findForumCategories()).map((c) => c.slug)).toEqual([
      'general',
      '3d-printing',
      'modelling',
      'selling',
      'site-feedback',
    ]);
  });

  it('holds an exchange with a quote; others cannot edit; the author can within the window', async () => {
    const [ada, bob] = [await newUser(['buyer'], 30), await newUser(['buyer'], 30)];
    const { threadId, postId, held } = await createThread(ada, {
      categoryId,
      title: 'Bed adhesion on glass',
      body: 'Glue stick or hairspray?',
    });
    expect(held).toBe(false);
    const reply = await replyToThread(bob, threadId, {
      body: `${quoteOf(ada.username, 'Glue stick or hairspray?')}Glue stick.`,
    });
    const view = await getThreadView(threadId, 1, null, 'en');
    expect(view!.posts.map((p) => p.id)).toEqual([postId, reply.postId]);
    expect(view!.posts[1]!.html).toContain('<blockquote>');
    expect(view!.thread.replyCount).toBe(1);
    expect(await statusOf(editPost(bob, postId, { body: 'mine now' }))).toBe(404);
    await editPost(ada, postId, { body: 'Glue stick or hairspray? (PEI sheet)' });
    const edited = await getThreadView(threadId, 1, null, 'en');
    expect(edited!.posts[0]!.edited).toBe(true);
    const late = new Date(Date.now() + editWindowMs + 60_000);
    expect(await statusOf(editPost(ada, postId, { body: 'too late' }, late))).toBe(400);
    expect(
      (
        await findThreadPage({ categoryId: null, sort: 'active', page: 1, query: 'adhesion -resin' })
      ).items.map((i) => i.id),
    ).toContain(threadId);
    expect(
      (await findThreadPage({ categoryId: null, sort: 'active', page: 1, query: '+adhesion +resin' })).total,
    ).toBe(0);
  });

  it('a report goes to the queue; hiding the post resolves it and hides it from others', async () => {
    const [ada, bob, admin] = [
      await newUser(['buyer'], 30),
      await newUser(['buyer'], 30),
      await newUser(['buyer', 'admin']),
    ];
    const { threadId } = await createThread(ada, {
      categoryId,
      title: 'Selling STL bundles',
      body: 'Bundle or single?',
    });
    const { postId } = await replyToThread(bob, threadId, { body: 'Buy my stuff' });
    expect(
      await statusOf(
        reportSubject({ forum_post: forumPostSubject }, bob, {
          subjectType: 'forum_post',
          subjectId: postId,
          reason: 'spam',
        }),
      ),
    ).toBe(404);
    await reportSubject({ forum_post: forumPostSubject }, ada, {
      subjectType: 'forum_post',
      subjectId: postId,
      reason: 'spam',
    });
    expect((await findOpenReportGroups()).groups.some((g) => g.subjectId === postId)).toBe(true);
    expect(await statusOf(moderateForum(ada, { action: 'hide', postId }).then(() => undefined))).toBe(200);
    await moderateForum(admin, { action: 'hide', postId });
    expect((await findOpenReportGroups()).groups.some((g) => g.subjectId === postId)).toBe(false);
    const seen = await getThreadView(threadId, 1, { id: ada.id, admin: false }, 'en');
    expect(seen!.posts.map((p) => p.id)).not.toContain(postId);
    expect(seen!.thread.replyCount).toBe(0);
    await moderateForum(admin, { action: 'lock', postId });
    expect(await statusOf(replyToThread(ada, threadId, { body: 'still here?' }))).toBe(400);
    await moderateForum(admin, { action: 'ban', postId, days: 7 });
    expect(await statusOf(createThread(bob, { categoryId, title: 'Banned thread', body: 'hello' }))).toBe(
      400,
    );
    expect(await statusOf(moderateForum(admin, { action: 'ban', postId, days: 3 }))).toBe(400);
  });

  it('limits a new account to 3 threads an hour and holds links in a first post', async () => {
    const fresh = await newUser();
    const { held, threadId, postId } = await createThread(fresh, {
      categoryId,
      title: 'Cheap filament here',
      body: 'Visit https://spam.example',
    });
    expect(held).toBe(true);
    // Held by the site, not reported by its author.
    expect(
      await t.handle.query(
        `SELECT reporter_id, reason FROM reports WHERE subject_type = 'forum_post' AND subject_id = $1`,
        [postId],
      ),
    ).toEqual([{ reporter_id: null, reason: 'held_for_review' }]);
    expect(
      (await findThreadPage({ categoryId: null, sort: 'newest', page: 1, query: '' })).items.map((i) => i.id),
    ).not.toContain(threadId);
    expect((await findOpenReportGroups()).groups.some((g) => g.heldFor.includes('held_for_review'))).toBe(
      true,
    );
    for (let i = 1; i < postingLimits.newAccount.threadsPerHour; i++)
      await createThread(fresh, { categoryId, title: `Question number ${i}`, body: 'text' });
    expect(await statusOf(createThread(fresh, { categoryId, title: 'One too many', body: 'text' }))).toBe(
      429,
    );
  });

  it('refuses bad input with a 4xx', async () => {
    const user = await newUser(['buyer'], 30);
    expect(await statusOf(createThread(user, { categoryId, title: 'x', body: 'y' }))).toBe(400);
    expect(await statusOf(createThread(user, { categoryId: 999999, title: 'A good title', body: 'y' }))).toBe(
      400,
    );
    expect(await statusOf(createThread(user, null))).toBe(400);
    expect(await statusOf(replyToThread(user, 999999, { body: 'hello' }))).toBe(404);
    expect(await statusOf(replyToThread(user, 1, { body: '' }))).toBe(400);
  });
});
