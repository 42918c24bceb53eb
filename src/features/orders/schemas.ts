import { z } from 'zod';

import { cardInputSchema, idempotencyKeySchema } from './card-input';

/** POST /api/internal/checkout: the client's idempotency key, the cart's options and the card. */
export const checkoutInputSchema = z.object({
  idempotencyKey: idempotencyKeySchema,
  couponCode: z
    .string()
    .trim()
    .max(40)
    .transform((v) => (v === '' ? null : v.toUpperCase()))
    .nullish(),
  useCredits: z.boolean().default(false),
  /** The total the buyer saw; a different total now (a sale ended, prices changed) is a conflict. */
  expectedTotalCents: z.number().int().min(0).optional(),
  card: cardInputSchema.optional(),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

export interface OrderLineDto {
  id: number;
  modelId: number;
  designerId: number;
  title: string;
  licence: string;
  priceCents: number;
  saleDiscountCents: number;
  couponDiscountCents: number;
  creditsCents: number;
  finalCents: number;
}

export interface OrderDto {
  id: number;
  userId: number;
  status: 'pending' | 'paid' | 'fulfilled' | 'failed' | 'refunded';
  subtotalCents: number;
  saleDiscountCents: number;
  couponCode: string | null;
  couponDiscountCents: number;
  creditsCents: number;
  totalCents: number;
  failureReason: string | null;
  createdAt: Date;
  paidAt: Date | null;
  lines: OrderLineDto[];
  pointsEarnedCents: number;
}

export type CheckoutOutcome =
  | { status: 'fulfilled' | 'pending'; orderId: number }
  | { status: 'failed'; orderId: number; failure: { kind: 'declined' | 'failed'; code: string } };

/** A file the user may download: its signed link, and (in a format a slicer opens) its slicer link. */
export interface DownloadFile {
  id: number;
  fileName: string;
  format: string;
  sizeBytes: number;
  href: string;
  /** Absolute, and good without a session for fifteen minutes (decision 0059). */
  slicerUrl: string | null;
}

/** A free model downloaded in one click: its order, and signed links to its files for this user. */
export interface FreeDownloadDto {
  orderId: number;
  files: DownloadFile[];
}
