import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LiveSearchResponse } from '@/features/search/schemas';
import { getLearnedPhrases } from '@/features/search/server/queries';
import { createSession } from '@/server/auth/session';

import { seedSearchCatalogue } from '../../../../../../../tests/setup/search-catalogue';
import { createTestDatabase, type TestDatabase } from '../../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../../tests/fixtures/csrf';
import { GET as liveSearch } from '../../../items/live_search.json/route';
import { POST as searchEventRoute } from '../../../search_events/route';
import { POST } from './route';

let t: TestDatabase;
let adminHeaders: Record<string, string>;
let buyerHeaders: Record<string, string>;
const origin = 'http://localhost:3000';

async function signedUp(name: string, roles: string[]) {
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email, roles) VALUES ($1, $2, $3::user_role[]) RETURNING id`,
    [name, `${name}@example.com`, `{${roles.join(',')}}`],
  );
  const { token, session } = await createSession(row!.id);
  return {
    origin,
    host: 'localhost:3000',
    cookie: `__Host-session=${token}`,
    'x-csrf-token': session.csrfToken,
  };
}

let nextAddress = 0;
/** The search from five distinct addresses: enough to be learned. */
async function searchedByFive(searchTerm: string) {
  for (let i = 0; i < 5; i++) {
    const response = await searchEventRoute(
      new Request(`${origin}/api/internal/search_events`, {
        method: 'POST',
        headers: {
          ...csrfHeaders(),
          'content-type': 'application/json',
          'x-client-ip': `198.51.100.${++nextAddress}`,
        },
        body: JSON.stringify({ searchTerm, type: 'model' }),
      }),
    );
    expect(response.status).toBe(204);
  }
}

async function suggestions(query: string): Promise<string[]> {
  const response = await liveSearch(
    new Request(`http://localhost/api/internal/items/live_search.json?query=${query}`),
  );
  return ((await response.json()) as LiveSearchResponse).keywords.map((k) => k.suggestedKeyword);
}

function remove(body: unknown, headers: Record<string, string>) {
  return POST(
    new Request(`${origin}/api/internal/admin/search_phrases/remove`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedSearchCatalogue(t);
  adminHeaders = await signedUp('phrase_admin', ['buyer', 'admin']);
  buyerHeaders = await signedUp('phrase_buyer', ['buyer']);
});
afterAll(() => t.cleanup());

describe('POST /api/internal/admin/search_phrases/remove', () => {
  it('lists learned phrases and removes one for good; a tag keyword keeps its models’ ranking', async () => {
    await searchedByFive('red chair');
    await searchedByFive('lab');
    expect(
      (await getLearnedPhrases('')).items.map((row) => [row.keyword, row.searchCount, row.modelCount]),
    ).toEqual([
      ['lab', 5, 1],
      ['red chair', 5, 0],
    ]);
    expect((await getLearnedPhrases('re')).items.map((row) => row.keyword)).toEqual(['red chair']);

    const response = await remove({ keyword: 'red chair' }, adminHeaders);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { removed: true } });
    expect(await suggestions('red')).toEqual([]);
    // Searched again by as many visitors, it is not learned again.
    await searchedByFive('Red Chair');
    expect(await suggestions('red')).toEqual([]);

    expect((await remove({ keyword: 'lab' }, adminHeaders)).status).toBe(200);
    const [lab] = await t.handle.query<{ search_count: number; popularity: number; model_count: number }>(
      `SELECT search_count, popularity, model_count FROM search_keywords WHERE keyword = 'lab' AND category_id IS NULL`,
    );
    expect(lab).toEqual({ search_count: 0, popularity: 1, model_count: 1 });
    expect(await suggestions('la')).toEqual(['lab']);
    expect((await getLearnedPhrases('')).items).toEqual([]);
  });

  it('is for admins only, with the CSRF header, and a phrase that is not learned is a 404', async () => {
    await searchedByFive('blue chair');
    expect((await remove({ keyword: 'blue chair' }, buyerHeaders)).status).toBe(403);
    expect((await remove({ keyword: 'blue chair' }, csrfHeaders())).status).toBe(401);
    expect(
      (await remove({ keyword: 'blue chair' }, { ...adminHeaders, 'x-csrf-token': 'forged' })).status,
    ).toBe(403);
    expect((await remove({ keyword: 'furniture' }, adminHeaders)).status).toBe(404);
    expect((await remove({ keyword: 'no such phrase' }, adminHeaders)).status).toBe(404);
    expect((await remove({ keyword: '' }, adminHeaders)).status).toBe(400);
    expect((await remove({ phrase: 'blue chair' }, adminHeaders)).status).toBe(400);
    expect(await suggestions('blue')).toEqual(['blue chair']);
  });
});
