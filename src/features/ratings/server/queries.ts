/** Reads of community ratings for pages and the JSON API (decision 0047). */
import { getModelCardsByIds } from '@/features/catalog/server/api';
import type { ModelCardDto } from '@/features/catalog/api';

import { reviewsPerPage, type ModelReviewsPage, type ReviewDto } from '../api';
import {
  countRatedSince,
  findBestRatedSince,
  findLatestReviewTexts,
  findModelReviews,
  findOwnRating,
  ownsModel,
} from './repository';
import { getDb } from '@/server/db/client';

/** A page of a published model's reviews (null: no such model, or a page past the end other than 1). */
export async function getModelReviews(modelId: number, page: number): Promise<ModelReviewsPage | null> {
  const found = await findModelReviews(modelId, (page - 1) * reviewsPerPage, reviewsPerPage);
  if (!found) return null;
  const pageCount = Math.max(1, Math.ceil(found.total / reviewsPerPage));
  if (page > pageCount) return null;
  return { ...found, page, pageCount };
}

export async function userOwnsModel(userId: number, modelId: number) {
  return ownsModel(await getDb(), userId, modelId);
}

export async function getOwnRating(userId: number, modelId: number) {
  return findOwnRating(await getDb(), userId, modelId);
}

/** "This month" on the community ratings page: the last 30 days, so the page is never empty on the 1st. */
export const communityRatingsWindowDays = 30;
export const communityRatingsPerPage = 24;

export interface BestRatedEntry {
  card: ModelCardDto;
  average: number;
  count: number;
  review: ReviewDto | null;
}

export interface BestRatedPage {
  entries: BestRatedEntry[];
  /** Models rated in the window, and so the pages they fill (at least 1). */
  total: number;
  pageCount: number;
}

/** A page of the best-rated models of the last 30 days, by the ratings given in them. */
export async function getBestRatedThisMonth(
  locale: string,
  { page = 1, now = new Date() }: { page?: number; now?: Date } = {},
): Promise<BestRatedPage> {
  const since = new Date(now.getTime() - communityRatingsWindowDays * 86_400_000);
  const [total, ranked] = await Promise.all([
    countRatedSince(since),
    findBestRatedSince(since, communityRatingsPerPage, (page - 1) * communityRatingsPerPage),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / communityRatingsPerPage));
  return { entries: await bestRatedEntries(locale, ranked, since), total, pageCount };
}

async function bestRatedEntries(
  locale: string,
  ranked: { modelId: number; average: number; count: number }[],
  since: Date,
): Promise<BestRatedEntry[]> {
  const ids = ranked.map((row) => row.modelId);
  const [cards, texts] = await Promise.all([
    getModelCardsByIds(locale, ids),
    findLatestReviewTexts(ids, since),
  ]);
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const reviewById = new Map(texts.map((text) => [text.modelId, text.review]));
  return ranked.flatMap((row) => {
    const card = cardById.get(row.modelId);
    return card
      ? [
          {
            card,
            average: Math.round(row.average * 100) / 100,
            count: row.count,
            review: reviewById.get(row.modelId) ?? null,
          },
        ]
      : [];
  });
}
