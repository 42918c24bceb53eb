import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import {
  addToPrintlist,
  createPrintlist,
  editPrintlist,
  printlistWritesPerHour,
  removeFromPrintlist,
  removePrintlist,
  reorderPrintlist,
} from './commands';
import {
  countPublicPrintlistsWithModel,
  getPrintlist,
  getPrintlistsOf,
  getPublicPrintlists,
} from './queries';

let t: TestDatabase;
let userCount = 0;
let printIds: number[];
let otherModelId: number;

async function newUser(): Promise<SessionUser> {
  const username = `lister${++userCount}`;
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [username, `${username}@example.com`],
  );
  return { id: row!.id, username, email: `${username}@example.com`, displayName: null, roles: ['buyer'] };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'accepted';
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 40, filesRoot: t.filesRoot });
  const rows = await t.handle.query<{ id: number }>(
    `SELECT id FROM models WHERE status = 'published' AND product_type = 'print' ORDER BY id LIMIT 4`,
  );
  printIds = rows.map((r) => r.id);
  const [other] = await t.handle.query<{ id: number }>(
    `SELECT id FROM models WHERE status = 'published' AND product_type = 'models' ORDER BY id LIMIT 1`,
  );
  otherModelId = other!.id;
}, 400_000);
afterAll(() => t.cleanup());

describe('printlists', () => {
  it('makes a list, adds, reorders and removes models, and counts public lists per model', async () => {
    const owner = await newUser();
    const before = await countPublicPrintlistsWithModel(printIds[0]!);
    const { id, added } = await createPrintlist(owner, {
      title: '  Desk things ',
      visibility: 'public',
      modelId: printIds[0],
    });
    expect(added).toBe('added');
    expect(await addToPrintlist(owner, id, { modelId: printIds[1] })).toBe('added');
    expect(await addToPrintlist(owner, id, { modelId: printIds[2] })).toBe('added');
    expect(await addToPrintlist(owner, id, { modelId: printIds[1] })).toBe('already_listed');
    await reorderPrintlist(owner, id, { modelIds: [printIds[2], printIds[0], printIds[1]] });
    let view = await getPrintlist('en', id, null);
    expect(view.list.title).toBe('Desk things');
    expect(view.models.map((m) => m.id)).toEqual([printIds[2], printIds[0], printIds[1]]);
    await removeFromPrintlist(owner, id, { modelId: printIds[0] });
    view = await getPrintlist('en', id, owner.id);
    expect(view.models.map((m) => m.id)).toEqual([printIds[2], printIds[1]]);
    // A reorder naming other models than the list holds is refused, not half applied.
    expect(await refusal(reorderPrintlist(owner, id, { modelIds: [printIds[1]] }))).toBe('CONFLICT');
    await reorderPrintlist(owner, id, { modelIds: [printIds[1], printIds[2]] });
    expect((await getPrintlist('en', id, owner.id)).models.map((m) => m.id)).toEqual([
      printIds[1],
      printIds[2],
    ]);
    expect(await countPublicPrintlistsWithModel(printIds[1]!)).toBeGreaterThanOrEqual(1);
    expect(await countPublicPrintlistsWithModel(printIds[0]!)).toBe(before);
  });

  it('keeps a private list to its owner, and lets nobody else change a list', async () => {
    const owner = await newUser();
    const other = await newUser();
    const seededCount = await countPublicPrintlistsWithModel(printIds[3]!);
    const { id } = await createPrintlist(owner, { title: 'Secret', visibility: 'private' });
    await addToPrintlist(owner, id, { modelId: printIds[3] });
    expect((await getPrintlist('en', id, owner.id)).models).toHaveLength(1);
    expect(await refusal(getPrintlist('en', id, other.id))).toBe('NOT_FOUND');
    expect(await refusal(getPrintlist('en', id, null))).toBe('NOT_FOUND');
    expect(await countPublicPrintlistsWithModel(printIds[3]!)).toBe(seededCount);
    expect((await getPrintlistsOf('en', owner.id, other.id)).map((l) => l.id)).not.toContain(id);
    expect((await getPrintlistsOf('en', owner.id, owner.id)).map((l) => l.id)).toContain(id);
    expect((await getPublicPrintlists('en', 1)).lists.map((l) => l.id)).not.toContain(id);

    // Started one at a time: a refusal started early would reject before anything awaits it.
    const edits = [
      () => editPrintlist(other, id, { title: 'Mine now', visibility: 'public' }),
      () => addToPrintlist(other, id, { modelId: printIds[0] }),
      () => removeFromPrintlist(other, id, { modelId: printIds[3] }),
      () => reorderPrintlist(other, id, { modelIds: [printIds[3]] }),
      () => removePrintlist(other, id),
    ];
    for (const edit of edits) expect(await refusal(edit())).toBe('NOT_FOUND');
    expect((await getPrintlist('en', id, owner.id)).list.title).toBe('Secret');

    await editPrintlist(owner, id, { title: 'Shared now', description: 'For **you**', visibility: 'public' });
    expect((await getPrintlist('en', id, other.id)).list.visibility).toBe('public');
    await removePrintlist(owner, id);
    expect(await refusal(getPrintlist('en', id, owner.id))).toBe('NOT_FOUND');
  });

  it('refuses bad input with a 4xx: empty titles, non-print models, unknown models', async () => {
    const owner = await newUser();
    expect(await refusal(createPrintlist(owner, { title: '   ', visibility: 'public' }))).toBe('BAD_REQUEST');
    expect(await refusal(createPrintlist(owner, { title: 'x', visibility: 'friends' }))).toBe('BAD_REQUEST');
    expect(await refusal(createPrintlist(owner, { title: 'x'.repeat(81), visibility: 'public' }))).toBe(
      'BAD_REQUEST',
    );
    expect(await refusal(createPrintlist(owner, null))).toBe('BAD_REQUEST');
    const { id } = await createPrintlist(owner, { title: 'Prints', visibility: 'public' });
    expect(await refusal(addToPrintlist(owner, id, { modelId: otherModelId }))).toBe('BAD_REQUEST');
    expect(await refusal(addToPrintlist(owner, id, { modelId: 2_000_000_000 }))).toBe('BAD_REQUEST');
    expect(await refusal(addToPrintlist(owner, id, { modelId: 'abc' }))).toBe('BAD_REQUEST');
    expect(await refusal(reorderPrintlist(owner, id, { modelIds: 'x' }))).toBe('BAD_REQUEST');
  });

  it('rate limits writes per user', async () => {
    const owner = await newUser();
    const now = new Date('2031-03-01T10:00:00Z');
    const { id } = await createPrintlist(owner, { title: 'Busy', visibility: 'private' }, now);
    for (let i = 1; i < printlistWritesPerHour; i++)
      await editPrintlist(owner, id, { title: `Busy ${i}`, visibility: 'private' }, now);
    expect(
      await refusal(editPrintlist(owner, id, { title: 'One too many', visibility: 'private' }, now)),
    ).toBe('RATE_LIMITED');
  });
});
