import { getTranslations } from 'next-intl/server';

import { LogOutButton } from '@/features/accounts/components/log-out-button';
import { CartWidget } from '@/features/cart/components/cart-widget';
import { getPricedCart } from '@/features/cart/server/queries';
import { PointsWidget } from '@/features/points/components/points-widget';
import { getPointsAccount } from '@/features/points/server/queries';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { Visitor } from '@/server/auth/session';

/** The header's widgets for a visitor: the cart (guests too), and the credits once signed in. */
export async function HeaderWidgets({ locale, visitor }: { locale: Locale; visitor: Visitor | null }) {
  const now = new Date();
  const user = visitor?.user ?? null;
  const points = user ? await getPointsAccount(user.id, now) : null;
  const owner = user ? { userId: user.id } : visitor ? { sessionId: visitor.session.id } : null;
  const cart = owner
    ? await getPricedCart(owner, { creditsBalanceCents: points?.balanceCents ?? 0, now })
    : null;
  return (
    <>
      {points && <PointsWidget locale={locale} balanceCents={points.balanceCents} />}
      <CartWidget
        locale={locale}
        lines={cart?.lines ?? []}
        pricing={
          cart?.pricing ?? {
            lines: [],
            subtotalCents: 0,
            saleDiscountCents: 0,
            couponDiscountCents: 0,
            creditsCents: 0,
            totalCents: 0,
            sale: { running: false, applied: false, amountLeftCents: 0, endsAt: null },
            credits: { usableCents: 0, blockedBy: null },
          }
        }
        now={now}
      />
    </>
  );
}

/** The signed-in user menu's last entry. */
export async function HeaderLogOut({ locale }: { locale: Locale }) {
  const t = await getTranslations('layout.UserMenu');
  return (
    <LogOutButton
      label={t('logOut')}
      busyLabel={t('loggingOut')}
      afterHref={getPathname({ locale, href: '/' })}
    />
  );
}
