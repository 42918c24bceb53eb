/**
 * The listing index's snapshot (decision 0064): read back, it answers every query as the index it was
 * taken from; a damaged, foreign or missing file is never used.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import { listingSorts } from '../schemas';

import type { ListingIndex } from './listing-index';
import {
  allFacets,
  allIds,
  build,
  catalogue,
  filterArbitrary,
  plainModel,
  toQuery,
} from './listing-index-arbitraries';
import { readListingSnapshot, SnapshotRefused, writeListingSnapshot } from './listing-snapshot';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshbay-listing-snapshot-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const databaseId = '6f1c2a4e-0000-4000-8000-000000000001';

/** Everything a listing shows: totals, every page in every order, the facet counts. */
function answers(index: ListingIndex, filters: Parameters<typeof toQuery>[0]) {
  const query = toQuery(filters);
  const match = index.match(query);
  return {
    total: match.total,
    pages: listingSorts.map((sort) => allIds(index, query, sort)),
    facets: match.facets(allFacets),
    pictures: index.match({ pictures: ['p/a', 'p/c'] }).page('best_match', 0, 100),
  };
}

let written = 0;
async function roundTrip(index: ListingIndex, stamp = '42') {
  const file = path.join(dir, `snapshot-${written++}.bin`);
  await writeListingSnapshot(file, index, { databaseId, stamp });
  return { file, snapshot: (await readListingSnapshot(file, databaseId))! };
}

describe('the listing-index snapshot', () => {
  it('answers every query as the index it was written from', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogue,
        fc.array(filterArbitrary, { minLength: 1, maxLength: 4 }),
        async (models, queries) => {
          const index = await build(models);
          const { snapshot } = await roundTrip(index);
          expect(snapshot.stamp).toBe('42');
          expect(snapshot.index.size).toBe(index.size);
          expect(snapshot.index.termCount).toBe(index.termCount);
          for (const filters of [{}, ...queries])
            expect(answers(snapshot.index, filters)).toEqual(answers(index, filters));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps an empty catalogue, and wide word numbers (65,535 distinct words and more)', async () => {
    const empty = await build([]);
    expect((await roundTrip(empty)).snapshot.index.size).toBe(0);

    const many = Array.from({ length: 70_000 }, (_, i) =>
      plainModel(i + 1, {
        // 15 words each: 1,050,000 words, more than one chunk (2^20): the last 95 models are in a second.
        title: `part w${i.toString(36)} bracket c d e f g h i j k l m n`,
        productType: 'print',
        priceCents: i % 3 === 0 ? 0 : 500,
        trendingScore: i % 97,
        publishedAt: i,
      }),
    );
    const index = await build(many);
    const { snapshot } = await roundTrip(index);
    // A first and a deep page in every order (every page of 70,000 would take long).
    const pages = (of: ListingIndex, keywords: string) => {
      const match = of.match(toQuery({ keywords }));
      return [
        match.total,
        ...listingSorts.flatMap((sort) => [match.page(sort, 0, 24), match.page(sort, 60_000, 24)]),
      ];
    };
    for (const keywords of [
      'w1z',
      '"part w1z bracket"',
      '"part w1i0f bracket"',
      'bracket',
      'w1*',
      '-bracket',
    ])
      expect(pages(snapshot.index, keywords)).toEqual(pages(index, keywords));
  });

  it('is no snapshot when missing, damaged, cut short or of another database', async () => {
    expect(await readListingSnapshot(path.join(dir, 'none.bin'), databaseId)).toBeNull();
    const index = await build(fc.sample(catalogue, { numRuns: 1, seed: 7 })[0]!);
    const { file } = await roundTrip(index);
    const bytes = fs.readFileSync(file);

    await expect(readListingSnapshot(file, '6f1c2a4e-0000-4000-8000-000000000002')).rejects.toThrow(
      /another database/,
    );
    expect((await readListingSnapshot(file, 'any database'))?.index.size).toBe(index.size);
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 9]! ^= 0x10;
    fs.writeFileSync(file, damaged);
    await expect(readListingSnapshot(file, databaseId)).rejects.toThrow(/do not match its hash/);
    fs.writeFileSync(file, bytes.subarray(0, bytes.length - 8));
    await expect(readListingSnapshot(file, databaseId)).rejects.toThrow(/cut short/);
    fs.writeFileSync(file, 'not a snapshot');
    await expect(readListingSnapshot(file, databaseId)).rejects.toThrow(SnapshotRefused);
    fs.writeFileSync(file, bytes);
    expect((await readListingSnapshot(file, databaseId))?.index.size).toBe(index.size);
  });
});
