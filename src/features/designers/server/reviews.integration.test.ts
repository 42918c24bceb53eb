import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertDesignerReviews } from '@/seed/designer-content';
import { seedCatalog } from '@/seed/seed';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import {
  getDesignerByUsername,
  getDesignerReviews,
  getFeaturedDesigner,
} from './queries';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedCatalog(t.handle, { models: 300, filesRoot: t.filesRoot });
  // Until seed.ts calls it, the demo content is added here (once: the seed may already have done it).
  const [row] = await t.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM designer_reviews');
  if (row!.n === 0) await insertDesignerReviews(t.handle);
}, 120_000);
afterAll(() => t.cleanup());

const isNewestFirst = (items: Array<{ createdAt: string }>) =>
  items.every((item, i) => i === 0 || items[i - 1]!.createdAt >= item.createdAt);

describe('designer reviews and tutorials', () => {
  it('seeds consistent reviews: 3–6 received by every designer with models, none to oneself', async () => {
    const [stats] = await t.handle.query<{
      subjects: number;
      without: number;
      min: number;
      max: number;
      self: number;
      inconsistent: number;
      positiveShare: number;
      bodies: number;
      total: number;
    }>(`
      WITH received AS (
        SELECT m.designer_id, (SELECT count(*) FROM designer_reviews r WHERE r.subject_id = m.designer_id)::int AS n
        FROM (SELECT DISTINCT designer_id FROM models) m
      )
      SELECT (SELECT count(*)::int FROM received) AS subjects,
             (SELECT count(*)::int FROM received WHERE n = 0) AS without,
             (SELECT min(n) FROM received) AS min, (SELECT max(n) FROM received) AS max,
             (SELECT count(*)::int FROM designer_reviews WHERE author_id = subject_id) AS self,
             (SELECT count(*)::int FROM designer_reviews
               WHERE (positive AND rating < 4) OR (NOT positive AND rating > 3)) AS inconsistent,
             (SELECT avg(positive::int)::float FROM designer_reviews) AS "positiveShare",
             (SELECT count(DISTINCT body)::int FROM designer_reviews) AS bodies,
             (SELECT count(*)::int FROM designer_reviews) AS total`);
    expect(stats!.subjects).toBeGreaterThan(10);
    expect(stats!.without).toBe(0);
    expect(stats!.min).toBeGreaterThanOrEqual(3);
    expect(stats!.max).toBeLessThanOrEqual(6);
    expect(stats!.self).toBe(0);
    expect(stats!.inconsistent).toBe(0);
    expect(stats!.positiveShare).toBeGreaterThan(0.7);
    expect(stats!.positiveShare).toBeLessThan(0.95);
    // Varied bodies: nearly every review reads differently.
    expect(stats!.bodies).toBeGreaterThan(stats!.total * 0.9);
  });

  it('pages and sorts the reviews a designer received: newest, positive first, negative first', async () => {
    const [subject] = await t.handle.query<{ id: number }>(`
      SELECT subject_id AS id FROM designer_reviews GROUP BY subject_id
      HAVING bool_or(positive) AND bool_or(NOT positive) ORDER BY count(*) DESC, subject_id LIMIT 1`);
    const userId = subject!.id;
    const newest = (await getDesignerReviews({ userId, direction: 'received', sort: 'newest', page: 1 }))!;
    expect(newest.total).toBe(newest.counts.positive + newest.counts.negative);
    expect(newest.counts.positive).toBeGreaterThan(0);
    expect(newest.counts.negative).toBeGreaterThan(0);
    expect(isNewestFirst(newest.items)).toBe(true);

    const positive = (await getDesignerReviews({
      userId,
      direction: 'received',
      sort: 'positive',
      page: 1,
    }))!;
    const positives = positive.items.filter((r) => r.positive);
    expect(positive.items.slice(0, positives.length).every((r) => r.positive)).toBe(true);
    expect(isNewestFirst(positives)).toBe(true);

    const negative = (await getDesignerReviews({
      userId,
      direction: 'received',
      sort: 'negative',
      page: 1,
    }))!;
    expect(negative.items[0]!.positive).toBe(false);
    expect(negative.items.at(-1)!.positive).toBe(true);
    expect(new Set(negative.items.map((r) => r.id))).toEqual(new Set(newest.items.map((r) => r.id)));

    // The other party is the author; all seeded reviewers are designers with a profile to link to.
    for (const review of newest.items) {
      expect(review.other.username).toMatch(/\S/);
      expect(review.other.isDesigner).toBe(true);
      expect(review.rating).toBeGreaterThanOrEqual(review.positive ? 4 : 1);
      expect(review.rating).toBeLessThanOrEqual(review.positive ? 5 : 3);
    }

    // Small pages: page 2 continues page 1, and a page past the end is null.
    const first = (await getDesignerReviews({
      userId,
      direction: 'received',
      sort: 'newest',
      page: 1,
      perPage: 2,
    }))!;
    const second = (await getDesignerReviews({
      userId,
      direction: 'received',
      sort: 'newest',
      page: 2,
      perPage: 2,
    }))!;
    expect(first.pageCount).toBe(Math.ceil(newest.total / 2));
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(
      newest.items.slice(0, 4).map((r) => r.id),
    );
    expect(
      await getDesignerReviews({
        userId,
        direction: 'received',
        sort: 'newest',
        page: first.pageCount + 1,
        perPage: 2,
      }),
    ).toBeNull();
  });

  it('lists the reviews a designer gave, with the designer they reviewed', async () => {
    const [author] = await t.handle.query<{ id: number; n: number }>(`
      SELECT author_id AS id, count(*)::int AS n FROM designer_reviews GROUP BY author_id ORDER BY n DESC, author_id LIMIT 1`);
    const given = (await getDesignerReviews({
      userId: author!.id,
      direction: 'given',
      sort: 'newest',
      page: 1,
    }))!;
    expect(given.total).toBe(author!.n);
    const subjects = await t.handle.query<{ username: string }>(
      `SELECT u.username FROM designer_reviews r JOIN users u ON u.id = r.subject_id WHERE r.author_id = $1`,
      [author!.id],
    );
    expect(given.items.map((r) => r.other.username).sort()).toEqual(subjects.map((s) => s.username).sort());

    const [nobody] = await t.handle.query<{ id: number }>(`SELECT max(id) + 1 AS id FROM users`);
    const none = (await getDesignerReviews({
      userId: nobody!.id,
      direction: 'received',
      sort: 'newest',
      page: 1,
    }))!;
    expect(none).toEqual({
      items: [],
      counts: { positive: 0, negative: 0 },
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it('gives the featured designer a reputation and a response time', async () => {
    const featured = (await getFeaturedDesigner())!;
    const profile = (await getDesignerByUsername(featured.user.username))!;
    expect(profile.reputation).toBeGreaterThan(0);
    expect(profile.responseTimeMinutes).toBeGreaterThan(0);
  });
});
