import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedSearchCatalogue } from '../../../../tests/setup/search-catalogue';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { parseListingFilters } from '../schemas';
import { getModelPage } from './queries';
import { getListingIndex } from './listing-search';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedSearchCatalogue(t);
});
afterAll(() => t.cleanup());

async function listed(filters: Record<string, string> = {}) {
  const listing = await getModelPage({
    locale: 'en',
    filters: parseListingFilters(filters),
    page: 1,
    perPage: 96,
  });
  return { slugs: listing!.items.map((card) => card.slug), total: listing!.total };
}

const idOf = async (slug: string) =>
  (await t.handle.query<{ id: number }>('SELECT id FROM models WHERE slug = $1', [slug]))[0]!.id;

/** The models the newest catalogue version changed, from the change log. */
const lastChanged = async () =>
  (
    await t.handle.query<{ model_id: number | null }>(
      `SELECT model_id FROM catalogue_changes WHERE version = (SELECT version FROM catalogue_version)
       ORDER BY model_id`,
    )
  ).map((row) => row.model_id);

describe('the listing index takes changes from the change log, in place (decision 0065)', () => {
  it('an edit, an unpublish and a publish show at once, and the base index is never rebuilt', async () => {
    const { base } = await getListingIndex();
    const before = await listed();
    await t.handle.query(`UPDATE models SET title = 'Zebra lamp', updated_at = now() WHERE slug = 'red-car'`);
    expect(await lastChanged()).toEqual([await idOf('red-car')]);
    expect((await listed({ keywords: 'zebra' })).slugs).toEqual(['red-car']);
    expect((await listed({ keywords: '"red car"' })).slugs).toEqual([]);

    await t.handle.query(`UPDATE models SET status = 'draft', updated_at = now() WHERE slug = 'red-car'`);
    expect((await listed({ keywords: 'zebra' })).slugs).toEqual([]);
    expect((await listed()).total).toBe(before.total - 1);
    await t.handle.query(`UPDATE models SET status = 'published', updated_at = now() WHERE slug = 'red-car'`);
    expect((await listed()).total).toBe(before.total);
    expect((await getListingIndex()).base).toBe(base);
  });

  it('one statement changing several models is one version naming each of them', async () => {
    await t.handle.query(
      `UPDATE models SET price_cents = 0, updated_at = now() WHERE slug IN ('red-chair', 'blue-chair')`,
    );
    expect(await lastChanged()).toEqual(
      [await idOf('red-chair'), await idOf('blue-chair')].sort((a, b) => a - b),
    );
    const free = await listed({ keywords: 'chair', free: '1' });
    expect(free.slugs.sort()).toEqual(['blue-chair', 'red-chair']);
  });

  it('counters (views, likes, sales) neither move the version nor write to the log', async () => {
    const count = async () =>
      (await t.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM catalogue_changes'))[0]!.n;
    const logged = await count();
    await t.handle.query(`UPDATE models SET views = views + 1, likes = likes + 1 WHERE slug = 'table'`);
    expect(await count()).toBe(logged);
  });

  it('builds afresh when the log no longer reaches back to the index, and answers right', async () => {
    const { base } = await getListingIndex();
    await t.handle.query(
      `UPDATE models SET title = 'Quokka lamp', updated_at = now() WHERE slug = 'red-car'`,
    );
    // As if the log had been trimmed past this index's version.
    await t.handle.query(`UPDATE catalogue_version SET changes_from = version`);
    expect((await listed({ keywords: 'quokka' })).slugs).toEqual(['red-car']);
    expect((await getListingIndex()).base).not.toBe(base);
  });

  it('folds more than 500 changes into the settled layer in the background, and answers right throughout', async () => {
    const { base } = await getListingIndex();
    const before = (await listed()).total;
    // 510 copies of one model in one statement: one version naming 510 models, more than `recent` holds.
    const columns = (
      await t.handle.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
         WHERE table_name = 'models' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      )
    ).map((row) => row.name);
    const copied: Record<string, string> = {
      id: '900000 + g',
      slug: `'wombat-' || g`,
      title: `'Wombat ' || g`,
      external_id: 'null',
    };
    await t.handle.query(
      `INSERT INTO models (${columns.join(', ')})
       SELECT ${columns.map((c) => copied[c] ?? `m.${c}`).join(', ')}
       FROM models m, generate_series(1, 510) g WHERE m.slug = 'table'`,
    );
    expect((await listed()).total).toBe(before + 510);
    expect((await listed({ keywords: 'wombat' })).total).toBe(510);
    // The fold is taken by the current index soon after, without a build.
    const deadline = Date.now() + 10_000;
    while ((await getListingIndex()).foldDue && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const folded = await getListingIndex();
    expect(folded.foldDue).toBe(false);
    expect(folded.base).toBe(base);
    expect((await listed({ keywords: 'wombat' })).total).toBe(510);
    expect((await listed()).total).toBe(before + 510);
  });

  it('answers from the index it has when the catch-up fails, and catches up at the next search', async () => {
    await t.handle.query(
      `UPDATE models SET title = 'Numbat lamp', updated_at = now() WHERE slug = 'red-car'`,
    );
    await t.handle.query('ALTER TABLE catalogue_changes RENAME TO catalogue_changes_away');
    try {
      expect((await listed({ keywords: 'numbat' })).slugs).toEqual([]);
    } finally {
      await t.handle.query('ALTER TABLE catalogue_changes_away RENAME TO catalogue_changes');
    }
    expect((await listed({ keywords: 'numbat' })).slugs).toEqual(['red-car']);
  });
});
