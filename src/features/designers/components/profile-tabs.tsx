import { useLocale, useTranslations } from 'next-intl';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { QueryParams } from '@/lib/query-string';

import { profileTabs, type ProfileTab } from '../schemas';
import styles from './profile-tabs.module.css';

/** The URL of a profile tab (the default tab has none of `?tab=`). */
export function profileTabHref(
  locale: Locale,
  username: string,
  tab: ProfileTab,
  query: QueryParams = {},
): string {
  return localizedHref(
    locale,
    { pathname: '/designers/[username]', params: { username } },
    { tab: tab === profileTabs[0] ? null : tab, ...query },
  );
}

/**
 * The profile's tabs as a navigation of links: every tab is its own server-rendered, linkable page;
 * the current one is marked with aria-current.
 */
export function ProfileTabs({ username, active }: { username: string; active: ProfileTab }) {
  const t = useTranslations('designers.Tabs');
  const locale = useLocale() as Locale;
  return (
    <nav aria-label={t('label')} className={styles.tabs}>
      <ul>
        {profileTabs.map((tab) => (
          <li key={tab}>
            <a
              href={profileTabHref(locale, username, tab)}
              aria-current={tab === active ? 'page' : undefined}
            >
              {t(tab)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
