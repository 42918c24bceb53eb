import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { listingPerPage } from '../schemas';
import {
  getCategoryByPath,
  getCategoryTree,
  getModelBySlug,
  getModelPage,
  getTrendingModels,
} from './queries';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 300, filesRoot: t.filesRoot });
});
afterAll(() => t.cleanup());

describe('catalogue queries', () => {
  it('pages through a listing without gaps or repeats, most trending first', async () => {
    const first = await getModelPage({ locale: 'en', productType: 'print', page: 1 });
    expect(first).not.toBeNull();
    const seen = new Set<number>();
    for (let page = 1; page <= first!.pageCount; page++) {
      const result = await getModelPage({ locale: 'en', productType: 'print', page });
      result!.items.forEach((m) => seen.add(m.id));
      if (page < first!.pageCount) expect(result!.items).toHaveLength(listingPerPage);
    }
    expect(seen.size).toBe(first!.total);
    expect(await getModelPage({ locale: 'en', productType: 'print', page: first!.pageCount + 1 })).toBeNull();
  });

  it('builds model cards with prices, discount percentage and localized paths', async () => {
    const page = await getModelPage({ locale: 'de', productType: 'print', page: 1 });
    for (const card of page!.items) {
      expect(card.finalPrice).toBeLessThanOrEqual(card.price);
      expect(card.primaryImage.srcSet).toContain('360w');
      expect(card.path.split('/').length).toBeGreaterThanOrEqual(2);
    }
    const discounted = page!.items.find((c) => c.finalPrice < c.price);
    if (discounted)
      expect(discounted.percentage).toBe(
        Math.round(((discounted.price - discounted.finalPrice) / discounted.price) * 100),
      );
  });

  it('resolves categories by their localized path and lists their subtree', async () => {
    const german = await getCategoryByPath('de', 'print', 'kunst');
    const english = await getCategoryByPath('en', 'print', 'art');
    expect(german?.id).toBe(english?.id);
    expect(german!.title).toBe('Kunst');
    expect(german!.subcategories.map((s) => s.path)).toContain('kunst/skulpturen');
    const page = await getModelPage({ locale: 'en', productType: 'print', category: english!, page: 1 });
    expect(page!.total).toBe(english!.itemCount);
    expect(page!.items.every((m) => m.path.startsWith('art/'))).toBe(true);
    expect(await getCategoryByPath('en', 'print', 'no-such-category')).toBeNull();
  });

  it('gives the tree of top categories with subcategories', async () => {
    const tree = await getCategoryTree('fr', 'models');
    expect(tree.map((c) => c.path)).toContain('avions');
    expect(tree.every((c) => c.subcategories.length > 0)).toBe(true);
  });

  it('finds a model by slug with its details, and trending models in order', async () => {
    const trending = await getTrendingModels('en', 8);
    expect(trending).toHaveLength(8);
    const model = await getModelBySlug('en', trending[0]!.slug);
    expect(model?.title).toBe(trending[0]!.title);
    expect(model?.images.length).toBeGreaterThan(0);
    expect(await getModelBySlug('en', 'does-not-exist')).toBeNull();
  });
});
