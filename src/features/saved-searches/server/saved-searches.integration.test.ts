import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseListingFilters, type ListingFilters, type ProductType } from '@/features/catalog/api';
import { findListingModelsPublishedBetween } from '@/features/catalog/server/api';
import { seedCatalog } from '@/seed/seed';
import type { SessionUser } from '@/server/auth/session';
import type { OutgoingEmail } from '@/server/mail/outbox';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { canonicalQuery, maxSavedSearchesPerUser, type SavedListing } from '../api';
import { removeSavedSearch, subscribeToSearch, subscriptionsPerHour, unsubscribeWithToken } from './commands';
import { nextDigestTime, sendSavedSearchDigests } from './digest';
import { findSavedSearches } from './repository';
import { unsubscribeTargetOf, unsubscribeToken } from './unsubscribe-token';

let t: TestDatabase;
let userCount = 0;

async function newUser(): Promise<SessionUser> {
  const username = `saver${++userCount}`;
  const [row] = await t.handle.query<{ id: number }>(
    `INSERT INTO users (username, email) VALUES ($1, $2) RETURNING id`,
    [username, `${username}@example.com`],
  );
  return { id: row!.id, username, email: `${username}@example.com`, displayName: null, roles: ['buyer'] };
}

const noFilters = parseListingFilters({});

/** The ids of the models a listing scope matches (the catalog's own test compares them with the listing). */
async function listingIds(scope: {
  productType?: ProductType;
  category?: { id: number };
  filters: ListingFilters;
}): Promise<number[]> {
  const { ids } = await findListingModelsPublishedBetween(
    { productType: scope.productType, categoryId: scope.category?.id, filters: scope.filters },
    everything,
    10_000,
  );
  return ids;
}

const everything = { after: new Date('1970-01-01T00:00:00Z'), until: new Date('2100-01-01T00:00:00Z') };
const at = (iso: string) => new Date(`2030-01-${iso}Z`);

async function publishAt(ids: number[], when: Date) {
  await t.handle.query(`UPDATE models SET published_at = $2 WHERE id = ANY($1::int[])`, [
    ids,
    when.toISOString(),
  ]);
}

let printRoot: { id: number };
let keyword: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 150, filesRoot: t.filesRoot });
  printRoot = (
    await t.handle.query<{ id: number }>(
      `SELECT id FROM categories WHERE product_type = 'print' AND parent_id IS NULL ORDER BY position, id LIMIT 1`,
    )
  )[0]!;
  // A word of a model's title that several models share.
  const [row] = await t.handle.query<{ word: string }>(
    `SELECT lower(w) AS word FROM models, regexp_split_to_table(title, '\\s+') w
     WHERE length(w) >= 4 AND w ~ '^[A-Za-z]+$' GROUP BY lower(w) HAVING count(*) BETWEEN 3 AND 40
     ORDER BY count(*) DESC, lower(w) LIMIT 1`,
  );
  keyword = row!.word;
}, 400_000);
afterAll(() => t.cleanup());

