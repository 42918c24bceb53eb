import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { CartView } from '@/features/cart/components/cart-view';
import {
  getPricedCart,
  getRecentlyViewedModelIds,
  getWishlistModelIds,
} from '@/features/cart/server/queries';
import { ModelGrid } from '@/features/catalog/components/model-grid';
import { getModelCardsByIds } from '@/features/catalog/server/queries';
import { CheckoutForm, type CheckoutLabels } from '@/features/orders/components/checkout-form';
import { getTestCards, getValidCoupon } from '@/features/orders/server/queries';
import { getPointsAccount } from '@/features/points/server/queries';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { formatPrice } from '@/lib/money';
import { pricingRules } from '@/features/orders/server/commerce-rules';
import { currentVisitor } from '@/server/auth/visitor';

import { localeOf } from '../route-params';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cart.Page');
  return { title: t('metaTitle'), robots: { index: false } };
}

const failureKeys = [
  'declined_card_declined',
  'declined_insufficient_funds',
  'declined_expired_card',
  'declined_incorrect_cvc',
  'declined_incorrect_number',
  'failed_processing_error',
  'failed_provider_unavailable',
] as const;

async function checkoutLabels(): Promise<CheckoutLabels> {
  const t = await getTranslations('orders.Checkout');
  const plain = [
    'title',
    'cardNumber',
    'expiry',
    'cvc',
    'placeOrder',
    'paying',
    'testCards',
    'testCardsNote',
    'conflict',
    'failed',
  ] as const;
  return {
    ...(Object.fromEntries(plain.map((k) => [k, t(k)])) as Record<(typeof plain)[number], string>),
    pay: t.raw('pay') as string,
    failures: Object.fromEntries(failureKeys.map((k) => [k, t(k)])),
  };
}

/** The cart (guests too), its coupon and credits, the payment; the wishlist and recently viewed below. */
export default async function CartPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const query = await searchParams;
  const t = await getTranslations('cart.Page');
  const tCheckout = await getTranslations('orders.Checkout');
  const now = new Date();
  const visitor = await currentVisitor();
  const user = visitor?.user ?? null;
  const owner = user ? { userId: user.id } : visitor ? { sessionId: visitor.session.id } : null;

  const couponInput = typeof query.coupon === 'string' ? query.coupon.trim().slice(0, 40) : '';
  const coupon = couponInput ? await getValidCoupon(couponInput, now) : null;
  const useCredits = user !== null && query.credits === '1';
  const points = user ? await getPointsAccount(user.id) : null;
  const cart = await getPricedCart(owner, {
    creditsBalanceCents: points?.balanceCents ?? 0,
    useCredits,
    coupon,
    now,
  });
  const { lines } = cart;
  const cards = new Map(
    (
      await getModelCardsByIds(
        locale,
        lines.map((l) => l.modelId),
      )
    ).map((c) => [c.id, c]),
  );
  const [wishlist, recent] = user
    ? await Promise.all([
        getWishlistModelIds(user.id, 8).then((ids) => getModelCardsByIds(locale, ids)),
        getRecentlyViewedModelIds(user.id, 8).then((ids) => getModelCardsByIds(locale, ids)),
      ])
    : [[], []];
  const cartPath = getPathname({ locale, href: '/cart' });

  const checkout = user ? (
    <CheckoutForm
      totalCents={cart.pricing.totalCents}
      totalText={formatPrice(cart.pricing.totalCents)}
      couponCode={coupon?.code ?? null}
      useCredits={useCredits}
      orderPathPrefix={getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: '' } } })}
      testCards={
        getTestCards()?.map((c) => ({
          number: c.number,
          outcome: tCheckout(`outcome_${c.outcome as 'succeeded'}`),
        })) ?? null
      }
      labels={await checkoutLabels()}
    />
  ) : (
    <>
      <p>{t('guestNote')}</p>
      <a className="button" href={localizedHref(locale, '/login', { next: cartPath })}>
        {t('logInToBuy')}
      </a>
      <a className="button button-secondary" href={localizedHref(locale, '/signup', { next: cartPath })}>
        {t('signUpToBuy')}
      </a>
    </>
  );

  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <CartView
        locale={locale}
        lines={lines}
        cards={cards}
        pricing={cart.pricing}
        now={now}
        coupon={coupon}
        couponInvalid={couponInput !== '' && coupon === null}
        couponInput={couponInput}
        useCredits={useCredits}
        creditsBalanceCents={points?.balanceCents ?? 0}
        creditsMinimumCents={pricingRules().creditsMinCartCents}
        signedIn={user !== null}
        checkout={checkout}
      />
      {wishlist.length > 0 && (
        <section aria-labelledby="cart-wishlist">
          <h2 id="cart-wishlist" className="section-title">
            {t('wishlist')}
          </h2>
          <ModelGrid models={wishlist} eagerCount={0} />
        </section>
      )}
      {recent.length > 0 && (
        <section aria-labelledby="cart-recent">
          <h2 id="cart-recent" className="section-title">
            {t('recentlyViewed')}
          </h2>
          <ModelGrid models={recent} eagerCount={0} />
        </section>
      )}
    </div>
  );
}
