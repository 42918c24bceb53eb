/** The add-to-cart button tells the header's cart widget the new count through this DOM event. */
export const cartCountEvent = 'marketplace:cart-count';

export function announceCartCount(count: number): void {
  window.dispatchEvent(new CustomEvent(cartCountEvent, { detail: count }));
}
