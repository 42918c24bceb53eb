/**
 * What other features, pages and the browser may use of community ratings (decision 0047): the input
 * rules and the shapes of a review.
 */
import { z } from 'zod';

import { maxStars, minStars, replyMaxLength, reviewBodyMaxLength } from './limits';

export * from './limits';

export const reviewsPerPage = 10;

/** The model page's query parameter for a page of its reviews (`?reviews_page=2#ratings`). */
export const reviewsPageParam = 'reviews_page';

/** `?reviews_page=` as a page number: anything but a whole number from 1 to 10,000 is page 1. */
export function parseReviewsPage(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^[1-9]\d{0,4}$/.test(value)) return 1;
  return Math.min(Number(value), 10_000);
}

/** Visible characters only count against the limits; surrounding white space is dropped. */
export const rateInputSchema = z.object({
  stars: z.number().int().min(minStars).max(maxStars),
  body: z.string().trim().max(reviewBodyMaxLength).default(''),
});
export type RateInput = z.infer<typeof rateInputSchema>;

export const replyInputSchema = z.object({
  body: z.string().trim().min(1).max(replyMaxLength),
});

/** Why a rating was refused (the form says it in the visitor's language). */
export const rateRefusals = ['not_a_buyer', 'own_model', 'banned'] as const;
export type RateRefusal = (typeof rateRefusals)[number];

export interface ReviewDto {
  id: number;
  stars: number;
  body: string;
  /** Hidden by a moderator: the text is not sent, the stars still count. */
  hidden: boolean;
  author: { username: string; displayName: string | null };
  createdAt: string;
  editedAt: string | null;
  reply: { body: string; createdAt: string } | null;
}

export interface ModelReviewsPage {
  ratingAverage: number;
  ratingCount: number;
  /** Ratings with or without a text, newest first. */
  reviews: ReviewDto[];
  total: number;
  page: number;
  pageCount: number;
}
