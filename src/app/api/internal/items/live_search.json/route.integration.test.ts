import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LiveSearchResponse } from '@/features/search/schemas';

import { seedSearchCatalogue } from '../../../../../../tests/setup/search-catalogue';
import { createTestDatabase, type TestDatabase } from '../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../tests/fixtures/csrf';
import { POST as postSearchEvent } from '../../search_events/route';
import { GET } from './route';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedSearchCatalogue(t);
});
afterAll(() => t.cleanup());

async function suggest(query: string, extra = '') {
  const response = await GET(
    new Request(
      `http://localhost/api/internal/items/live_search.json?query=${encodeURIComponent(query)}${extra}`,
    ),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(response.headers.get('cache-control')).toContain('no-cache');
  return (await response.json()) as LiveSearchResponse;
}

let nextAddress = 0;
/** A search event; `visitors` distinct addresses send it (a phrase is learned from five). */
async function searchEvent(body: unknown, headers: Record<string, string> = csrfHeaders(), visitors = 5) {
  let response: Response | undefined;
  for (let i = 0; i < visitors; i++) {
    response = await postSearchEvent(
      new Request('http://localhost:3000/api/internal/search_events', {
        method: 'POST',
        headers: {
          origin: 'http://localhost:3000',
          host: 'localhost:3000',
          'content-type': 'application/json',
          'x-client-ip': `203.0.113.${++nextAddress % 250}`,
          ...headers,
        },
        body: JSON.stringify(body),
      }),
    );
  }
  return response!;
}

describe('GET /api/internal/items/live_search.json', () => {
  it('answers empty lists for a blank or whitespace-only query', async () => {
    for (const query of ['', '   ', '\t']) {
      const answer = await suggest(query);
      expect(answer).toMatchObject({ keywords: [], keywordsInCategory: [], items: [] });
    }
  });

  it('suggests keywords starting with the text, most popular first, with thumbnails', async () => {
    const answer = await suggest('FUR');
    expect(answer.searchKeyword).toBe('FUR');
    expect(answer.keywords.map((k) => k.suggestedKeyword)).toEqual(['furniture']);
    // The thumbnail is the smallest preview of the most trending model tagged "furniture" (the table).
    const table = answer.items.find((item) => item.itemTitle === 'Oak Table');
    expect(table?.url).toMatch(/\/table$/);
    expect(answer.keywords[0]!.thumbnailUrl).toBe(table!.itemThumbnailImage);
    expect(table!.itemThumbnailImage).toMatch(/-120\.webp$/);
    // Four furniture models share a category: the keyword is suggested within it too.
    expect(answer.keywordsInCategory).toHaveLength(1);
    expect(answer.keywordsInCategory[0]).toMatchObject({ keyword: 'furniture' });
    expect(answer.keywordsInCategory[0]!.categoryTitle.length).toBeGreaterThan(0);
    // Chosen, it searches within its category: the category's listing with the keyword.
    expect(answer.keywordsInCategory[0]!.url).toMatch(/^\/3d-models\/[a-z0-9-]+\?keywords=furniture$/);
    const german = await suggest('fur', '&locale=de');
    expect(german.keywordsInCategory[0]!.url).toMatch(/^\/de\/3d-modelle\/[a-z0-9-]+\?keywords=furniture$/);
    expect((await suggest('l')).keywords.map((k) => k.suggestedKeyword)).toEqual([
      'lab',
      'lounge',
      'low poly',
    ]);
  });

  it("suggests words of the visitor's language, each with its English keyword's picture", async () => {
    const english = await suggest('fur');
    const german = await suggest('Möb', '&locale=de');
    expect(german.keywords[0]).toEqual({
      suggestedKeyword: 'möbel',
      thumbnailUrl: english.keywords[0]!.thumbnailUrl,
    });
    const french = await suggest('meub', '&locale=fr');
    // One form a word: "meubles" would be the same search again.
    const frenchWords = french.keywords.map((k) => k.suggestedKeyword);
    expect(frenchWords[0]).toBe('meuble');
    expect(frenchWords).not.toContain('meubles');
    // An English visitor, and a word the same in both languages, get the English keywords only.
    expect((await suggest('meub')).keywords).toEqual([]);
    expect((await suggest('fur', '&locale=fr')).keywords.map((k) => k.suggestedKeyword)).toContain(
      'furniture',
    );
  });

  it('in print-ready mode suggests only print categories and their models', async () => {
    const answer = await suggest('fur', '&print_ready=1');
    expect(answer.keywords.map((k) => k.suggestedKeyword)).toEqual(['furniture']);
    expect(answer.keywordsInCategory).toEqual([]);
    expect(answer.items).toEqual([]);
  });

  it('tolerates typos and takes % and _ literally', async () => {
    expect((await suggest('furnitrue')).keywords.map((k) => k.suggestedKeyword)).toEqual(['furniture']);
    expect((await suggest('%')).keywords).toEqual([]);
    expect((await suggest('_ab')).keywords).toEqual([]);
  });

  it('learns plain-word searches that find models, and nothing else', async () => {
    expect((await suggest('red')).keywords).toEqual([]);
    expect((await searchEvent({ searchTerm: 'Red  Chair', type: 'model' })).status).toBe(204);
    expect((await suggest('red')).keywords.map((k) => k.suggestedKeyword)).toEqual(['red chair']);
    // Operators, no models found, or another type: accepted, not learned.
    for (const searchTerm of ['-redwood', 'redzzz', 'red*', '"red chair"']) {
      expect((await searchEvent({ searchTerm, type: 'model' })).status).toBe(204);
    }
    expect((await searchEvent({ searchTerm: 'redwood', type: 'job' })).status).toBe(204);
    expect((await suggest('red')).keywords.map((k) => k.suggestedKeyword)).toEqual(['red chair']);
    // A second search of a keyword makes it outrank one carried by a single model.
    await searchEvent({ searchTerm: 'lab', type: 'model' });
    expect((await suggest('l')).keywords.map((k) => k.suggestedKeyword)).toEqual([
      'lab',
      'lounge',
      'low poly',
    ]);
    await searchEvent({ searchTerm: 'low poly', type: 'model' });
    await searchEvent({ searchTerm: 'low poly', type: 'model' });
    expect((await suggest('l')).keywords.map((k) => k.suggestedKeyword)).toEqual([
      'low poly',
      'lab',
      'lounge',
    ]);
  });

  it('refuses a search event without the CSRF header', async () => {
    expect((await searchEvent({ searchTerm: 'lab', type: 'model' }, {})).status).toBe(403);
  });
});
