/** Spec §5/§9: a cart holds at most 500 items. */
export const cartItemLimit = 500;

/** Who a cart belongs to: a signed-in user, or a guest's session. */
export type CartOwner = { userId: number } | { sessionId: string };

/** The cart of a visitor: the user's once signed in, else the guest session's; none without a session. */
export function cartOwnerOf(
  visitor: { user: { id: number } | null; session: { id: string } } | null,
): CartOwner | null {
  if (!visitor) return null;
  return visitor.user ? { userId: visitor.user.id } : { sessionId: visitor.session.id };
}

/** The answer to "add to cart" (spec §8 messages, by key). */
export type AddToCartOutcome = 'added' | 'already_in_cart' | 'already_purchased' | 'limit_reached';

/** What a cart line needs for pricing (lib/cart-pricing) and display. */
export interface CartLineDto {
  modelId: number;
  title: string;
  priceCents: number;
  saleDiscountCents: number;
  saleEndsAt: Date | null;
  walletEligible: boolean;
  addedAt: Date;
  /** The price of an offer the buyer accepted for this model (decision 0037), while it lasts. */
  offerCents: number | null;
  offerExpiresAt: Date | null;
}
