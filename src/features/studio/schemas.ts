/** The studio's model details form and the DTOs its pages read. */
import { z } from 'zod';

import { customLicences, lengthUnits, licenceTypes, type ModelDetails } from '@/features/catalog/api';
import type { ModelStatus } from '@/features/catalog/api';
import type { PrintabilityReport } from '@/features/geometry/api';
import { parsePriceCents } from '@/lib/money';

export const titleLength = { min: 3, max: 100 } as const;
export const descriptionMaxLength = 5000;
/** A custom licence's terms, as the seller writes them. */
export const licenceTermsLength = { min: 20, max: 5000 } as const;
export const maxTags = 20;
export const tagLength = { min: 2, max: 40 } as const;
/** $9,999: the most a model may cost. */
export const maxPriceCents = 999_900;
/** A paid model costs at least $1. */
export const minPaidPriceCents = 100;

export const modelDetailFields = [
  'title',
  'description',
  'categoryId',
  'tags',
  'price',
  'licence',
  'licenceTerms',
  'unit',
  'walletEligible',
] as const;
export type ModelDetailField = (typeof modelDetailFields)[number];
export type ModelDetailError =
  | 'required'
  | 'title_length'
  | 'description_long'
  | 'tags_count'
  | 'tag_length'
  | 'price_format'
  | 'price_range'
  | 'invalid_choice'
  | 'terms_required'
  | 'terms_length';

export type { ModelDetails };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Tags typed comma-separated: trimmed, lower case, each once. */
export function parseTags(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : text(value).split(',');
  return [...new Set(list.map((tag) => tag.trim().toLowerCase().replace(/\s+/g, ' ')).filter(Boolean))];
}

/**
 * Checks the details form (in the browser before sending, and on the server). The category is only
 * checked to be a number here; the server checks it exists.
 */
export function validateModelDetails(
  input: Record<string, unknown>,
):
  | { ok: true; value: ModelDetails }
  | { ok: false; fieldErrors: Partial<Record<ModelDetailField, ModelDetailError>> } {
  const errors: Partial<Record<ModelDetailField, ModelDetailError>> = {};
  const title = text(input.title);
  if (title === '') errors.title = 'required';
  else if (title.length < titleLength.min || title.length > titleLength.max) errors.title = 'title_length';
  const description = text(input.description);
  if (description.length > descriptionMaxLength) errors.description = 'description_long';
  const categoryId = Number(text(input.categoryId) || String(input.categoryId ?? ''));
  if (!Number.isInteger(categoryId) || categoryId <= 0) errors.categoryId = 'required';
  const tags = parseTags(input.tags);
  if (tags.length > maxTags) errors.tags = 'tags_count';
  else if (tags.some((tag) => tag.length < tagLength.min || tag.length > tagLength.max))
    errors.tags = 'tag_length';
  const priceText = text(input.price);
  const priceCents = priceText === '' ? null : parsePriceCents(priceText);
  if (priceText === '') errors.price = 'required';
  else if (priceCents === null) errors.price = 'price_format';
  else if (priceCents > maxPriceCents || (priceCents > 0 && priceCents < minPaidPriceCents))
    errors.price = 'price_range';
  const licence = z.enum(licenceTypes).safeParse(input.licence);
  if (!licence.success) errors.licence = 'invalid_choice';
  // A custom licence's own terms are part of what the buyer agrees to: required with one, dropped otherwise.
  const custom = licence.success && customLicences.includes(licence.data);
  const licenceTerms = custom ? text(input.licenceTerms).replace(/\r\n/g, '\n') : '';
  if (custom && licenceTerms === '') errors.licenceTerms = 'terms_required';
  else if (
    custom &&
    (licenceTerms.length < licenceTermsLength.min || licenceTerms.length > licenceTermsLength.max)
  )
    errors.licenceTerms = 'terms_length';
  const unit = z.enum(lengthUnits).safeParse(input.unit);
  if (!unit.success) errors.unit = 'invalid_choice';
  const walletEligible = input.walletEligible === true || input.walletEligible === 'on';
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: {
      title,
      description,
      categoryId,
      tags,
      priceCents: priceCents!,
      licence: licence.data!,
      licenceTerms: custom ? licenceTerms : null,
      unit: unit.data!,
      walletEligible,
    },
  };
}

/** Review verdicts an admin gives (spec §3: a score is given on review). */
export const reviewVerdictSchema = z.discriminatedUnion('verdict', [
  z.object({
    verdict: z.literal('approve'),
    score: z.coerce.number().int().min(0).max(100),
    note: z.string().trim().max(2000).default(''),
  }),
  z.object({
    verdict: z.literal('reject'),
    score: z.coerce.number().int().min(0).max(100).optional(),
    note: z.string().trim().min(1).max(2000),
  }),
]);
export type ReviewVerdict = z.infer<typeof reviewVerdictSchema>;

/** Why a review request is refused (the seller's page has a text for each). */
export const reviewRequestRefusals = [
  'no_files',
  'no_picture',
  'analysis_pending',
  'already_requested',
] as const;
export type ReviewRequestRefusal = (typeof reviewRequestRefusals)[number];

export type AnalysisState = 'queued' | 'running' | 'done' | 'failed' | 'not_analysed';

export interface StudioFileDto {
  id: number;
  fileName: string;
  format: string;
  sizeBytes: number;
  analysisState: AnalysisState;
  progress: number;
  analysisError: string | null;
  figures: {
    triangles: number;
    vertices: number;
    volumeMm3: number | null;
    size: [number, number, number];
    watertight: boolean;
    selfIntersections: number;
    thinWallShare: number;
    /** Faces without area; null for analyses stored before it was reported. */
    degenerateFaces: number | null;
  } | null;
  /** The printability report (decision 0052); null before analysis or for analyses stored before it. */
  printability: PrintabilityReport | null;
}

export interface StudioPictureDto {
  position: number;
  src: string;
}

export interface StudioModelDto extends ModelDetails {
  id: number;
  slug: string;
  designerId: number;
  designerUsername: string;
  productType: 'models' | 'print';
  status: ModelStatus;
  reviewStatus: 'not_reviewed' | 'reviewed';
  reviewScore: number | null;
  reviewNote: string | null;
  reviewRequested: boolean;
  files: StudioFileDto[];
  pictures: StudioPictureDto[];
  views: number;
  likes: number;
  sales: number;
  updatedAt: Date;
}

export interface StudioModelSummaryDto {
  id: number;
  title: string;
  status: ModelStatus;
  reviewStatus: 'not_reviewed' | 'reviewed';
  reviewScore: number | null;
  reviewRequested: boolean;
  priceCents: number;
  views: number;
  sales: number;
  picture: string | null;
  updatedAt: Date;
}

export interface CategoryChoiceDto {
  id: number;
  title: string;
  productType: 'models' | 'print';
  depth: 0 | 1;
}
