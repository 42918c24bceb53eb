import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { siteName } from '@/lib/site';

import { footerColumns, visibleEntries } from './menus';
import styles from './site-footer.module.css';

type FooterKey =
  | 'aboutUs'
  | 'contacts'
  | 'support'
  | 'press'
  | 'careers'
  | 'blog'
  | 'freeModels'
  | 'businessAccount'
  | 'sell'
  | 'datasets'
  | 'designers';

/** The footer on every page: spec §2 links (existing features only) and the newsletter (`newsletter`). */
export async function SiteFooter({ locale, newsletter }: { locale: Locale; newsletter: ReactNode }) {
  const t = await getTranslations('layout.Footer');
  return (
    <footer className={styles.footer}>
      <div className="container">
        <div className={styles.newsletter}>{newsletter}</div>
      </div>
      <div className="container">
        <div className={styles.inner}>
          <div className={styles.about}>
            <p className={styles.brand}>{siteName}</p>
            <p>{t('tagline')}</p>
            <p className={styles.muted}>{t('openSource')}</p>
          </div>
          {footerColumns.map((column) => (
            <nav key={column.key} aria-labelledby={`footer-${column.key}`}>
              <p id={`footer-${column.key}`} className={styles.heading}>
                {t(column.key)}
              </p>
              <ul>
                {visibleEntries(column.entries, locale).map((entry) => (
                  <li key={entry.key}>
                    <a href={`${localizedHref(locale, entry.target)}${entry.hash ? `#${entry.hash}` : ''}`}>
                      {t(entry.key as FooterKey)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={styles.bottom}>
          <p>{t('copyright', { year: new Date().getUTCFullYear(), site: siteName })}</p>
          <p>{t('pricesNote')}</p>
        </div>
      </div>
    </footer>
  );
}
