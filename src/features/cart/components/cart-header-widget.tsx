import type { Locale } from '@/i18n/routing';
import type { Visitor } from '@/server/auth/session';

import { cartOwnerOf } from '../schemas';
import { getPricedCart } from '../server/queries';
import { CartWidget } from './cart-widget';

/** The header's cart, a guest's too, priced with the visitor's credits balance. */
export async function CartHeaderWidget({
  locale,
  visitor,
  creditsBalanceCents,
}: {
  locale: Locale;
  visitor: Visitor | null;
  creditsBalanceCents: number;
}) {
  const now = new Date();
  const cart = await getPricedCart(cartOwnerOf(visitor), { creditsBalanceCents, now });
  return <CartWidget locale={locale} lines={cart.lines} pricing={cart.pricing} now={now} />;
}
