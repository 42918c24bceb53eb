/**
 * Search in the visitor's language (issue 26 §5, decision 0053) on the demo catalogue: 30 searches as
 * a shopper types them in each locale find what the English search finds, first page against first page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import queries from '../../../../tests/fixtures/multilingual-queries.json';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { parseListingFilters } from '../schemas';
import { getModelPage } from './queries';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 2_010, filesRoot: t.filesRoot });
}, 300_000);
afterAll(() => t.cleanup());

const perPage = 24;

async function firstPage(locale: string, keywords: string): Promise<number[]> {
  const listing = await getModelPage({
    locale,
    filters: parseListingFilters({ keywords }),
    page: 1,
    perPage,
  });
  return listing!.items.map((card) => card.id);
}

describe('30 searches in each language', () => {
  const english = queries.en;

  // Issue 26 asks for every query; measured 2026-11-26 with the English phrases: 23–28 of 30 per
  // locale (before them 19–24). What misses are forms shared by several English words ("нож", "刀" →
  // cutter; "soporte" → support for bracket; "スマホ" → smartphone for phone) and Japanese folding
  // ("ボート" meets "ボード"); decision 0053, "Not yet". The floor keeps what works from breaking.
  const floor = 23;

  it.each(Object.entries(queries).filter(([locale]) => locale !== 'en'))(
    `%s: at least ${floor} of 30 first pages hold 80 % of the English first page`,
    async (locale, typed) => {
      expect(typed).toHaveLength(english.length);
      const misses: string[] = [];
      for (const [i, query] of typed.entries()) {
        const expected = await firstPage('en', english[i]!);
        const found = new Set(await firstPage(locale, query));
        const shared = expected.filter((id) => found.has(id)).length;
        if (expected.length === 0 || shared < 0.8 * expected.length)
          misses.push(`"${query}" (${english[i]}): ${shared} of ${expected.length}`);
      }
      expect(typed.length - misses.length, misses.join('\n')).toBeGreaterThanOrEqual(floor);
    },
  );
});
