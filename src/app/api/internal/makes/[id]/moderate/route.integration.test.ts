import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { getMake, getMakesPage } from '@/features/makes/server/queries';
import { loadModerationQueue } from '@/features/moderation/server/queue';
import { seedCatalog } from '@/seed/seed';
import { pagePatternMatcher, registerPagePurger } from '@/server/http/page-cache-purge';

import { createTestDatabase, type TestDatabase } from '../../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../../tests/fixtures/csrf';
import { insertMember, signedInHeaders } from '../../../../../../../tests/fixtures/members';
import { moderationSubjects } from '../../../../../moderation-subjects';
import { POST as report } from '../../../reports/route';
import { POST as like } from '../likes/route';
import { POST as postMake } from '../../route';
import { POST as moderate } from './route';

// The queue's texts come from the server's next-intl, which needs React's server build; English here.
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const messages = (await import('../../../../../../../messages/en.json')).default;
  return {
    getTranslations: async ({ namespace }: { namespace: string }) =>
      createTranslator({ locale: 'en', messages, namespace: namespace as never }),
  };
});

let t: TestDatabase;
let modelId: number;
type Member = { id: number; headers: Record<string, string> };
let ada: Member;
let bob: Member;
let admin: Member;
const origin = 'http://localhost:3000';
const purged: ((pathname: string) => boolean)[] = [];

async function member(username: string, roles: ('buyer' | 'admin')[] = ['buyer']): Promise<Member> {
  const { id } = await insertMember(t.handle, username, roles);
  return { id, headers: await signedInHeaders(id) };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 3, filesRoot: t.filesRoot });
  [{ id: modelId }] = (await t.handle.query<{ id: number }>(
    "SELECT id FROM models WHERE status = 'published' ORDER BY id LIMIT 1",
  )) as [{ id: number }];
  ada = await member('ada_maker');
  bob = await member('bob_reporter');
  admin = await member('root_moderator', ['buyer', 'admin']);
  registerPagePurger((patterns) => {
    purged.push(...patterns.map(pagePatternMatcher));
    return 0;
  });
}, 600_000);
afterAll(() => t.cleanup());

async function upload(who: Member): Promise<Response> {
  const form = new FormData();
  form.set('modelId', String(modelId));
  form.set('description', 'Printed in silk PLA');
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();
  form.append('pictures', new Blob([new Uint8Array(png)]), 'print.png');
  return postMake(
    new Request(`${origin}/api/internal/makes`, { method: 'POST', headers: who.headers, body: form }),
  );
}

const reportMake = (who: Member | null, makeId: number, headers = who?.headers ?? csrfHeaders(origin)) =>
  report(
    new Request(`${origin}/api/internal/reports`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ subjectType: 'make', subjectId: makeId, reason: 'spam', note: 'an advert' }),
    }),
  );

const moderateMake = (who: Member | null, makeId: number | string, body: unknown, headers = who?.headers) =>
  moderate(
    new Request(`${origin}/api/internal/makes/${makeId}/moderate`, {
      method: 'POST',
      headers: { ...(headers ?? csrfHeaders(origin)), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: String(makeId) }) },
  );

const queuedMake = async (makeId: number) =>
  (await loadModerationQueue(moderationSubjects, 'en')).entries.find(
    (entry) => entry.group.subjectType === 'make' && entry.group.subjectId === makeId,
  );

const visibleIds = async () =>
  ((await getMakesPage({ locale: 'en', filter: { modelId }, order: 'newest', page: 1 }))?.items ?? []).map(
    (make) => make.id,
  );

describe('reporting and moderating a make', () => {
  let makeId: number;

  it('a member reports another’s make; the queue shows its picture, caption, poster and model', async () => {
    const posted = await upload(ada);
    expect(posted.status).toBe(201);
    makeId = ((await posted.json()) as { data: { id: number } }).data.id;
    expect((await reportMake(ada, makeId)).status).toBe(404);
    expect((await reportMake(null, makeId)).status).toBe(401);
    expect((await reportMake(bob, 999_999)).status).toBe(404);
    const filed = await reportMake(bob, makeId);
    expect(filed.status).toBe(200);
    expect(((await filed.json()) as { data: unknown }).data).toEqual({
      reported: true,
      alreadyReported: false,
    });

    const entry = await queuedMake(makeId);
    expect(entry?.group.reportCount).toBe(1);
    expect(entry?.content).toMatchObject({
      kind: 'Make',
      excerpt: 'Printed in silk PLA',
      author: 'ada_maker',
      href: `/galleries/makes/${makeId}`,
      states: [],
    });
    expect(entry?.content?.thumbnail?.src).toMatch(/^\/files\/.+\/makes\/u\d+\/.+-360\.webp$/);
    expect(entry?.content?.links?.[0]?.label).toMatch(/^Model: /);
    expect(entry?.content?.actions.map((action) => action.key)).toEqual(['hide', 'ban']);
  });

  it('refuses members, requests without CSRF, bad bodies and unknown makes', async () => {
    expect((await moderateMake(bob, makeId, { action: 'hide' })).status).toBe(403);
    expect((await moderateMake(null, makeId, { action: 'hide' })).status).toBe(401);
    const withoutCsrf = Object.fromEntries(
      Object.entries(admin.headers).filter(([name]) => name !== 'x-csrf-token'),
    );
    expect((await moderateMake(admin, makeId, { action: 'hide' }, withoutCsrf)).status).toBe(403);
    expect((await moderateMake(admin, makeId, { action: 'delete' })).status).toBe(400);
    expect((await moderateMake(admin, makeId, { action: 'ban', days: 3 })).status).toBe(400);
    expect((await moderateMake(admin, 999_999, { action: 'hide' })).status).toBe(404);
    expect((await moderateMake(admin, 'x1', { action: 'hide' })).status).toBe(404);
    expect(await visibleIds()).toContain(makeId);
  });

  it('hiding resolves the reports, drops the gallery pages and hides the make from all but poster and admins', async () => {
    purged.length = 0;
    expect((await moderateMake(admin, makeId, { action: 'hide' })).status).toBe(200);
    expect(await queuedMake(makeId)).toBeUndefined();
    expect(purged.some((matches) => matches('/galleries') && matches('/de/galerien/makes/1'))).toBe(true);
    expect(purged.some((matches) => matches('/designers/ada_maker'))).toBe(true);
    expect(await visibleIds()).not.toContain(makeId);
    expect(await getMake('en', makeId)).toBeNull();
    expect(await getMake('en', makeId, { id: bob.id, admin: false })).toBeNull();
    expect(await getMake('en', makeId, { id: ada.id, admin: false })).toMatchObject({ hidden: true });
    expect(await getMake('en', makeId, { id: admin.id, admin: true })).toMatchObject({ hidden: true });
    const liked = await like(
      new Request(`${origin}/api/internal/makes/${makeId}/likes`, { method: 'POST', headers: bob.headers }),
      {
        params: Promise.resolve({ id: String(makeId) }),
      },
    );
    expect(liked.status).toBe(404);
    expect((await reportMake(bob, makeId)).status).toBe(404);

    expect((await moderateMake(admin, makeId, { action: 'unhide' })).status).toBe(200);
    expect(await visibleIds()).toContain(makeId);
    expect(await getMake('en', makeId)).toMatchObject({ hidden: false });
  });

  it('the posting ban from a make’s report stops its poster from posting makes', async () => {
    expect((await moderateMake(admin, makeId, { action: 'ban', days: 7 })).status).toBe(200);
    const refused = await upload(ada);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { formError: string } }).error.formError).toBe('banned');
    expect((await upload(bob)).status).toBe(201);
  });
});
