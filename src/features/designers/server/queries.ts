/** Designer reads used by pages and the JSON API. */
import { cache } from 'react';

import {
  designersPerPage,
  reviewsPerPage,
  type DesignerReviewPage,
  type ReviewDirection,
  type ReviewSort,
} from '../schemas';
import {
  countDesignerReviews,
  countDesigners,
  findDesignerByUsername,
  findDesignerReviews,
  findDesigners,
  findEditableProfile,
  findDesignerUsernames,
  findFeaturedDesigner,
} from './repository';

export const getFeaturedDesigner = cache(() => findFeaturedDesigner());

export const getDesignerByUsername = cache((username: string) =>
  /^[A-Za-z0-9_.-]{2,40}$/.test(username) ? findDesignerByUsername(username) : Promise.resolve(null),
);

/** One page of the directory; null past the end (page 1 always exists). */
export async function getDesignerPage(page: number) {
  const total = await countDesigners();
  const pageCount = Math.max(1, Math.ceil(total / designersPerPage));
  if (page > pageCount) return null;
  const items = await findDesigners(designersPerPage, (page - 1) * designersPerPage);
  return { items, total, page, pageCount };
}

/** Designers listed in the sitemap (one file holds at most 50,000 URLs). */
export function getSitemapDesigners(): Promise<string[]> {
  return findDesignerUsernames(50_000);
}

/**
 * One page of the reviews a designer received or gave, sorted newest first, positive first or negative
 * first (spec §9), with the positive and negative counts. Null past the end (page 1 always exists).
 */
export async function getDesignerReviews(options: {
  userId: number;
  direction: ReviewDirection;
  sort: ReviewSort;
  page: number;
  perPage?: number;
}): Promise<DesignerReviewPage | null> {
  const perPage = options.perPage ?? reviewsPerPage;
  const counts = await countDesignerReviews(options.userId, options.direction);
  const total = counts.positive + counts.negative;
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  if (options.page > pageCount) return null;
  const items =
    total === 0
      ? []
      : await findDesignerReviews({
          userId: options.userId,
          direction: options.direction,
          sort: options.sort,
          limit: perPage,
          offset: (options.page - 1) * perPage,
        });
  return { items, counts, total, page: options.page, pageCount };
}

/** The profile form's saved values (defaults for a member who never saved it). */
export function getEditableProfile(userId: number) {
  return findEditableProfile(userId);
}
