import { z } from 'zod';

/** The card fields of a payment form (checkout, a custom-model order, a project's agreed price). */
export const cardInputSchema = z.object({
  number: z.string().max(30),
  expiry: z.string().regex(/^\s*\d{1,2}\s*\/\s*\d{2,4}\s*$/, 'must be MM/YY'),
  cvc: z.string().max(4),
});
export type CardFields = z.infer<typeof cardInputSchema>;

/** A client's key for one payment attempt: a retried or double-clicked payment pays once. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\w-]{8,100}$/, 'must be 8 to 100 letters, digits, _ or -');

export function cardOf(card: CardFields) {
  const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()));
  return {
    number: card.number,
    expMonth: month!,
    expYear: year! < 100 ? 2000 + year! : year!,
    cvc: card.cvc,
  };
}
