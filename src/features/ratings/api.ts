/**
 * What other features, pages and the browser may use of community ratings (decision 0047): the input
 * rules and the shapes of a review.
 */
import { z } from 'zod';

import { maxStars, minStars, replyMaxLength, reviewBodyMaxLength } from './limits';

export * from './limits';

export const reviewsPerPage = 10;

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
export const rateRefusals = ['not_a_buyer', 'own_model'] as const;
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
