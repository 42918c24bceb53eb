import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { fileReport, reportsPerHour, resolveReports } from './report-repository';
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
});
