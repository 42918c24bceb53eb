/** What a designer may offer (decision 0037): pure, shared by the offer form and the server. */
import { parsePriceCents } from '@/lib/money';

/** The lowest price one can offer: below it the card fees would eat the sale. */
export const minOfferCents = 50;
/** Offers a designer may make per hour. */
export const offersPerHour = 30;

export type OfferPriceError = 'required' | 'invalid' | 'too_low' | 'too_high';

/**
 * A typed price ('12', '12.50', '$1,200') checked against the model's list price: at least
 * `minOfferCents`, at most the list price (an offer is a better price, never a worse one).
 */
export function checkOfferPrice(
  input: unknown,
  listPriceCents: number,
): { ok: true; cents: number } | { ok: false; error: OfferPriceError } {
  const text = typeof input === 'string' ? input : typeof input === 'number' ? String(input) : '';
  if (text.trim() === '') return { ok: false, error: 'required' };
  const cents = parsePriceCents(text);
  if (cents === null) return { ok: false, error: 'invalid' };
  if (cents < minOfferCents) return { ok: false, error: 'too_low' };
  if (cents > listPriceCents) return { ok: false, error: 'too_high' };
  return { ok: true, cents };
}

/** Whether an offer can still be accepted or charged at `now`. */
export function offerIsLive(offer: { expiresAt: Date | string }, now: Date): boolean {
  return new Date(offer.expiresAt).getTime() > now.getTime();
}
