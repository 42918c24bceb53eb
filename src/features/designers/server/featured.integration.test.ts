import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { trackFeaturedDesignerImpression } from './commands';
import { getDesignerByUsername, getDesignerPage, getFeaturedDesigner } from './queries';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 300, filesRoot: t.filesRoot });
});
afterAll(() => t.cleanup());

describe('designers', () => {
  it('has a featured designer with keywords and models, and counts impressions', async () => {
    const featured = await getFeaturedDesigner();
    expect(featured).not.toBeNull();
    expect(featured!.keywords.length).toBeGreaterThan(0);
    expect(featured!.designer.totalModels).toBeGreaterThanOrEqual(3);
    const [before] = await t.handle.query<{ impressions: number }>(
      'SELECT impressions FROM featured_designers WHERE id = $1',
      [featured!.id],
    );
    expect(await trackFeaturedDesignerImpression(featured!.id)).toBe(true);
    expect(await trackFeaturedDesignerImpression(featured!.id)).toBe(true);
    const [after] = await t.handle.query<{ impressions: number }>(
      'SELECT impressions FROM featured_designers WHERE id = $1',
      [featured!.id],
    );
    expect(after!.impressions - before!.impressions).toBe(2);
    expect(await trackFeaturedDesignerImpression(987654)).toBe(false);
  });

  it('finds profiles case-insensitively and pages through the directory', async () => {
    const page = await getDesignerPage(1);
    expect(page!.items.length).toBeGreaterThan(0);
    const first = page!.items[0]!;
    expect((await getDesignerByUsername(first.username.toUpperCase()))?.id).toBe(first.id);
    expect(await getDesignerByUsername('no such designer')).toBeNull();
    expect(await getDesignerPage(page!.pageCount + 1)).toBeNull();
  });
});
