import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dampedRating, meanRating } from '@/features/catalog/api';
import { parseListingFilters } from '@/features/catalog/schemas';
import { getModelCardsByIds, searchModels } from '@/features/catalog/server/queries';
import { seedCatalog } from '@/seed/seed';
import { pagePatternMatcher, registerPagePurger } from '@/server/http/page-cache-purge';

import { createTestDatabase, type TestDatabase } from '../../../../../../../tests/setup/test-database';
import { csrfHeaders } from '../../../../../../../tests/fixtures/csrf';
import { insertMember, signedInHeaders } from '../../../../../../../tests/fixtures/members';
import { POST as reply } from '../../../ratings/[id]/reply/route';
import { POST as moderate } from '../../../ratings/[id]/moderate/route';
import { GET as readReviews, POST as rate } from './route';

let t: TestDatabase;
let model: { id: number; designer_id: number; price_cents: number };
let draft: { id: number };
type Member = { id: number; headers: Record<string, string> };
let designer: Member;
let ada: Member;
let bob: Member;
let eve: Member;

const origin = 'http://localhost:3000';
/** The page cache's purges, as the server's entry point would receive them. */
const purged: ((pathname: string) => boolean)[] = [];
let modelPath: string;
const modelPagePurged = () => purged.some((matches) => matches(modelPath));

async function newUser(username: string): Promise<Member> {
  const { id } = await insertMember(t.handle, username);
  return { id, headers: await signedInHeaders(id) };
}

/** A fulfilled order of the model, as a checkout (or a free download) leaves it. */
async function buy(userId: number, modelId: number, status = 'fulfilled') {
  const [order] = await t.handle.query<{ id: number }>(
    `INSERT INTO orders (user_id, idempotency_key, status, subtotal_cents, sale_discount_cents, coupon_discount_cents,
       credits_cents, total_cents, payment_provider, payment_reference, paid_at)
     VALUES ($1, $2, $3, 100, 0, 0, 0, 100, 'test', $2, now()) RETURNING id`,
    [userId, `rating-test-${userId}-${modelId}-${status}`, status],
  );
  await t.handle.query(
    `INSERT INTO order_lines (order_id, model_id, designer_id, title, licence, price_cents, sale_discount_cents,
       coupon_discount_cents, credits_cents, final_cents)
     SELECT $1, id, designer_id, title, licence, 100, 0, 0, 0, 100 FROM models WHERE id = $2`,
    [order!.id, modelId],
  );
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 20, filesRoot: t.filesRoot });
  // A model nobody rated in the seed, with known seeded figures: 4.0 from 3 ratings.
  [model] = (await t.handle.query<typeof model>(
    `UPDATE models SET rating_average = 4, rating_count = 3
     WHERE id = (SELECT min(id) FROM models WHERE status = 'published' AND id NOT IN (SELECT model_id FROM model_ratings))
     RETURNING id, designer_id, price_cents`,
  )) as [typeof model];
  [draft] = (await t.handle.query<{ id: number }>(
    "UPDATE models SET status = 'draft' WHERE id = (SELECT max(id) FROM models) RETURNING id",
  )) as [{ id: number }];
  designer = { id: model.designer_id, headers: await signedInHeaders(model.designer_id) };
  ada = await newUser('ada_rates');
  bob = await newUser('bob_rates');
  eve = await newUser('eve_rates');
  await buy(ada.id, model.id);
  await buy(bob.id, model.id);
  await buy(eve.id, model.id, 'refunded');
  await buy(ada.id, draft.id);
  const [{ slug }] = (await t.handle.query<{ slug: string }>('SELECT slug FROM models WHERE id = $1', [
    model.id,
  ])) as [{ slug: string }];
  modelPath = `/3d-models/${slug}`;
  registerPagePurger((patterns) => {
    purged.push(...patterns.map(pagePatternMatcher));
    return 0;
  });
});
afterAll(() => t.cleanup());

