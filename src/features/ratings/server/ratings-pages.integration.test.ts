/**
 * Every review of a model can be read, page after page, in a stable order; the community ratings page
 * ranks by the damped average (decision 0047), so one 5-star rating does not outrank many 4.8s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { parseReviewsPage, reviewsPerPage } from '../api';
import { communityRatingsPerPage, getBestRatedThisMonth, getModelReviews } from './queries';

let t: TestDatabase;
let modelIds: number[] = [];
let users: number[] = [];
const month = new Date('2031-06-30T12:00:00Z');

/** `stars` given to the model, one rating a user, at the given times (equal times on purpose). */
async function rate(modelId: number, stars: number[], at: (i: number) => Date) {
  for (let i = 0; i < stars.length; i++)
    await t.handle.query(
      'INSERT INTO model_ratings (model_id, user_id, stars, body, created_at) VALUES ($1, $2, $3, $4, $5)',
      [modelId, users[i], stars[i], `Review ${i}`, at(i).toISOString()],
    );
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 30, filesRoot: t.filesRoot });
  users = (
    await t.handle.query<{ id: number }>(
      `INSERT INTO users (username, email)
       SELECT 'rater' || g, 'rater' || g || '@example.com' FROM generate_series(1, 40) AS g RETURNING id`,
    )
  ).map((row) => row.id);
  modelIds = (
    await t.handle.query<{ id: number }>(
      `SELECT id FROM models WHERE status = 'published' AND id NOT IN (SELECT model_id FROM model_ratings)
       ORDER BY id LIMIT 4`,
    )
  ).map((row) => row.id);
}, 120_000);
afterAll(() => t.cleanup());

describe('a model’s reviews', () => {
  it('are all reachable, 10 a page, newest first with the id breaking ties, and no page past the last', async () => {
    const model = modelIds[0]!;
    // 23 reviews; three by three they share a time.
    await rate(
      model,
      Array.from({ length: 23 }, () => 4),
      (i) => new Date(Date.UTC(2031, 0, 1, Math.floor(i / 3))),
    );
    const pages = await Promise.all([1, 2, 3].map((page) => getModelReviews(model, page)));
    expect(pages.map((page) => page?.reviews.length)).toEqual([10, 10, 3]);
    expect(pages.map((page) => [page?.page, page?.pageCount, page?.total])).toEqual([
      [1, 3, 23],
      [2, 3, 23],
      [3, 3, 23],
    ]);
    const shown = pages.flatMap((page) => page!.reviews);
    const stored = await t.handle.query<{ id: number }>(
      'SELECT id FROM model_ratings WHERE model_id = $1 ORDER BY created_at DESC, id DESC',
      [model],
    );
    expect(shown.map((review) => review.id)).toEqual(stored.map((row) => row.id));
    expect(new Set(shown.map((review) => review.id)).size).toBe(23);
    expect(await getModelReviews(model, 4)).toBeNull();
    expect(reviewsPerPage).toBe(10);
  });

  it('reads ?reviews_page= leniently: anything but a page number is the first page', () => {
    expect(parseReviewsPage('3')).toBe(3);
    expect(parseReviewsPage(['2', '5'])).toBe(2);
    for (const raw of [undefined, '', '0', '-1', '1.5', 'abc', '02', '999999'])
      expect(parseReviewsPage(raw)).toBe(1);
  });
});

describe('the community ratings page', () => {
  it('ranks 30 ratings averaging 4.8 above a single 5-star rating', async () => {
    const [, single, many, lower] = modelIds as [number, number, number, number];
    const at = (i: number) => new Date(month.getTime() - (i + 1) * 60_000);
    await rate(single, [5], at);
    await rate(many, [...Array.from({ length: 24 }, () => 5), ...Array.from({ length: 6 }, () => 4)], at);
    await rate(
      lower,
      Array.from({ length: 20 }, () => 3),
      at,
    );
    const { entries: ranked, total, pageCount } = await getBestRatedThisMonth('en', { now: month });
    expect([total, pageCount]).toEqual([3, 1]);
    expect(ranked.map((entry) => [entry.card.id, entry.average, entry.count])).toEqual([
      [many, 4.8, 30],
      [single, 5, 1],
      [lower, 3, 20],
    ]);
  });

  it('pages the ranking 24 at a time, every rated model once, in the same order', async () => {
    // 22 more models, whatever the seed gave them: its ratings are years before this month.
    const rest = (
      await t.handle.query<{ id: number }>(
        "SELECT id FROM models WHERE status = 'published' AND NOT (id = ANY($1)) ORDER BY id LIMIT 22",
        [modelIds],
      )
    ).map((row) => row.id);
    expect(rest).toHaveLength(22);
    const at = (i: number) => new Date(month.getTime() - (i + 100) * 60_000);
    for (const [i, id] of rest.entries()) await rate(id, [1 + (i % 5)], at);
    const first = await getBestRatedThisMonth('en', { now: month });
    const second = await getBestRatedThisMonth('en', { page: 2, now: month });
    expect([first.total, first.pageCount, second.pageCount]).toEqual([25, 2, 2]);
    expect([first.entries.length, second.entries.length]).toEqual([communityRatingsPerPage, 1]);
    const ids = [...first.entries, ...second.entries].map((entry) => entry.card.id);
    expect(new Set(ids)).toEqual(new Set([...(modelIds.slice(1, 4) as number[]), ...rest]));
    const averages = [...first.entries, ...second.entries].map((entry) => entry.average);
    expect(averages.filter((a) => a === 5)).toHaveLength(1 + rest.filter((_, i) => i % 5 === 4).length);
    expect((await getBestRatedThisMonth('en', { page: 3, now: month })).entries).toEqual([]);
  });
});
