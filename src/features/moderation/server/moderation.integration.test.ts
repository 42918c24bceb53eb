import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { fileReport, holdForReview, reportsPerHour, resolveReports } from './report-repository';
import { findOpenReportGroups } from './queue-repository';
import { dismissReports, reportSubject } from './report-commands';
import type { ModerationRegistry } from './subjects';

let t: TestDatabase;
let userCount = 0;

async function newUser(roles: SessionUser['roles'] = ['buyer']): Promise<SessionUser> {
  const username = `reporter${++userCount}`;
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [username, `${username}@example.com`],
  );
  return { id: row!.id, username, email: `${username}@example.com`, displayName: null, roles };
}

/** A subject type whose even ids exist. */
const registry: ModerationRegistry = {
  test_note: {
    isReportable: async (id) => id % 2 === 0,
    describe: async (ids) =>
      new Map(
        ids.map((id) => [
          id,
          {
            kind: 'Note',
            title: `Note ${id}`,
            excerpt: '',
            href: '/',
            author: null,
            states: [],
            actions: [],
          },
        ]),
      ),
  },
};

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.cleanup());

describe('reports', () => {
  it('files one report per reporter and subject, and groups them in the queue', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const first = await reportSubject(registry, a, {
      subjectType: 'test_note',
      subjectId: 2,
      reason: 'spam',
    });
    const again = await reportSubject(registry, a, {
      subjectType: 'test_note',
      subjectId: 2,
      reason: 'abuse',
    });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    await reportSubject(registry, b, {
      subjectType: 'test_note',
      subjectId: 2,
      reason: 'abuse',
      note: 'rude',
    });
    const { groups } = await findOpenReportGroups();
    const group = groups.find((g) => g.subjectType === 'test_note' && g.subjectId === 2)!;
    expect(group.reportCount).toBe(2);
    expect([...group.reasons].sort()).toEqual(['abuse', 'spam']);
    expect(group.notes).toEqual(['rude']);
  });

  it('refuses unknown types, missing subjects and bad bodies with a 4xx', async () => {
    const user = await newUser();
    const codeOf = (input: unknown) =>
      reportSubject(registry, user, input).then(
        () => 'ok',
        (error: unknown) => (error instanceof AppError ? error.status : 500),
      );
    expect(await codeOf({ subjectType: 'nothing', subjectId: 2, reason: 'spam' })).toBe(404);
    expect(await codeOf({ subjectType: 'test_note', subjectId: 3, reason: 'spam' })).toBe(404);
    expect(await codeOf({ subjectType: 'test_note', subjectId: 2, reason: 'boring' })).toBe(400);
    expect(await codeOf({ subjectType: 'test_note', subjectId: 'x', reason: 'spam' })).toBe(400);
    expect(await codeOf(null)).toBe(400);
  });

  it('limits a reporter to reportsPerHour reports an hour', async () => {
    const user = await newUser();
    const now = new Date();
    await t.handle.db.transaction(async (tx) => {
      for (let id = 1; id <= reportsPerHour; id++)
        await fileReport(tx, {
          subjectType: 'bulk',
          subjectId: id,
          reporterId: user.id,
          reason: 'spam',
          note: '',
          now,
        });
    });
    await expect(
      t.handle.db.transaction((tx) =>
        fileReport(tx, {
          subjectType: 'bulk',
          subjectId: 999,
          reporterId: user.id,
          reason: 'spam',
          note: '',
          now,
        }),
      ),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('resolves a subject’s open reports once, by an action or a dismissal', async () => {
    const [reporter, admin] = [await newUser(), await newUser(['admin'])];
    await reportSubject(registry, reporter, { subjectType: 'test_note', subjectId: 4, reason: 'spam' });
    const now = new Date();
    const resolved = await t.handle.db.transaction((tx) =>
      resolveReports(tx, {
        subjectType: 'test_note',
        subjectId: 4,
        resolverId: admin.id,
        resolution: 'hide',
        now,
      }),
    );
    expect(resolved).toBe(1);
    await expect(dismissReports(admin, { subjectType: 'test_note', subjectId: 4 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const [row] = await t.handle.query<{ state: string; resolution: string; resolved_by: number }>(
      `SELECT state, resolution, resolved_by FROM reports WHERE subject_type = 'test_note' AND subject_id = 4`,
    );
    expect(row).toEqual({ state: 'resolved', resolution: 'hide', resolved_by: admin.id });
    await reportSubject(registry, reporter, { subjectType: 'test_note', subjectId: 6, reason: 'other' });
    expect(await dismissReports(admin, { subjectType: 'test_note', subjectId: 6 })).toBe(1);
    expect(
      (await findOpenReportGroups()).groups.some((g) => g.subjectType === 'test_note' && g.subjectId === 6),
    ).toBe(false);
  });

  it('lets a member report again once their report was resolved, not while it is open', async () => {
    const [reporter, admin] = [await newUser(), await newUser(['admin'])];
    const ref = { subjectType: 'test_note', subjectId: 8 };
    const first = await reportSubject(registry, reporter, { ...ref, reason: 'spam' });
    expect(await reportSubject(registry, reporter, { ...ref, reason: 'abuse' })).toEqual({
      id: first.id,
      created: false,
    });
    expect(await dismissReports(admin, ref)).toBe(1);
    // The author edited the post; it is wrong again.
    const second = await reportSubject(registry, reporter, { ...ref, reason: 'abuse', note: 'still spam' });
    expect(second.created).toBe(true);
    expect(second.id).not.toBe(first.id);
    const group = (await findOpenReportGroups()).groups.find(
      (g) => g.subjectId === 8 && g.subjectType === 'test_note',
    );
    expect(group).toMatchObject({ reportCount: 1, reasons: ['abuse'], notes: ['still spam'] });
    await t.handle.db.transaction((tx) =>
      resolveReports(tx, { ...ref, resolverId: admin.id, resolution: 'hide', now: new Date() }),
    );
    expect((await reportSubject(registry, reporter, { ...ref, reason: 'other' })).created).toBe(true);
  });

  it('shows content the site held itself as held, with no reporter, once while it waits', async () => {
    const [author, reader] = [await newUser(), await newUser()];
    const ref = { subjectType: 'test_note', subjectId: 10 };
    const now = new Date();
    for (let i = 0; i < 2; i++)
      await t.handle.db.transaction((tx) => holdForReview(tx, { ...ref, reason: 'held_for_review', now }));
    const rows = await t.handle.query<{ reporter_id: number | null }>(
      `SELECT reporter_id FROM reports WHERE subject_type = 'test_note' AND subject_id = 10`,
    );
    expect(rows).toEqual([{ reporter_id: null }]);
    const held = () =>
      findOpenReportGroups().then(({ groups }) =>
        groups.find((g) => g.subjectType === 'test_note' && g.subjectId === 10),
      );
    expect(await held()).toMatchObject({ reportCount: 0, reasons: [], heldFor: ['held_for_review'] });
    await reportSubject(registry, reader, { ...ref, reason: 'spam' });
    expect(await held()).toMatchObject({ reportCount: 1, reasons: ['spam'], heldFor: ['held_for_review'] });
    // The hold is no report of the author's: it does not count against their reports an hour.
    const [{ n }] = (await t.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reports WHERE reporter_id = $1`,
      [author.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});