function send(id: string | number, json: unknown, headers: Record<string, string> = ada.headers) {
  return rate(
    new Request(`${origin}/api/internal/items/${id}/ratings`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    }),
    { params: Promise.resolve({ id: String(id) }) },
  );
}

function answer(ratingId: string | number, json: unknown, headers: Record<string, string>) {
  return reply(
    new Request(`${origin}/api/internal/ratings/${ratingId}/reply`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    }),
    { params: Promise.resolve({ id: String(ratingId) }) },
  );
}

const figuresOf = async (id: number) =>
  (
    await t.handle.query<{ rating_average: number; rating_count: number }>(
      'SELECT rating_average, rating_count FROM models WHERE id = $1',
      [id],
    )
  )[0]!;
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { formError?: string; fieldErrors?: Record<string, string> } }).error;

describe('POST /api/internal/items/[id]/ratings', () => {
  let adaRating: number;

  it('averages a buyer rating with the seeded figures, exactly, and keeps one rating per buyer', async () => {
    const first = await send(model.id, { stars: 5, body: '  Lovely model.  ' });
    expect(first.status).toBe(201);
    const data = (
      (await first.json()) as { data: { ratingId: number; ratingAverage: number; ratingCount: number } }
    ).data;
    adaRating = data.ratingId;
    // (4 × 3 + 5) / 4
    expect(data).toMatchObject({ ratingAverage: 4.25, ratingCount: 4 });
    expect(await figuresOf(model.id)).toEqual({ rating_average: 4.25, rating_count: 4 });

    // Edited: the same row, the average from the seeded figures and the rows again (no drift).
    const edited = await send(model.id, { stars: 0 });
    expect(edited.status).toBe(200);
    expect(await figuresOf(model.id)).toEqual({ rating_average: 3, rating_count: 4 });
    expect((await send(model.id, { stars: 2, body: 'Changed my mind.' })).status).toBe(200);
    expect((await send(model.id, { stars: 4 }, bob.headers)).status).toBe(201);
    // (12 + 2 + 4) / 5
    expect(await figuresOf(model.id)).toEqual({ rating_average: 3.6, rating_count: 5 });
    const rows = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM model_ratings WHERE model_id = $1',
      [model.id],
    );
    expect(rows[0]!.n).toBe(2);

    const [card] = await getModelCardsByIds('en', [model.id]);
    expect(card).toMatchObject({ ratingAverage: 3.6, ratingCount: 5 });
  });

  it('counts two buyers rating at once both', async () => {
    const carol = await newUser('carol_rates');
    const dan = await newUser('dan_rates');
    await buy(carol.id, model.id);
    await buy(dan.id, model.id);
    const answers = await Promise.all([
      send(model.id, { stars: 5 }, carol.headers),
      send(model.id, { stars: 5 }, dan.headers),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    // (12 + 2 + 4 + 5 + 5) / 7
    expect(await figuresOf(model.id)).toEqual({ rating_average: 4, rating_count: 7 });
  });

  it('refuses a non-buyer (a refunded order too) and the designer with a reason, and a guest with 401', async () => {
    const stranger = await newUser('stranger_rates');
    for (const who of [stranger, eve]) {
      const refused = await send(model.id, { stars: 5 }, who.headers);
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).formError).toBe('not_a_buyer');
    }
    const own = await send(model.id, { stars: 5 }, designer.headers);
    expect(own.status).toBe(403);
    expect((await errorOf(own)).formError).toBe('own_model');
    expect((await send(model.id, { stars: 5 }, csrfHeaders())).status).toBe(401);
    expect(await figuresOf(model.id)).toEqual({ rating_average: 4, rating_count: 7 });
  });

  it('answers 403 without the CSRF token or from another site', async () => {
    const withoutToken = Object.fromEntries(
      Object.entries(ada.headers).filter(([name]) => name !== 'x-csrf-token'),
    );
    expect((await send(model.id, { stars: 1 }, withoutToken)).status).toBe(403);
    const crossSite = { ...ada.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await send(model.id, { stars: 1 }, crossSite)).status).toBe(403);
  });

  it('refuses bad input with 400 and an unknown, malformed or unpublished model with 404', async () => {
    for (const bad of [
      { stars: 6 },
      { stars: -1 },
      { stars: 2.5 },
      { stars: '5' },
      {},
      { stars: 3, body: 'x'.repeat(2001) },
    ]) {
      const response = await send(model.id, bad);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).fieldErrors).toBeDefined();
    }
    for (const id of [987_654, 'abc', '0', draft.id]) expect((await send(id, { stars: 5 })).status).toBe(404);
    expect(await figuresOf(model.id)).toEqual({ rating_average: 4, rating_count: 7 });
  });

  it('answers 429 past 30 rating writes an hour', async () => {
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    await t.handle.query(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 30)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = 30`,
      [`model_rating:user:${bob.id}`, hour],
    );
    expect((await send(model.id, { stars: 1 }, bob.headers)).status).toBe(429);
    expect(await figuresOf(model.id)).toEqual({ rating_average: 4, rating_count: 7 });
  });

  it('refuses a review text (not stars alone) and an answer from a member banned from posting', async () => {
    const banned = await newUser('banned_rater');
    // Another model than the one the other tests count ratings of.
    const [other] = await t.handle.query<{ id: number }>(
      "SELECT id FROM models WHERE status = 'published' AND id NOT IN ($1, $2) ORDER BY id LIMIT 1",
      [model.id, draft.id],
    );
    await buy(banned.id, other!.id);
    await t.handle.query(
      "INSERT INTO forum_bans (user_id, until, banned_by) VALUES ($1, now() + interval '7 days', $2)",
      [banned.id, designer.id],
    );
    const refused = await send(other!.id, { stars: 3, body: 'Spam spam spam' }, banned.headers);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { formError: string } }).error.formError).toBe('banned');
    expect((await send(other!.id, { stars: 3 }, banned.headers)).status).toBe(201);
    await t.handle.query('UPDATE forum_bans SET user_id = $1 WHERE user_id = $2', [designer.id, banned.id]);
    const reply = await answer(adaRating, { body: 'Thanks!' }, designer.headers);
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { error: { formError: string } }).error.formError).toBe('banned');
    await t.handle.query('DELETE FROM forum_bans WHERE user_id = $1', [designer.id]);
  });

  it("lets only the model's designer answer a review, once", async () => {
    expect((await answer(adaRating, { body: 'Thanks!' }, ada.headers)).status).toBe(404);
    expect((await answer(adaRating, { body: 'Thanks!' }, bob.headers)).status).toBe(404);
    expect((await answer(adaRating, { body: 'Thanks!' }, csrfHeaders())).status).toBe(401);
    expect((await answer(adaRating, { body: '   ' }, designer.headers)).status).toBe(400);
    expect((await answer('nope', { body: 'Thanks!' }, designer.headers)).status).toBe(404);
    purged.length = 0;
    const answers = await Promise.all([
      answer(adaRating, { body: 'Thanks for the review!' }, designer.headers),
      answer(adaRating, { body: 'A second answer' }, designer.headers),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    // Guests' cached copies of the model's page go, so they see the answer at once.
    expect(modelPagePurged()).toBe(true);

    const response = await readReviews(new Request(`${origin}/api/internal/items/${model.id}/ratings`), {
      params: Promise.resolve({ id: String(model.id) }),
    });
    expect(response.status).toBe(200);
    const page = (
      (await response.json()) as {
        data: {
          ratingAverage: number;
          ratingCount: number;
          total: number;
          reviews: { id: number; body: string; reply: { body: string } | null }[];
        };
      }
    ).data;
    expect(page).toMatchObject({ ratingAverage: 4, ratingCount: 7, total: 4 });
    const adas = page.reviews.find((review) => review.id === adaRating)!;
    expect(adas.body).toBe('Changed my mind.');
    expect(adas.reply?.body).toMatch(/^(Thanks for the review!|A second answer)$/);
    for (const id of [987_654, draft.id])
      expect(
        (
          await readReviews(new Request(`${origin}/api/internal/items/${id}/ratings`), {
            params: Promise.resolve({ id: String(id) }),
          })
        ).status,
      ).toBe(404);
  });
});

describe('POST /api/internal/ratings/[id]/moderate', () => {
  it("lets an admin hide a review's text (its stars still count) and show it again; nobody else", async () => {
    const [rated] = await t.handle.query<{ id: number }>(
      "SELECT id FROM model_ratings WHERE model_id = $1 AND body <> '' ORDER BY id LIMIT 1",
      [model.id],
    );
    const admin = await insertMember(t.handle, 'admin_rates', ['buyer', 'admin']);
    const adminHeaders = await signedInHeaders(admin.id);
    const send = (json: unknown, headers: Record<string, string>, id: number | string = rated!.id) =>
      moderate(
        new Request(`${origin}/api/internal/ratings/${id}/moderate`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        }),
        { params: Promise.resolve({ id: String(id) }) },
      );
    expect((await send({ action: 'hide' }, ada.headers)).status).toBe(403);
    expect((await send({ action: 'hide' }, designer.headers)).status).toBe(403);
    expect((await send({ action: 'nope' }, adminHeaders)).status).toBe(400);
    expect((await send({ action: 'hide' }, adminHeaders, 987_654)).status).toBe(404);
    purged.length = 0;
    expect((await send({ action: 'hide' }, adminHeaders)).status).toBe(200);
    expect(modelPagePurged()).toBe(true);
    const read = async () =>
      (
        (await (
          await readReviews(new Request(`${origin}/api/internal/items/${model.id}/ratings`), {
            params: Promise.resolve({ id: String(model.id) }),
          })
        ).json()) as {
          data: { ratingCount: number; reviews: { id: number; hidden: boolean; body: string }[] };
        }
      ).data;
    const hidden = await read();
    expect(hidden.reviews.find((r) => r.id === rated!.id)).toMatchObject({ hidden: true, body: '' });
    expect(hidden.ratingCount).toBe(7);
    expect((await send({ action: 'show' }, adminHeaders)).status).toBe(200);
    expect((await read()).reviews.find((r) => r.id === rated!.id)!.hidden).toBe(false);
  });
});

describe('the listing by rating', () => {
  it('sorts by rating and filters by a minimum, with facet counts equal to the totals they open', async () => {
    const listing = (query: Record<string, string>) =>
      searchModels({
        locale: 'en',
        filters: parseListingFilters(query),
        page: 1,
        perPage: 96,
        withFacets: true,
      });
    const all = await listing({ sort: 'top_rated' });
    const shown = (card: { ratingAverage: number; ratingCount: number }) =>
      card.ratingCount > 0 ? Math.round(card.ratingAverage * 10) : -1;
    // Ranked by the damped average against the catalogue's mean (decision 0047); unrated last.
    expect(all.total).toBe(all.items.length);
    const mean = meanRating(
      all.items.map((card) => ({ average: card.ratingAverage, count: card.ratingCount })),
    );
    const rank = (card: { ratingAverage: number; ratingCount: number }) =>
      card.ratingCount > 0 ? dampedRating(card.ratingAverage, card.ratingCount, mean) : -1;
    for (let i = 1; i < all.items.length; i++)
      expect(rank(all.items[i - 1]!)).toBeGreaterThanOrEqual(rank(all.items[i]!) - 1e-3);
    for (const minRating of ['4', '3', '2', '1'] as const) {
      const filtered = await listing({ min_rating: minRating });
      expect(filtered.total).toBe(all.facets!.ratings[Number(minRating) as 4 | 3 | 2 | 1]);
      expect(
        filtered.items.every((card) => card.ratingCount > 0 && shown(card) >= Number(minRating) * 10),
      ).toBe(true);
    }
    // The rated model moved: 4.0 is "4 stars & up".
    expect((await listing({ min_rating: '4' })).items.some((card) => card.id === model.id)).toBe(true);
  });
});
