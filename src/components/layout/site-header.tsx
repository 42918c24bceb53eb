import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { siteName } from '@/lib/site';

import { DisclosureMenu } from './disclosure-menu';
import { LocaleSwitcher } from './locale-switcher';
import {
  communityMenu,
  type MenuRole,
  publicProfileTarget,
  userMenuEntries,
  userMenus,
  visibleEntries,
} from './menus';
import styles from './site-header.module.css';

/** The signed-in user as the header shows them: the name, and the roles whose menu entries they get. */
export interface HeaderUser {
  username: string;
  roles: readonly MenuRole[];
}

/**
 * The header on every page: logo, the search box (`search`), models / print models / community
 * navigation, the language switcher, the widgets (cart, points) and the user menu of spec §2 for the
 * visitor's roles; `logOut` is the signed-in menu's last entry.
 */
export async function SiteHeader({
  locale,
  search,
  widgets,
  user,
  logOut,
}: {
  locale: Locale;
  search: ReactNode;
  widgets?: ReactNode;
  user: HeaderUser | null;
  logOut?: ReactNode;
}) {
  const t = await getTranslations('layout');
  const community = visibleEntries(communityMenu, locale);
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <a
          href={localizedHref(locale, '/')}
          className={styles.logo}
          aria-label={`${siteName} – ${t('Header.home')}`}
        >
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
            <path d="M16 2 29 9v14l-13 7L3 23V9z" fill="#2b50d8" />
            <path d="M16 2 29 9l-13 7L3 9z" fill="#6a8bff" />
            <path d="M16 16v14l13-7V9z" fill="#1d3aa8" />
          </svg>
          <span>{siteName}</span>
        </a>
        <div className={styles.search}>{search}</div>
        <nav aria-label={t('Header.mainNavigation')} className={styles.nav}>
          <ul>
            <li>
              <a href={localizedHref(locale, '/3d-models')}>{t('Header.models')}</a>
            </li>
            <li>
              <a href={localizedHref(locale, '/3d-print-models')}>{t('Header.printModels')}</a>
            </li>
            <li>
              <a href={localizedHref(locale, '/3d-modeling-jobs')}>{t('Header.freelance')}</a>
            </li>
            <li>
              <DisclosureMenu
                className={styles.menu}
                summaryClassName={styles.menuButton}
                summary={t('Header.community')}
              >
                <ul className={styles.dropdown} aria-label={t('Header.communityMenu')}>
                  {community.map((entry) => (
                    <li key={entry.key}>
                      <a href={localizedHref(locale, entry.target)}>
                        {t(`CommunityMenu.${entry.key as 'designers' | 'blog' | 'sell'}`)}
                      </a>
                    </li>
                  ))}
                </ul>
              </DisclosureMenu>
            </li>
          </ul>
        </nav>
        <div className={styles.tools}>
          <LocaleSwitcher locale={locale} />
          {widgets}
          <DisclosureMenu
            className={`${styles.menu} ${styles.userMenu}`}
            summaryClassName={styles.iconButton}
            summary={
              <>
                <svg
                  width="22"
                  height="22"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <circle cx="12" cy="8" r="4" />
                  <path d="M4 21a8 8 0 0 1 16 0" />
                </svg>
                <span className="visually-hidden">{t('Header.userMenu')}</span>
              </>
            }
          >
            {user ? (
              <div className={`${styles.dropdown} ${styles.dropdownEnd}`}>
                <p className={styles.signedInAs}>{t('UserMenu.signedInAs', { username: user.username })}</p>
                <ul className={styles.userLinks}>
                  {userMenuEntries(user.roles).map((entry) => (
                    <li key={entry.key}>
                      <a href={localizedHref(locale, entry.target, entry.query)}>
                        {t(`UserMenu.${entry.key as 'wishlist'}`)}
                      </a>
                    </li>
                  ))}
                  <li>
                    <a href={localizedHref(locale, publicProfileTarget(user.username))}>
                      {t('UserMenu.publicProfile')}
                    </a>
                  </li>
                  <li>{logOut}</li>
                </ul>
              </div>
            ) : (
              <div className={`${styles.dropdown} ${styles.dropdownEnd}`}>
                <ul className={styles.userLinks}>
                  {userMenus.guest.map((entry) => (
                    <li key={entry.key}>
                      <a href={localizedHref(locale, entry.target)}>
                        {t(`UserMenu.${entry.key as 'signUp'}`)}
                      </a>
                    </li>
                  ))}
                </ul>
                <p className={styles.teaserTitle}>{t('GuestMenu.creditsTeaserTitle')}</p>
                <p className={styles.teaser}>{t('GuestMenu.creditsTeaser')}</p>
              </div>
            )}
          </DisclosureMenu>
        </div>
      </div>
    </header>
  );
}
