import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { importCatalog } from './import';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

it('imports into an empty database (no demo catalogue): the category tree is created first', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'import-empty-')), 'one.jsonl');
  fs.writeFileSync(
    file,
    `${JSON.stringify({ externalId: 'e1', title: 'Gear', category: 'print/tools/parts', price: 1, licence: 'custom', formats: ['stl'], designer: 'solo' })}\n`,
  );
  const report = await importCatalog(file, { filesRoot: t.filesRoot });
  expect(report).toMatchObject({ imported: 1, rejected: [] });
  const [row] = await t.handle.query<{ categories: number; item_count: number }>(
    `SELECT (SELECT count(*)::int FROM categories) AS categories,
            (SELECT item_count FROM categories WHERE product_type = 'print' AND path = 'tools') AS item_count`,
  );
  expect(row!.categories).toBeGreaterThan(100);
  expect(row!.item_count).toBe(1);
  // The model's picture is in the image-search index, in a cell of the partition.
  const [index] = await t.handle.query<{ described: number; cells: number }>(
    `SELECT (SELECT count(*)::int FROM image_descriptors) AS described, (SELECT count(*)::int FROM image_cells) AS cells`,
  );
  expect(index).toEqual({ described: 1, cells: 1 });
});
