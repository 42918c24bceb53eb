import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LiveSearchResponse } from '@/features/search/schemas';

import { seedSearchCatalogue } from '../../../../../tests/setup/search-catalogue';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../tests/fixtures/csrf';
import { GET as liveSearch } from '../items/live_search.json/route';
import { POST } from './route';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedSearchCatalogue(t);
});
afterAll(() => t.cleanup());

/** A search event as an anonymous visitor sends it: a fresh visitor cookie each time unless given. */
function searchEvent(searchTerm: string, { address = '203.0.113.7', visitor = fresh() } = {}) {
  const headers = csrfHeaders();
  return POST(
    new Request('http://localhost:3000/api/internal/search_events', {
      method: 'POST',
      headers: {
        ...headers,
        cookie: `${headers.cookie}; visitor_id=${visitor}`,
        'content-type': 'application/json',
        'user-agent': `bot-${visitor}`,
        'x-client-ip': address,
      },
      body: JSON.stringify({ searchTerm, type: 'model' }),
    }),
  );
}
const fresh = () => randomBytes(16).toString('base64url');

async function suggestions(query: string): Promise<string[]> {
  const response = await liveSearch(
    new Request(`http://localhost/api/internal/items/live_search.json?query=${encodeURIComponent(query)}`),
  );
  return ((await response.json()) as LiveSearchResponse).keywords.map((k) => k.suggestedKeyword);
}

const prefixes = ['c', 'cha', 'chai', 'r', 'se'];
const suggestionsOfPrefixes = async () =>
  Object.fromEntries(await Promise.all(prefixes.map(async (p) => [p, await suggestions(p)] as const)));

describe('POST /api/internal/search_events: suggestions cannot be poisoned', () => {
  it('leaves the suggestions unchanged after the 40-post attack (one address, fresh cookies)', async () => {
    const before = await suggestionsOfPrefixes();
    const statuses: number[] = [];
    // 40 posts, then more until one is refused: the limit's fixed window may end among the first 40,
    // and of 70 posts in at most two windows one window holds more than its 30.
    for (let i = 0; i < 70 && (i < 40 || !statuses.includes(429)); i++)
      statuses.push((await searchEvent('chair scam call 5550100 for free refunds')).status);
    // The first posts are accepted (204: nothing to tell a bot), the flood is refused.
    expect(statuses.slice(0, 10).every((status) => status === 204)).toBe(true);
    expect(statuses).toContain(429);
    expect(await suggestionsOfPrefixes()).toEqual(before);
  });

  it('leaves the suggestions unchanged when the 40 posts come from 40 addresses', async () => {
    const before = await suggestionsOfPrefixes();
    for (let i = 0; i < 40; i++) {
      const response = await searchEvent('chair scam call 5550100 for free refunds', {
        address: `198.51.100.${i + 1}`,
      });
      expect(response.status).toBe(204);
    }
    // "scam", "refunds" find no model: the phrase as a whole is not a real search's result.
    for (let i = 0; i < 40; i++) await searchEvent('chair scam', { address: `198.51.100.${i + 1}` });
    expect(await suggestionsOfPrefixes()).toEqual(before);
  });

  it('never learns digit-heavy or URL-like phrases, however many visitors send them', async () => {
    const before = await suggestionsOfPrefixes();
    for (const phrase of ['chair 5550100', 'red chair 555 0100', 'chair www example com', 'seat http evil']) {
      for (let i = 0; i < 12; i++) await searchEvent(phrase, { address: `192.0.2.${i + 1}` });
    }
    expect(await suggestionsOfPrefixes()).toEqual(before);
  });

  it('learns a real search only once enough distinct visitors made it, each counted once a day', async () => {
    expect(await suggestions('red')).toEqual([]);
    // One address sending it again and again with fresh cookies is one visitor.
    for (let i = 0; i < 8; i++) await searchEvent('Red  Chair', { address: '203.0.113.50' });
    expect(await suggestions('red')).toEqual([]);
    // Addresses of one IPv6 /64 are one visitor too.
    for (let i = 0; i < 8; i++) await searchEvent('Red Chair', { address: `2001:db8:1:2::${i + 1}` });
    expect(await suggestions('red')).toEqual([]);
    for (let i = 0; i < 3; i++) await searchEvent('red chair', { address: `203.0.113.${60 + i}` });
    expect(await suggestions('red')).toEqual(['red chair']);
    const [row] = await t.handle.query<{ search_count: number }>(
      `SELECT search_count FROM search_keywords WHERE keyword = 'red chair' AND category_id IS NULL`,
    );
    expect(row!.search_count).toBe(5);
  });
});
