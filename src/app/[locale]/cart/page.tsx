import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { CartView } from '@/features/cart/components/cart-view';
import { cartOwnerOf } from '@/features/cart/schemas';
import { getPricedCart } from '@/features/cart/server/queries';
import { findRecentlyViewedModelIds, findWishlistModelIds } from '@/features/cart/server/repository';
import { ModelGrid } from '@/features/catalog/components/model-grid';
import { CartLicenceTerms } from '@/features/catalog/components/custom-licence-terms';
import { getCustomLicenceTerms, getModelCardsByIds } from '@/features/catalog/server/queries';
import { CheckoutForm } from '@/features/orders/components/checkout-form';
import { checkoutTexts } from '@/features/orders/components/checkout-texts';
import { pricingRules } from '@/features/orders/server/api';
import { getValidCoupon } from '@/features/orders/server/queries';
import { getPointsAccount } from '@/features/points/server/queries';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { formatPrice } from '@/lib/money';
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

/** The cart (guests too), its coupon and credits, the payment; the wishlist and recently viewed below. */
export default async function CartPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const [query, t, visitor] = await Promise.all([
    searchParams,
    getTranslations('cart.Page'),
    currentVisitor(),
  ]);
  const now = new Date();
  const user = visitor?.user ?? null;

  const couponInput = typeof query.coupon === 'string' ? query.coupon.trim().slice(0, 40) : '';
  const useCredits = user !== null && query.credits === '1';
  const [coupon, points] = await Promise.all([
    couponInput ? getValidCoupon(couponInput, now) : null,
    user ? getPointsAccount(user.id) : null,
  ]);
  const creditsBalanceCents = points?.balanceCents ?? 0;
  const [cart, wishlist, recent, checkoutFormTexts] = await Promise.all([
    getPricedCart(cartOwnerOf(visitor), { creditsBalanceCents, useCredits, coupon, now }),
    user ? findWishlistModelIds(user.id, 8).then((ids) => getModelCardsByIds(locale, ids)) : [],
    user ? findRecentlyViewedModelIds(user.id, 8).then((ids) => getModelCardsByIds(locale, ids)) : [],
    user ? checkoutTexts() : null,
  ]);
  const cards = new Map(
    (
      await getModelCardsByIds(
        locale,
        cart.lines.map((l) => l.modelId),
      )
    ).map((c) => [c.id, c]),
  );
  const cartPath = getPathname({ locale, href: '/cart' });
  const licenceTerms = await getCustomLicenceTerms(cart.lines.map((l) => l.modelId));

  const checkout = checkoutFormTexts ? (
    <CheckoutForm
      totalCents={cart.pricing.totalCents}
      totalText={formatPrice(cart.pricing.totalCents)}
      couponCode={coupon?.code ?? null}
      useCredits={useCredits}
      orderPathPrefix={getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: '' } } })}
      testCards={checkoutFormTexts.testCards}
      labels={checkoutFormTexts.labels}
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
        lines={cart.lines}
        cards={cards}
        pricing={cart.pricing}
        now={now}
        coupon={coupon}
        couponInvalid={couponInput !== '' && coupon === null}
        couponInput={couponInput}
        useCredits={useCredits}
        creditsBalanceCents={creditsBalanceCents}
        creditsMinimumCents={pricingRules().creditsMinCartCents}
        signedIn={user !== null}
        checkout={
          <>
            <CartLicenceTerms models={licenceTerms} />
            {checkout}
          </>
        }
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
