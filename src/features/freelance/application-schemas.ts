/**
 * The jobs board's applications and work phase: form limits, their checks (in the browser before
 * sending and, authoritative, on the server) and the DTOs the pages read (decision 0025).
 */
import { z } from 'zod';

import { cardInputSchema, idempotencyKeySchema } from '@/features/orders/api';
import type { ApplicationStatus, ProjectStatus } from './freelance-lifecycle';
import { parsePriceCents } from '@/lib/money';

export const proposalLength = { min: 20, max: 3000 } as const;
/** $10 to $100,000. */
export const applicationPriceCents = { min: 1_000, max: 10_000_000 } as const;
export const deliveryDaysRange = { min: 1, max: 365 } as const;
export const maxPortfolioModels = 6;
export const deliveryNoteMaxLength = 2000;
export const revisionNoteLength = { min: 1, max: 2000 } as const;
export const maxDeliveryFiles = 10;
export const reviewTextLength = { min: 10, max: 2000 } as const;

export const applicationFields = ['proposal', 'price', 'deliveryDays', 'portfolio'] as const;
export type ApplicationField = (typeof applicationFields)[number];
export type ApplicationError =
  | 'required'
  | 'proposal_short'
  | 'proposal_long'
  | 'price_format'
  | 'price_range'
  | 'days_format'
  | 'days_range'
  | 'portfolio_count'
  | 'invalid_choice';

export interface ApplicationInput {
  proposal: string;
  priceCents: number;
  deliveryDays: number;
  portfolioModelIds: number[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Whole days 1–365 typed in a field ('7', ' 14 '), or null. */
export function parseDeliveryDays(value: unknown): number | null {
  const raw = typeof value === 'number' ? String(value) : text(value);
  if (!/^\d{1,4}$/.test(raw)) return null;
  return Number(raw);
}

export function validateApplication(
  input: Record<string, unknown>,
):
  | { ok: true; value: ApplicationInput }
  | { ok: false; fieldErrors: Partial<Record<ApplicationField, ApplicationError>> } {
  const errors: Partial<Record<ApplicationField, ApplicationError>> = {};
  const proposal = text(input.proposal);
  if (proposal === '') errors.proposal = 'required';
  else if (proposal.length < proposalLength.min) errors.proposal = 'proposal_short';
  else if (proposal.length > proposalLength.max) errors.proposal = 'proposal_long';

  const priceText = typeof input.price === 'number' ? String(input.price) : text(input.price);
  const priceCents = priceText === '' ? null : parsePriceCents(priceText);
  if (priceText === '') errors.price = 'required';
  else if (priceCents === null) errors.price = 'price_format';
  else if (priceCents < applicationPriceCents.min || priceCents > applicationPriceCents.max)
    errors.price = 'price_range';

  const daysText =
    typeof input.deliveryDays === 'number' ? String(input.deliveryDays) : text(input.deliveryDays);
  const deliveryDays = daysText === '' ? null : parseDeliveryDays(daysText);
  if (daysText === '') errors.deliveryDays = 'required';
  else if (deliveryDays === null) errors.deliveryDays = 'days_format';
  else if (deliveryDays < deliveryDaysRange.min || deliveryDays > deliveryDaysRange.max)
    errors.deliveryDays = 'days_range';

  const rawPortfolio = Array.isArray(input.portfolio) ? input.portfolio : [];
  const portfolioModelIds = [...new Set(rawPortfolio.map((v) => Number(v)))];
  if (portfolioModelIds.some((id) => !Number.isSafeInteger(id) || id <= 0))
    errors.portfolio = 'invalid_choice';
  else if (portfolioModelIds.length > maxPortfolioModels) errors.portfolio = 'portfolio_count';

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: { proposal, priceCents: priceCents!, deliveryDays: deliveryDays!, portfolioModelIds },
  };
}

export const acceptInputSchema = z.object({
  idempotencyKey: idempotencyKeySchema,
  card: cardInputSchema,
});

export const revisionInputSchema = z.object({
  note: z.string().trim().min(revisionNoteLength.min).max(revisionNoteLength.max),
});

export const deliveryInputSchema = z.object({
  note: z.string().trim().max(deliveryNoteMaxLength),
  files: z.array(z.string().max(2000)).min(1).max(maxDeliveryFiles),
});

export const disputeInputSchema = z.object({
  note: z.string().trim().max(deliveryNoteMaxLength).optional(),
});

export const reviewInputSchema = z.object({
  positive: z.boolean(),
  rating: z.number().int().min(1).max(5),
  body: z.string().trim().min(reviewTextLength.min).max(reviewTextLength.max),
});

export const customRequestsInputSchema = z.object({ accepts: z.boolean() });

/** A zod refusal as the field errors a form shows (field → key). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (fieldErrors[field]) continue;
    fieldErrors[field] =
      issue.code === 'too_small' ? 'too_short' : issue.code === 'too_big' ? 'too_long' : 'invalid';
  }
  return fieldErrors;
}

export type AcceptOutcome =
  | { status: 'accepted'; orderId: number }
  | { status: 'failed'; orderId: number; failure: { kind: 'declined' | 'failed'; code: string } };

export interface ApplicationDto {
  id: number;
  projectId: number;
  projectTitle: string;
  projectOwnerId: number;
  projectStatus: ProjectStatus;
  designerId: number;
  designerUsername: string;
  designerDisplayName: string | null;
  designerAvatarKey: string | null;
  designerRating: number;
  designerRatingCount: number;
  designerProjectsDone: number;
  proposal: string;
  priceCents: number;
  deliveryDays: number;
  status: ApplicationStatus;
  createdAt: Date;
  updatedAt: Date;
  portfolioModelIds: number[];
}

export interface PortfolioChoiceDto {
  id: number;
  title: string;
}

export interface DeliveryFileDto {
  id: number;
  fileName: string;
  sizeBytes: number;
}

export interface WorkMessageDto {
  id: number;
  kind: 'delivery' | 'revision_request' | 'approval' | 'system' | 'text';
  senderId: number | null;
  body: string;
  createdAt: Date;
  files: DeliveryFileDto[];
}

export interface ProjectWorkDto {
  projectId: number;
  title: string;
  ownerId: number;
  designerId: number;
  designerUsername: string;
  ownerUsername: string;
  status: ProjectStatus;
  priceCents: number;
  dueAt: Date | null;
  revisions: number;
  conversationId: number | null;
  completedAt: Date | null;
  reviewedBy: number[];
}

export interface EarningDto {
  projectId: number | null;
  projectTitle: string | null;
  grossCents: number;
  feeCents: number;
  netCents: number;
  createdAt: Date;
}
