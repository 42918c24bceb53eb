import { getTranslations } from 'next-intl/server';

import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import { LogOutButton } from './log-out-button';

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
