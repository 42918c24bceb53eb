/**
 * Projects on the jobs board against a real migrated database: drafts, direct custom requests,
 * edits and the lifecycle guards (with the clock as a parameter), races, reference pictures, and
 * the board's filters, sorts and pages.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SessionUser } from '@/server/auth/session';
import { demoProjects, insertDemoProjects } from '@/seed/projects-seed';
import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { parseBoardQuery } from '../project-schemas';
import {
  cancelProject,
  createProject,
  newProjectsPerDay,
  noCustomRequestsMessage,
  publishProject,
  removeProjectImage,
  updateProject,
  uploadProjectImage,
} from './project-commands';
import { getOwnProject, getProjectForViewer } from './project-queries';
import { listBoard } from './project-repository';

let t: TestDatabase;
const now = new Date('2026-11-22T12:00:00Z');

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

const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Stylised treasure chest',
  description: 'A game-ready chest with PBR textures.',
  budget: '250',
  deadline: '2026-12-31',
  software: 'Blender, Substance Painter',
  skills: ['3d-modeling', 'texturing'],
  fileFormats: ['fbx', 'glb'],
  referenceLinks: 'https://example.com/chest',
  ...overrides,
});

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'resolved';
};

const projectRow = async (id: number) =>
  (
    await t.handle.query<{
      status: string;
      published_at: Date | null;
      title: string;
      invited_designer_id: number | null;
    }>('SELECT status, published_at, title, invited_designer_id FROM projects WHERE id = $1', [id])
  )[0]!;

const created = async (owner: SessionUser, overrides: Record<string, unknown> = {}, at = now) => {
  const result = await createProject(owner, input(overrides), at);
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.id;
};

let owner: SessionUser;
let stranger: SessionUser;
let designer: SessionUser;

beforeAll(async () => {
  t = await createTestDatabase();
  owner = await user('owner');
  stranger = await user('stranger');
  designer = await user('designer', ['buyer', 'seller']);
});
afterAll(() => t.cleanup());

describe('posting a project', () => {
  it('saves a valid project as a draft; invalid fields create nothing', async () => {
    const before = await t.handle.query('SELECT id FROM projects');
    const refused = await createProject(
      owner,
      input({ title: 'abc', budget: '9.99', deadline: '2026-11-22', skills: [] }),
      now,
    );
    expect(refused).toEqual({
      ok: false,
      fieldErrors: {
        title: 'title_length',
        budget: 'budget_range',
        deadline: 'deadline_range',
        skills: 'skills_required',
      },
    });
    expect(await t.handle.query('SELECT id FROM projects')).toEqual(before);
    const id = await created(owner);
    const project = await getOwnProject(owner, id);
    expect(project).toMatchObject({
      status: 'draft',
      budgetCents: 25000,
      software: ['Blender', 'Substance Painter'],
      skills: ['3d-modeling', 'texturing'],
      fileFormats: ['fbx', 'glb'],
      referenceLinks: ['https://example.com/chest'],
      applicantsCount: 0,
      invitedDesigner: null,
    });
    expect(project!.deadline.toISOString()).toBe('2026-12-31T23:59:59.999Z');
  });

  it("a draft is its owner's only: a 404 (null) for anyone else", async () => {
    const id = await created(owner);
    expect(await getProjectForViewer(null, id)).toBeNull();
    expect(await getProjectForViewer(stranger, id)).toBeNull();
    expect(await getOwnProject(stranger, id)).toBeNull();
    expect((await getProjectForViewer(owner, id))?.id).toBe(id);
    await publishProject(owner, id, now);
    expect((await getProjectForViewer(null, id))?.status).toBe('published');
  });

  it('a direct custom request goes to a designer who takes them, and is refused otherwise', async () => {
    const id = await created(owner, { designer: 'DESIGNER' });
    expect((await projectRow(id)).invited_designer_id).toBe(designer.id);
    expect((await getOwnProject(owner, id))?.invitedDesigner).toBe('designer');

    await t.handle.query(
      'INSERT INTO designer_profiles (user_id, accepts_custom_requests) VALUES ($1, false)',
      [designer.id],
    );
    const before = await t.handle.query('SELECT id FROM projects');
    expect(await createProject(owner, input({ designer: 'designer' }), now)).toEqual({
      ok: false,
      fieldErrors: {},
      formError: 'no_custom_requests',
    });
    expect(await t.handle.query('SELECT id FROM projects')).toEqual(before);
    expect(noCustomRequestsMessage).toBe('This designer does not accept custom 3D Project requests');
    await t.handle.query('UPDATE designer_profiles SET accepts_custom_requests = true WHERE user_id = $1', [
      designer.id,
    ]);
    // Not a designer, nobody, or oneself: no such designer.
    expect(await rejection(createProject(owner, input({ designer: 'stranger' }), now))).toBe('NOT_FOUND');
    expect(await rejection(createProject(owner, input({ designer: 'nobody-here' }), now))).toBe('NOT_FOUND');
    expect(await rejection(createProject(designer, input({ designer: 'designer' }), now))).toBe('NOT_FOUND');
  });

  it(`allows ${newProjectsPerDay} new projects per user and day`, async () => {
    const busy = await user('busy-owner');
    const day = new Date('2026-11-25T08:00:00Z');
    for (let i = 0; i < newProjectsPerDay; i++) await created(busy, { deadline: '2026-12-31' }, day);
    expect(await rejection(createProject(busy, input(), day))).toBe('RATE_LIMITED');
  });
});

describe('editing and the lifecycle', () => {
  it('the owner edits a draft and a published project; anyone else gets a 404', async () => {
    const id = await created(owner);
    expect(await rejection(updateProject(stranger, id, input({ title: 'Taken over' }), now))).toBe(
      'NOT_FOUND',
    );
    expect(await updateProject(owner, id, input({ title: 'Chest, second take' }), now)).toEqual({
      ok: true,
      id,
    });
    await publishProject(owner, id, now);
    expect(
      await updateProject(owner, id, input({ title: 'Chest, third take', budget: '100000' }), now),
    ).toEqual({
      ok: true,
      id,
    });
    expect((await projectRow(id)).title).toBe('Chest, third take');
    // The deadline rule follows the clock given.
    const later = new Date('2027-01-01T00:00:00Z');
    expect(await updateProject(owner, id, input(), later)).toMatchObject({
      ok: false,
      fieldErrors: { deadline: 'deadline_range' },
    });
  });

  it('refuses edits, pictures and cancelling once an application is accepted', async () => {
    const id = await created(owner);
    await publishProject(owner, id, now);
    await t.handle.query(
      `INSERT INTO project_applications (project_id, designer_id, proposal, price_cents, delivery_days, status)
       VALUES ($1, $2, 'I can do it', 20000, 7, 'accepted')`,
      [id, designer.id],
    );
    expect(await updateProject(owner, id, input({ title: 'Changed after all' }), now)).toEqual({
      ok: false,
      fieldErrors: {},
      formError: 'not_editable',
    });
    expect(await rejection(cancelProject(owner, id, now))).toBe('CONFLICT');
    const upload = await uploadProjectImage(owner, id, 'ref.png', pictureRequest(await png()), {
      now,
      filesRoot: t.filesRoot,
    });
    expect(upload).toEqual({ ok: false, refusal: 'not_editable' });
    expect((await projectRow(id)).title).toBe('Stylised treasure chest');
  });

  it('refuses edits once the project is in progress (accepted_application_id set)', async () => {
    const id = await created(owner);
    await publishProject(owner, id, now);
    await t.handle.query(
      `UPDATE projects SET status = 'in_progress', accepted_application_id = 1 WHERE id = $1`,
      [id],
    );
    expect(await updateProject(owner, id, input(), now)).toMatchObject({
      ok: false,
      formError: 'not_editable',
    });
    expect(await rejection(publishProject(owner, id, now))).toBe('CONFLICT');
    expect(await rejection(cancelProject(owner, id, now))).toBe('CONFLICT');
  });

  it('publishes a draft once, cancels, and goes nowhere from cancelled', async () => {
    const id = await created(owner);
    expect(await rejection(publishProject(stranger, id, now))).toBe('NOT_FOUND');
    const at = new Date('2026-11-22T13:00:00Z');
    await publishProject(owner, id, at);
    expect(await projectRow(id)).toMatchObject({ status: 'published', published_at: at });
    expect(await rejection(publishProject(owner, id, now))).toBe('CONFLICT');
    expect(await rejection(cancelProject(stranger, id, now))).toBe('NOT_FOUND');
    await cancelProject(owner, id, now);
    expect((await projectRow(id)).status).toBe('cancelled');
    expect(await rejection(publishProject(owner, id, now))).toBe('CONFLICT');
    expect(await rejection(cancelProject(owner, id, now))).toBe('CONFLICT');
    expect(await updateProject(owner, id, input(), now)).toMatchObject({
      ok: false,
      formError: 'not_editable',
    });
    // Cancelled projects are their owner's only.
    expect(await getProjectForViewer(stranger, id)).toBeNull();
    // A draft can be cancelled too.
    const draft = await created(owner);
    await cancelProject(owner, draft, now);
    expect((await projectRow(draft)).status).toBe('cancelled');
  });

  it('two publishes (or a publish and a cancel) racing: exactly one wins', async () => {
    const id = await created(owner);
    const outcomes = await Promise.all([
      rejection(publishProject(owner, id, now)),
      rejection(publishProject(owner, id, now)),
    ]);
    expect(outcomes.sort()).toEqual(['CONFLICT', 'resolved']);
    const other = await created(owner);
    await publishProject(owner, other, now);
    const mixed = await Promise.all([
      rejection(cancelProject(owner, other, now)),
      rejection(cancelProject(owner, other, now)),
    ]);
    expect(mixed.sort()).toEqual(['CONFLICT', 'resolved']);
  });
});

async function png(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#3559e0' } })
    .png()
    .toBuffer();
}

function pictureRequest(data: Uint8Array, declared = data.length) {
  return new Request('http://localhost/upload', {
    method: 'POST',
    body: new Uint8Array(data),
    headers: { 'content-length': String(declared) },
  });
}

describe('reference pictures', () => {
  it('stores checked pictures with a thumbnail, up to 8, and removes them', async () => {
    const id = await created(owner);
    const options = { now, filesRoot: t.filesRoot };
    const picture = await png();
    expect(
      await uploadProjectImage(stranger, id, 'a.png', pictureRequest(picture), options).catch(
        (e: AppError) => e.code,
      ),
    ).toBe('NOT_FOUND');
    expect(await uploadProjectImage(owner, id, 'a.gif', pictureRequest(picture), options)).toEqual({
      ok: false,
      refusal: 'type',
    });
    expect(
      await uploadProjectImage(
        owner,
        id,
        'a.png',
        pictureRequest(Buffer.from('not a picture at all')),
        options,
      ),
    ).toEqual({
      ok: false,
      refusal: 'content',
    });
    expect(
      await uploadProjectImage(owner, id, 'big.png', pictureRequest(picture, 25 * 1024 * 1024), options),
    ).toEqual({
      ok: false,
      refusal: 'too_large',
    });
    expect(await uploadProjectImage(owner, id, '../x.png', pictureRequest(picture), options)).toEqual({
      ok: false,
      refusal: 'name',
    });
    for (let i = 0; i < 8; i++)
      expect(await uploadProjectImage(owner, id, `ref-${i}.png`, pictureRequest(picture), options)).toEqual({
        ok: true,
        position: i,
      });
    expect(await uploadProjectImage(owner, id, 'ninth.png', pictureRequest(picture), options)).toEqual({
      ok: false,
      refusal: 'limit',
    });
    const project = await getOwnProject(owner, id);
    expect(project!.images).toHaveLength(8);
    expect(project!.images[0]!.full).toMatch(/^\/files\/previews\/projects\/p\d+-[0-9a-f]{16}\.png$/);
    expect(project!.images[0]!.thumbnail).toMatch(/-360\.webp$/);
    await removeProjectImage(owner, id, 0, { filesRoot: t.filesRoot });
    expect(await rejection(removeProjectImage(owner, id, 0, { filesRoot: t.filesRoot }))).toBe('NOT_FOUND');
    expect(await rejection(removeProjectImage(stranger, id, 1, { filesRoot: t.filesRoot }))).toBe(
      'NOT_FOUND',
    );
    expect((await getOwnProject(owner, id))!.images.map((i) => i.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('the board', () => {
  it('lists public projects only, filtered, sorted and paged', async () => {
    await t.handle.query('DELETE FROM projects');
    const poster = await user('poster');
    const base = new Date('2026-10-01T00:00:00Z').getTime();
    // 23 published, 2 in progress, 1 completed, 1 draft, 1 cancelled.
    const rows: Array<[string, number, string[], string[], number, string]> = [];
    for (let i = 0; i < 23; i++)
      rows.push([
        `Published ${i}`,
        1000 + i * 500,
        i % 2 === 0 ? ['rigging'] : ['texturing', 'uv-mapping'],
        i % 3 === 0 ? ['Blender'] : ['Maya', 'ZBrush'],
        (i * 7) % 5,
        'published',
      ]);
    rows.push(['Busy A', 50000, ['rigging'], ['Blender'], 3, 'in_progress']);
    rows.push(['Busy B', 60000, ['texturing'], ['Maya'], 2, 'delivered']);
    rows.push(['Done', 70000, ['rigging'], ['Blender'], 4, 'completed']);
    rows.push(['Secret draft', 99999, ['rigging'], ['Blender'], 0, 'draft']);
    rows.push(['Called off', 99999, ['rigging'], ['Blender'], 0, 'cancelled']);
    for (const [i, [title, budget, skills, software, applicants, status]] of rows.entries()) {
      await t.handle.query(
        `INSERT INTO projects (owner_id, title, description, budget_cents, deadline, skills, software, applicants_count, status, published_at, created_at)
         VALUES ($1, $2, 'd', $3, '2027-01-01', $4, $5, $6, $7, $8, coalesce($8, now()))`,
        [
          poster.id,
          title,
          budget,
          skills,
          software,
          applicants,
          status,
          status === 'draft' ? null : new Date(base + i * 3_600_000),
        ],
      );
    }
    const board = (query: Record<string, string | string[]>) => listBoard(parseBoardQuery(query));

    const first = await board({});
    expect(first.total).toBe(23);
    expect(first.pageCount).toBe(2);
    expect(first.projects).toHaveLength(20);
    expect(first.projects[0]!.title).toBe('Published 22');
    expect((await board({ page: '2' })).projects.map((p) => p.title)).toEqual([
      'Published 2',
      'Published 1',
      'Published 0',
    ]);
    expect((await board({ page: '3' })).projects).toEqual([]);

    const budget = await board({ sort: 'budget' });
    expect(budget.projects.map((p) => p.budgetCents)).toEqual(
      [...budget.projects.map((p) => p.budgetCents)].sort((a, b) => b - a),
    );
    expect(budget.projects[0]!.title).toBe('Published 22');
    const fewest = await board({ sort: 'applicants' });
    const counts = fewest.projects.map((p) => p.applicantsCount);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    const rigging = await board({ skills: 'rigging' });
    expect(rigging.total).toBe(12);
    expect(rigging.projects.every((p) => p.skills.includes('rigging'))).toBe(true);
    // Ticking several skills shows projects with any of them.
    expect((await board({ skills: ['rigging', 'uv-mapping'] })).total).toBe(23);
    const blender = await board({ software: 'blend' });
    expect(blender.total).toBe(8);
    expect((await board({ software: '%' })).total).toBe(0);
    const range = await board({ budget_min: '20', budget_max: '40' });
    expect(range.projects.every((p) => p.budgetCents >= 2000 && p.budgetCents <= 4000)).toBe(true);
    expect(range.total).toBe(5);

    expect((await board({ status: 'in_progress' })).projects.map((p) => p.title).sort()).toEqual([
      'Busy A',
      'Busy B',
    ]);
    expect((await board({ status: 'completed' })).projects.map((p) => p.title)).toEqual(['Done']);
    // Drafts and cancelled projects are never listed, whatever the query says.
    expect((await board({ status: 'draft' })).total).toBe(23);
    const everything = [
      ...(await board({})).projects,
      ...(await board({ page: '2' })).projects,
      ...(await board({ status: 'in_progress' })).projects,
      ...(await board({ status: 'completed' })).projects,
    ];
    expect(everything.some((p) => p.title === 'Secret draft' || p.title === 'Called off')).toBe(false);
  });
});

describe('the demo board seed', () => {
  it('publishes the demo projects with applicant counts that match their applications', async () => {
    await t.handle.query('DELETE FROM projects');
    await user('demo-buyer');
    for (let i = 0; i < 6; i++) {
      const designerUser = await user(`seed-designer-${i}`, ['buyer', 'seller']);
      await t.handle.query('INSERT INTO designer_profiles (user_id) VALUES ($1)', [designerUser.id]);
    }
    await insertDemoProjects(t.handle, now);
    const rows = await t.handle.query<{ status: string; applicants_count: number; applications: number }>(
      `SELECT p.status, p.applicants_count,
              (SELECT count(*)::int FROM project_applications a WHERE a.project_id = p.id) AS applications
       FROM projects p`,
    );
    expect(rows).toHaveLength(demoProjects.length);
    expect(rows.every((r) => r.status === 'published' && r.applicants_count === r.applications)).toBe(true);
    const board = await listBoard(parseBoardQuery({ sort: 'budget' }));
    expect(board.total).toBe(demoProjects.length);
    expect(board.projects[0]!.budgetCents).toBe(Math.max(...demoProjects.map((p) => p.budgetCents)));
    expect(board.projects.filter((p) => p.invitedDesigner !== null)).toHaveLength(1);
  });
});
