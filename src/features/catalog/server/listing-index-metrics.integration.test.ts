/** The listing index's size and freshness on /metrics (decision 0051), read as Prometheus would. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { searchCatalogue, seedSearchCatalogue } from '../../../../tests/setup/search-catalogue';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { metrics } from '@/server/metrics/registry';

import { registerListingIndexMetrics } from './listing-index-metrics';
import { getListingIndex, listingIndexStatus } from './listing-search';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedSearchCatalogue(t);
  registerListingIndexMetrics();
});
afterAll(() => t.cleanup());

async function samples(): Promise<Record<string, number>> {
  const text = await metrics().registry.metrics();
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.startsWith('meshbay_search_index_'))
      .map((line) => [line.split(' ')[0]!, Number(line.split(' ')[1])]),
  );
}

describe('listing index metrics', () => {
  it('tell the size of a current index and no lag', async () => {
    await getListingIndex();
    const figures = await samples();
    expect(figures.meshbay_search_index_models).toBe(searchCatalogue.length);
    expect(figures.meshbay_search_index_terms).toBeGreaterThan(10);
    expect(figures.meshbay_search_index_versions_behind).toBe(0);
    expect(figures.meshbay_search_index_lag_seconds).toBe(0);
    expect(figures.meshbay_search_index_building).toBe(0);
    expect(figures.meshbay_search_index_last_build_seconds).toBeGreaterThan(0);
  });

  it('tell how far behind the index is after the catalogue changed, until the next search', async () => {
    await getListingIndex();
    const seenCurrent = Date.now();
    await t.handle.query(`UPDATE models SET updated_at = now() WHERE slug = 'red-car'`);
    await t.handle.query(`UPDATE models SET status = 'draft', updated_at = now() WHERE slug = 'tree'`);
    const later = await listingIndexStatus(seenCurrent + 90_000);
    expect(later.catalogueVersion - later.indexedVersion!).toBe(2);
    expect(later.lagSeconds).toBeGreaterThanOrEqual(89);
    expect(later.lagSeconds).toBeLessThan(91);
    expect((await samples()).meshbay_search_index_versions_behind).toBe(2);

    await getListingIndex();
    const figures = await samples();
    expect(figures.meshbay_search_index_versions_behind).toBe(0);
    expect(figures.meshbay_search_index_lag_seconds).toBe(0);
    expect(figures.meshbay_search_index_models).toBe(searchCatalogue.length - 1);
  });
});