describe('subscribing and removing', () => {
  const keywordsListing = (keywords: string): SavedListing => ({
    pathname: '/search',
    productType: null,
    categoryId: null,
    query: `keywords=${encodeURIComponent(keywords)}`,
  });

  it('keeps the query in canonical form and saves the same search once', async () => {
    const user = await newUser();
    const listing = {
      pathname: '/3d-print-models',
      productType: 'print',
      categoryId: null,
      query: 'sort=newest&file_types%5B%5D=stl&file_types%5B%5D=3mf&keywords=dragon&per_page=48&price_min=',
    };
    const first = await subscribeToSearch(user, 'de', listing);
    const again = await subscribeToSearch(user, 'de', {
      ...listing,
      query: 'keywords=dragon&file_types[]=3mf&file_types[]=stl',
    });
    expect(again.id).toBe(first.id);
    const [saved] = await findSavedSearches(user.id);
    expect(saved!.query).toBe(
      canonicalQuery(parseListingFilters({ keywords: 'dragon', 'file_types[]': ['stl', '3mf'] })),
    );
    expect(saved!.query).not.toMatch(/sort|per_page|price_min/);
  });

  it('refuses what is not a search worth saving, and a category of another product type', async () => {
    const user = await newUser();
    const refused = [
      null,
      { pathname: '/search', productType: null, categoryId: null, query: '' },
      { pathname: '/elsewhere', productType: null, categoryId: null, query: 'keywords=x' },
      { pathname: '/3d-models', productType: 'models', categoryId: printRoot.id, query: '' },
      { pathname: '/3d-models', productType: 'print', categoryId: 999_999, query: '' },
      { pathname: '/search', productType: null, categoryId: null, query: `keywords=${'x'.repeat(300)}` },
    ];
    for (const input of refused)
      await expect(subscribeToSearch(user, 'en', input)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await findSavedSearches(user.id)).toEqual([]);
  });

  it(`keeps at most ${maxSavedSearchesPerUser} saved searches per user`, async () => {
    const user = await newUser();
    for (let i = 0; i < maxSavedSearchesPerUser; i++)
      await subscribeToSearch(user, 'en', keywordsListing(`thing${i}`));
    await expect(subscribeToSearch(user, 'en', keywordsListing('one more'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Saving one that is already saved is still fine.
    await expect(subscribeToSearch(user, 'en', keywordsListing('thing0'))).resolves.toBeDefined();
  });

  it(`is rate limited past ${subscriptionsPerHour} subscriptions an hour`, async () => {
    const user = await newUser();
    const now = new Date('2030-02-01T10:00:00Z');
    for (let i = 0; i < subscriptionsPerHour; i++)
      await subscribeToSearch(user, 'en', keywordsListing('same'), now);
    await expect(subscribeToSearch(user, 'en', keywordsListing('same'), now)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it("removes the owner's saved search; another user's is not found", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { id } = await subscribeToSearch(owner, 'en', keywordsListing('lamp'));
    await expect(removeSavedSearch(other, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await findSavedSearches(owner.id)).toHaveLength(1);
    await removeSavedSearch(owner, id);
    expect(await findSavedSearches(owner.id)).toEqual([]);
    await expect(removeSavedSearch(owner, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('unsubscribe links', () => {
  it('remove the search they name; a changed token is refused and removes nothing', async () => {
    const user = await newUser();
    const a = await subscribeToSearch(user, 'en', {
      pathname: '/search',
      productType: null,
      categoryId: null,
      query: 'keywords=vase',
    });
    const b = await subscribeToSearch(user, 'en', {
      pathname: '/search',
      productType: null,
      categoryId: null,
      query: 'keywords=cup',
    });
    const token = unsubscribeToken({ kind: 'search', id: a.id });
    const [, signature] = token.split('.');
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    for (const forged of [
      `s${b.id}.${signature}`,
      `s${a.id}.${flipped}`,
      `a${user.id}.${signature}`,
      `s${a.id}`,
      `${token}x`,
      '',
      42,
    ]) {
      expect(unsubscribeTargetOf(forged)).toBeNull();
      await expect(unsubscribeWithToken(forged)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await findSavedSearches(user.id)).toHaveLength(2);
    expect(await unsubscribeWithToken(token)).toBe('removed');
    expect(await unsubscribeWithToken(token)).toBe('gone');
    expect((await findSavedSearches(user.id)).map((s) => s.id)).toEqual([b.id]);
  });

  it("the header's link removes all of the user's saved searches, and no one else's", async () => {
    const user = await newUser();
    const other = await newUser();
    for (const keywords of ['bowl', 'plate'])
      await subscribeToSearch(user, 'en', {
        pathname: '/search',
        productType: null,
        categoryId: null,
        query: `keywords=${keywords}`,
      });
    await subscribeToSearch(other, 'en', {
      pathname: '/search',
      productType: null,
      categoryId: null,
      query: 'keywords=bowl',
    });
    expect(await unsubscribeWithToken(unsubscribeToken({ kind: 'all', userId: user.id }))).toBe('removed');
    expect(await findSavedSearches(user.id)).toEqual([]);
    expect(await findSavedSearches(other.id)).toHaveLength(1);
  });
});

describe('the digest', () => {
  it('sends one email per user with a section per saved search that has new models, once', async () => {
    await t.handle.exec('DELETE FROM saved_searches');
    const subscribedAt = at('10T00:00:00');
    const alice = await newUser();
    const bob = await newUser();
    const carol = await newUser();
    const byKeyword = {
      pathname: '/search',
      productType: null,
      categoryId: null,
      query: `keywords=${keyword}`,
    };
    const byCategory = {
      pathname: '/3d-print-models',
      productType: 'print',
      categoryId: printRoot.id,
      query: '',
    };
    await subscribeToSearch(alice, 'en', byKeyword, subscribedAt);
    await subscribeToSearch(alice, 'de', byCategory, subscribedAt);
    await subscribeToSearch(bob, 'en', byKeyword, subscribedAt);
    await subscribeToSearch(
      carol,
      'en',
      { ...byKeyword, query: 'keywords=nothingmatchesthis' },
      subscribedAt,
    );

    const keywordModels = (await listingIds({ filters: parseListingFilters({ keywords: keyword }) })).slice(
      0,
      2,
    );
    const categoryModels = (
      await listingIds({ productType: 'print', category: printRoot, filters: noFilters })
    )
      .filter((id) => !keywordModels.includes(id))
      .slice(0, 1);
    // One published before the subscriptions: not new to them.
    const before = (await listingIds({ filters: parseListingFilters({ keywords: keyword }) })).slice(2, 3);
    await publishAt(keywordModels, at('10T08:00:00'));
    await publishAt(categoryModels, at('10T09:00:00'));
    await publishAt(before, at('09T23:00:00'));

    const sent: OutgoingEmail[] = [];
    const outcome = await sendSavedSearchDigests({
      now: at('11T06:00:00'),
      send: async (e) => void sent.push(e),
    });
    expect(outcome.emails).toBe(2);
    expect(sent.map((e) => e.to).sort()).toEqual([alice.email, bob.email].sort());

    const titles = async (ids: number[]) =>
      (
        await t.handle.query<{ title: string }>(`SELECT title FROM models WHERE id = ANY($1::int[])`, [ids])
      ).map((r) => r.title);
    const aliceMail = sent.find((e) => e.to === alice.email)!;
    // Alice's newest saved search is German: her digest is in German, with both searches.
    expect(aliceMail.subject).toMatch(/gespeicherten Suchen/);
    for (const title of await titles([...keywordModels, ...categoryModels]))
      expect(aliceMail.text).toContain(title);
    for (const title of await titles(before)) expect(aliceMail.text).not.toContain(title);
    expect(aliceMail.text.match(/\/saved-searches\/unsubscribe\?token=s\d+\./g)).toHaveLength(2);
    expect(aliceMail.headers?.['List-Unsubscribe']).toMatch(
      /^<http.*\/api\/saved-searches\/unsubscribe\?token=a\d+\..+>$/,
    );
    expect(aliceMail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const bobMail = sent.find((e) => e.to === bob.email)!;
    expect(bobMail.subject).toBe('2 new models for your saved searches');
    for (const title of await titles(keywordModels)) expect(bobMail.text).toContain(title);
    for (const title of await titles(categoryModels)) expect(bobMail.text).not.toContain(title);

    // Its link removes the search it names.
    const token = /unsubscribe\?token=(s[\w.-]+)/.exec(bobMail.text)![1]!;
    expect(await unsubscribeWithToken(token)).toBe('removed');
    expect(await findSavedSearches(bob.id)).toEqual([]);

    // Nothing new since: the next run sends nothing.
    const again: OutgoingEmail[] = [];
    await sendSavedSearchDigests({ now: at('12T06:00:00'), send: async (e) => void again.push(e) });
    expect(again).toEqual([]);
    await publishAt([...keywordModels, ...categoryModels, ...before], new Date('2020-01-01T00:00:00Z'));
  });

  it('two runs at once send each model once', async () => {
    await t.handle.exec('DELETE FROM saved_searches');
    const dave = await newUser();
    await subscribeToSearch(
      dave,
      'en',
      { pathname: '/search', productType: null, categoryId: null, query: `keywords=${keyword}` },
      at('20T00:00:00'),
    );
    const ids = (await listingIds({ filters: parseListingFilters({ keywords: keyword }) })).slice(0, 1);
    await publishAt(ids, at('20T08:00:00'));
    const sent: OutgoingEmail[] = [];
    const send = async (e: OutgoingEmail) => void sent.push(e);
    await Promise.all([
      sendSavedSearchDigests({ now: at('21T06:00:00'), send }),
      sendSavedSearchDigests({ now: at('21T06:00:00'), send }),
    ]);
    expect(sent).toHaveLength(1);
    await publishAt(ids, new Date('2020-01-01T00:00:00Z'));
  });

  it('is scheduled daily at 06:00 UTC', () => {
    expect(nextDigestTime(new Date('2030-01-01T05:59:59Z')).toISOString()).toBe('2030-01-01T06:00:00.000Z');
    expect(nextDigestTime(new Date('2030-01-01T06:00:00Z')).toISOString()).toBe('2030-01-02T06:00:00.000Z');
  });
});
