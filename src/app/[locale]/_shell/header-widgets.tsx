import { getTranslations } from 'next-intl/server';

import { LogOutButton } from '@/features/accounts/components/log-out-button';
import { CartWidget } from '@/features/cart/components/cart-widget';
import { getPricedCart } from '@/features/cart/server/queries';
import { ConversationsWidget } from '@/features/conversations/components/conversations-widget';
import { getUnreadTotal } from '@/features/conversations/server/queries';
import { PointsWidget } from '@/features/points/components/points-widget';
import { getPointsAccount } from '@/features/points/server/queries';
import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { SessionUser, Visitor } from '@/server/auth/session';

/**
 * The header's widgets for a visitor: the cart (guests too); once signed in, the conversations and the
 * credits.
 */
export async function HeaderWidgets({ locale, visitor }: { locale: Locale; visitor: Visitor | null }) {
  const now = new Date();
  const user = visitor?.user ?? null;
  const points = user ? await getPointsAccount(user.id) : null;
  const owner = user ? { userId: user.id } : visitor ? { sessionId: visitor.session.id } : null;
  const cart = await getPricedCart(owner, { creditsBalanceCents: points?.balanceCents ?? 0, now });
  return (
    <>
      {user && <Conversations locale={locale} user={user} />}
      {points && <PointsWidget locale={locale} balanceCents={points.balanceCents} />}
      <CartWidget locale={locale} lines={cart.lines} pricing={cart.pricing} now={now} />
    </>
  );
}

/** The conversations widget (spec §2): the unread count, refreshed by polling. */
async function Conversations({ locale, user }: { locale: Locale; user: SessionUser }) {
  const [t, count] = await Promise.all([getTranslations('conversations.Widget'), getUnreadTotal(user)]);
  return (
    <ConversationsWidget
      href={getPathname({ locale, href: '/conversations' })}
      initialCount={count}
      labels={{ labelNone: t('labelNone'), labelOne: t.raw('labelOne'), labelOther: t.raw('labelOther') }}
    />
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
