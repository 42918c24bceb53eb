import { z } from 'zod';

/** A square avatar picture in the sizes the store holds (spec §3 "Avatar"). */
export interface AvatarImageDto {
  /** The 64 px file: enough for every avatar size up to 32 px on 2× screens. */
  small: string;
  /** The 160 px file, for 40–80 px avatars. */
  large: string;
  /** The 320 px file of an uploaded avatar (the 80 px avatar on high-density screens). */
  xlarge?: string;
}

export interface DesignerSummaryDto {
  id: number;
  username: string;
  displayName: string | null;
  avatar: AvatarImageDto | null;
  /** Average review rating 0–5. */
  rating: number;
  ratingCount: number;
  totalModels: number;
  country: string | null;
}

/** Spec §3 "Featured designer" (the JSON call's `data`, plus what the card shows). */
export interface FeaturedDesignerDto {
  id: number;
  user: { id: number; username: string };
  keywords: string[];
  designer: DesignerSummaryDto;
}

export interface DesignerProfileDto extends DesignerSummaryDto {
  /** Sells (the seller role): rating, models and custom requests are shown. */
  isDesigner: boolean;
  about: string;
  /** Absolute http(s) URLs, shown as nofollow links. */
  links: string[];
  skills: string[];
  software: string[];
  followers: number;
  /** How many designers this one follows. */
  following: number;
  modelViews: number;
  /** The likes of the designer's published models, summed when read (decision 0032). */
  modelLikes: number;
  projectsDone: number;
  projectsInProgress: number;
  reputation: number;
  responseRatePermille: number;
  /** Average minutes to answer a message; null until there is one. */
  responseTimeMinutes: number | null;
  acceptsCustomRequests: boolean;
  memberSince: string;
}

/** A designer in the list of those a user follows. */
export interface FollowedDesignerDto {
  id: number;
  username: string;
  avatar: AvatarImageDto | null;
}

export const designersPerPage = 24;

/** The tabs of a designer's profile, each its own URL (`?tab=`; the first is the default, without it). */
export const profileTabs = ['models', 'reviews', 'gallery', 'tutorials', 'about'] as const;
export type ProfileTab = (typeof profileTabs)[number];

/** Spec §9 "Review sort labels": newest first, positive first, negative first. */
export const reviewSorts = ['newest', 'positive', 'negative'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** Reviews the designer received (from buyers and clients) or gave (to sellers they bought from). */
export const reviewDirections = ['received', 'given'] as const;
export type ReviewDirection = (typeof reviewDirections)[number];

export const reviewsPerPage = 10;
export const galleryPerPage = 48;

type RawParams = Record<string, string | string[] | undefined>;
const firstOf = (params: RawParams, key: string) => {
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
};
const oneOf = <T extends string>(allowed: readonly T[], value: string | undefined, fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/**
 * A profile URL's query: `tab`, `page`, and on the reviews tab `reviews=received|given` and
 * `sort=newest|positive|negative`. Unknown values fall back to the defaults (links and hand-edited
 * URLs, never an error), like the listing's filters.
 */
export function parseProfileQuery(params: RawParams) {
  const page = z.coerce.number().int().min(1).catch(1).parse(firstOf(params, 'page'));
  return {
    tab: oneOf(profileTabs, firstOf(params, 'tab'), 'models'),
    page,
    reviewDirection: oneOf(reviewDirections, firstOf(params, 'reviews'), 'received'),
    reviewSort: oneOf(reviewSorts, firstOf(params, 'sort'), 'newest'),
    /** The raw `sort` for the models tab (the catalogue's sorts; read by the page). */
    sort: firstOf(params, 'sort'),
  };
}
export type ProfileQuery = ReturnType<typeof parseProfileQuery>;

/** Whom a review is from (received) or about (given), as the review list shows them. */
export interface ReviewPartyDto {
  username: string;
  avatar: AvatarImageDto | null;
  /** Has a designer profile to link to. */
  isDesigner: boolean;
}

export interface DesignerReviewDto {
  id: number;
  positive: boolean;
  /** 1–5 stars. */
  rating: number;
  body: string;
  createdAt: string;
  other: ReviewPartyDto;
}

export interface DesignerReviewPage {
  items: DesignerReviewDto[];
  counts: { positive: number; negative: number };
  total: number;
  page: number;
  pageCount: number;
}

