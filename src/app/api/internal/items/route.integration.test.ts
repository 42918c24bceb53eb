import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedSearchCatalogue } from '../../../../../tests/setup/search-catalogue';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { GET } from './route';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedSearchCatalogue(t);
});
afterAll(() => t.cleanup());

interface ItemsAnswer {
  data: {
    items: Array<{ slug: string }>;
    total: number;
    page: number;
    per_page: number;
    facets: { free: number; sale: number; formats: Record<string, number>; features: Record<string, number> };
  };
}

async function get(query: string) {
  const response = await GET(new Request(`http://localhost/api/internal/items?${query}`));
  return {
    status: response.status,
    body: (await response.json()) as ItemsAnswer & { error?: { message: string } },
  };
}

describe('GET /api/internal/items', () => {
  it('applies the query language and returns cards, total, page and facets of the result set', async () => {
    const { status, body } = await get(`keywords=${encodeURIComponent('furniture -chair')}`);
    expect(status).toBe(200);
    expect(body.data.items.map((item) => item.slug)).toEqual(['table', 'chaise-longue']);
    expect(body.data).toMatchObject({ total: 2, page: 1, per_page: 24 });
    expect(body.data.facets.formats).toMatchObject({ blend: 1, obj: 0, fbx: 0 });
    const chairs = await get('keywords=chair');
    expect(chairs.body.data.facets.formats).toMatchObject({ obj: 2, fbx: 1, stl: 0 });
  });

  it('leaves the facets out with facets=0', async () => {
    const { body } = await get('keywords=chair&facets=0');
    expect(body.data.facets).toBeNull();
    expect(body.data.total).toBe(2);
  });

  it('combines keywords with filters from the query string', async () => {
    const { body } = await get('keywords=red&formats[]=fbx');
    expect(body.data.items.map((item) => item.slug)).toEqual(['red-car']);
  });

  it('clamps page and per_page instead of failing', async () => {
    for (const query of ['per_page=7', 'per_page=abc', 'per_page=-1']) {
      const { status, body } = await get(query);
      expect(status).toBe(200);
      expect(body.data.per_page).toBe(24);
    }
    expect((await get('per_page=50')).body.data.per_page).toBe(96);
    const past = await get('keywords=chair&page=99');
    expect(past.status).toBe(200);
    expect(past.body.data.page).toBe(1);
    expect(past.body.data.items).toHaveLength(2);
    expect((await get('page=abc')).body.data.page).toBe(1);
  });

  it('refuses keywords over 256 characters with a clear message', async () => {
    const { status, body } = await get(`keywords=${'a'.repeat(257)}`);
    expect(status).toBe(400);
    expect(body.error?.message).toBe('keywords must be at most 256 characters');
    expect((await get(`keywords=${'a'.repeat(256)}`)).status).toBe(200);
  });
});
