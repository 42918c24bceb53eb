import { z } from 'zod';

/** POST /api/internal/checkout: the client's idempotency key, the cart's options and the card. */
export const checkoutInputSchema = z.object({
  idempotencyKey: z.string().regex(/^[\w-]{8,100}$/, 'must be 8 to 100 letters, digits, _ or -'),
  couponCode: z
    .string()
    .trim()
    .max(40)
    .transform((v) => (v === '' ? null : v.toUpperCase()))
    .nullish(),
  useCredits: z.boolean().default(false),
  /** The total the buyer saw; a different total now (a sale ended, prices changed) is a conflict. */
  expectedTotalCents: z.number().int().min(0).optional(),
  card: z
    .object({
      number: z.string().max(30),
      expiry: z.string().regex(/^\s*\d{1,2}\s*\/\s*\d{2,4}\s*$/, 'must be MM/YY'),
      cvc: z.string().max(4),
    })
    .optional(),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

export function cardOf(card: NonNullable<CheckoutInput['card']>) {
  const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()));
  return {
    number: card.number,
    expMonth: month!,
    expYear: year! < 100 ? 2000 + year! : year!,
    cvc: card.cvc,
  };
}

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
