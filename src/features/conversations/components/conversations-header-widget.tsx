import { getTranslations } from 'next-intl/server';

import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { SessionUser } from '@/server/auth/session';

import { selectUnreadTotal } from '../server/repository';
import { ConversationsWidget } from './conversations-widget';

/** The header's conversations widget (spec §2): the unread count, refreshed by polling. */
export async function ConversationsHeaderWidget({ locale, user }: { locale: Locale; user: SessionUser }) {
  const [t, count] = await Promise.all([getTranslations('conversations.Widget'), selectUnreadTotal(user.id)]);
  return (
    <ConversationsWidget
      href={getPathname({ locale, href: '/conversations' })}
      initialCount={count}
      labels={{ labelNone: t('labelNone'), labelOne: t.raw('labelOne'), labelOther: t.raw('labelOther') }}
    />
  );
}
