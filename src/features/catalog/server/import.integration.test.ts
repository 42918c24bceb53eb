import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import { testMeshPath } from '../../../../tests/fixtures/test-meshes';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { parseListingFilters } from '../schemas';
import { importCatalog } from './import';
import { getModelPage } from './queries';

let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-'));
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c04020' } })
    .png()
    .toFile(path.join(dir, 'red.png'));
  fs.writeFileSync(path.join(dir, 'broken.png'), 'not a picture');
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

const good = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    externalId: 'acme-1',
    title: 'Chaisé Longue',
    tags: ['Furniture', 'lounge'],
    category: 'models/furniture/chair',
    price: '19.99',
    discount: 5,
    licence: 'royalty_free',
    formats: ['fbx', 'obj'],
    designer: 'acme_studio',
    description: 'A reclining chair.',
    image: 'red.png',
    ...overrides,
  });

function writeFile(name: string, lines: string[]) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('catalogue import', () => {
  it('imports good lines, reports each bad line by number and reason', async () => {
    const file = writeFile('mixed.jsonl', [
      good(),
      '{not json',
      good({ externalId: 'acme-2', price: '12.345' }),
      good({ externalId: 'acme-3', licence: 'free_for_all' }),
      good({ externalId: 'acme-4', category: 'print/nowhere' }),
      good({ externalId: 'acme-5', discount: '30', price: '20' }),
      good({ externalId: 'acme-6', image: 'missing.png' }),
      good({ externalId: 'acme-7', image: 'broken.png' }),
      good({ externalId: 'acme-8', image: 'https://example.com/a.png' }),
      good({
        externalId: 'acme-9',
        title: 'Tiny Print Dragon',
        category: 'print/miniatures/creatures',
        price: 0,
        discount: 0,
        image: undefined,
        surprise: 1,
      }),
      good({
        externalId: 'acme-10',
        title: 'Tiny Print Dragon',
        category: 'print/miniatures/creatures',
        price: 0,
        discount: 0,
        image: undefined,
      }),
      '',
    ]);
    const report = await importCatalog(file, { filesRoot: t.filesRoot });
    expect(report.rejected.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(report.rejected.find((r) => r.line === 3)!.reason).toMatch(/^price: /);
    expect(report.rejected.find((r) => r.line === 4)!.reason).toMatch(/^licence: /);
    expect(report.rejected.find((r) => r.line === 5)!.reason).toMatch(/^category: /);
    expect(report.rejected.find((r) => r.line === 6)!.reason).toMatch(/^discount: must not exceed/);
    expect(report.rejected.find((r) => r.line === 7)!.reason).toMatch(/^image: file not found/);
    expect(report.rejected.find((r) => r.line === 8)!.reason).toMatch(/^image: not a readable/);
    expect(report.rejected.find((r) => r.line === 9)!.reason).toMatch(/^image: only local files/);
    expect(report.rejected.find((r) => r.line === 10)!.reason).toMatch(/surprise/);
    expect(report.imported).toBe(2);

    const [row] = await t.handle.query<{
      price_cents: number;
      sale_discount_cents: number;
      final_price_cents: number;
      username: string;
    }>(
      `SELECT m.price_cents, m.sale_discount_cents, m.final_price_cents, u.username
       FROM models m JOIN users u ON u.id = m.designer_id WHERE external_id = 'acme-1'`,
    );
    expect(row).toEqual({
      price_cents: 1999,
      sale_discount_cents: 500,
      final_price_cents: 1499,
      username: 'acme_studio',
    });
  });

  it('is idempotent: re-running the same file changes nothing', async () => {
    const file = writeFile('again.jsonl', [
      good(),
      good({
        externalId: 'acme-10',
        title: 'Tiny Print Dragon',
        category: 'print/miniatures/creatures',
        price: 0,
        discount: 0,
        image: undefined,
      }),
    ]);
    const snapshot = async () =>
      t.handle.query(
        `SELECT id, slug, title, updated_at, price_cents FROM models WHERE external_id LIKE 'acme-%' ORDER BY id`,
      );
    const before = await snapshot();
    const report = await importCatalog(file, { filesRoot: t.filesRoot });
    expect(report).toMatchObject({ imported: 0, unchanged: 2, rejectedCount: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('updates a changed line in place and keeps counts right', async () => {
    const file = writeFile('changed.jsonl', [good({ price: '25' })]);
    const report = await importCatalog(file, { filesRoot: t.filesRoot });
    expect(report.imported).toBe(1);
    const rows = await t.handle.query<{ price_cents: number }>(
      `SELECT price_cents FROM models WHERE external_id = 'acme-1'`,
    );
    expect(rows).toEqual([{ price_cents: 2500 }]);
    const [count] = await t.handle.query<{ item_count: number; n: number }>(
      `SELECT c.item_count, (SELECT count(*)::int FROM models WHERE category_id = c.id) AS n
       FROM categories c WHERE product_type = 'models' AND path = 'furniture/chair'`,
    );
    expect(count!.item_count).toBe(count!.n);
  });

  it('keeps the later line when a file lists an id twice', async () => {
    const file = writeFile('twice.jsonl', [
      good({ externalId: 'dup-1', title: 'First version', image: undefined }),
      good({ externalId: 'dup-1', title: 'Second version', image: undefined }),
    ]);
    const report = await importCatalog(file, { filesRoot: t.filesRoot });
    expect(report.rejectedCount).toBe(0);
    const rows = await t.handle.query<{ title: string }>(
      `SELECT title FROM models WHERE external_id = 'dup-1'`,
    );
    expect(rows).toEqual([{ title: 'Second version' }]);
  });

  it('makes imported models searchable at once, accent-insensitively', async () => {
    const [row] = await t.handle.query<{ id: number; title: string }>(
      `SELECT id, title FROM models WHERE external_id = 'acme-1'`,
    );
    const listing = await getModelPage({
      locale: 'en',
      filters: parseListingFilters({ keywords: 'chaise*' }),
      page: 1,
    });
    expect(row!.title).toMatch(/chaisé/i);
    expect(listing!.items.map((card) => card.id)).toContain(row!.id);
  });

  it("stores the line's own picture as WebP in every size", async () => {
    const [row] = await t.handle.query<{ storage_key: string }>(
      `SELECT p.storage_key FROM preview_images p JOIN models m ON m.id = p.model_id WHERE m.external_id = 'acme-1'`,
    );
    expect(row!.storage_key).toMatch(/^previews\/imported\//);
    const meta = await sharp(path.join(t.filesRoot, `${row!.storage_key}-360.webp`)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 360, height: 270 });
  });

  it('stores a line’s mesh once and queues its analysis; a bad mesh rejects the line', async () => {
    fs.copyFileSync(testMeshPath('torus.STL'), path.join(dir, 'torus.stl'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a mesh');
    const line = good({
      externalId: 'mesh-1',
      image: undefined,
      mesh: 'torus.stl',
      unit: 'cm',
      category: 'print/art',
    });
    const file = writeFile('meshes.jsonl', [
      line,
      good({ externalId: 'mesh-2', mesh: 'notes.txt' }),
      good({ externalId: 'mesh-3', mesh: 'missing.stl' }),
      good({ externalId: 'mesh-4', mesh: 'torus.stl', unit: 'ft' }),
    ]);
    const report = await importCatalog(file, { filesRoot: t.filesRoot });
    expect(report.rejected).toEqual([
      {
        line: 2,
        reason: expect.stringMatching(/^mesh: must be an \.stl, \.obj, \.glb, \.gltf or \.3mf file/),
      },
      { line: 3, reason: 'mesh: file not found: missing.stl' },
      { line: 4, reason: expect.stringMatching(/^unit: /) },
    ]);
    const files = await t.handle.query<{
      model_id: number;
      file_name: string;
      format: string;
      unit: string;
      size_bytes: number;
      id: number;
    }>(
      `SELECT f.id, f.model_id, f.file_name, f.format, f.unit, f.size_bytes::int AS size_bytes FROM model_files f
       JOIN models m ON m.id = f.model_id WHERE m.external_id = 'mesh-1'`,
    );
    expect(files).toEqual([
      expect.objectContaining({ file_name: 'torus.stl', format: 'stl', unit: 'cm', size_bytes: 435084 }),
    ]);
    const jobs = async () =>
      t.handle.query<{ payload: { modelFileId: number } }>(
        `SELECT payload FROM jobs WHERE kind = 'mesh_analysis' AND status = 'queued'`,
      );
    expect(await jobs()).toEqual([{ payload: { modelFileId: files[0]!.id } }]);
    // The same file again: nothing new to store or analyse.
    await importCatalog(writeFile('meshes-again.jsonl', [line]), { filesRoot: t.filesRoot });
    expect(await jobs()).toHaveLength(1);
    expect(
      await t.handle.query(`SELECT count(*)::int AS n FROM model_files WHERE file_name = 'torus.stl'`),
    ).toEqual([{ n: 1 }]);
  });
});
