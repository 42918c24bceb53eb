import { preferenceCookiePrefix } from '@/lib/preference-cookie';

/**
 * How a listing shows its cards (spec §2 listing page, "card size and visibility"): large or small
 * cards, with or without their details (title, designer, price, formats). A visitor's choice, kept in
 * a cookie so the server renders the grid the same way on the next page (decision 0015).
 */
export const cardSizes = ['large', 'small'] as const;
export type CardSize = (typeof cardSizes)[number];

export interface CardDisplay {
  size: CardSize;
  details: boolean;
}

export const defaultCardDisplay: CardDisplay = { size: 'large', details: true };
export const cardDisplayCookie = `${preferenceCookiePrefix}listing_cards`;
/** A year: a display preference, not a session. */
export const cardDisplayCookieMaxAge = 365 * 24 * 60 * 60;

/** `large.details`, `small.pictures`…; anything else is the default. */
export function parseCardDisplay(value: string | undefined): CardDisplay {
  const [size, details] = (value ?? '').split('.');
  return {
    size: (cardSizes as readonly string[]).includes(size ?? '')
      ? (size as CardSize)
      : defaultCardDisplay.size,
    details: details === 'pictures' ? false : defaultCardDisplay.details,
  };
}

export function serializeCardDisplay(display: CardDisplay): string {
  return `${display.size}.${display.details ? 'details' : 'pictures'}`;
}
