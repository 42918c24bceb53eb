import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import styles from './listing-banners.module.css';

/**
 * The listing's footer banners (spec §2 listing page): hire a designer on the jobs board for a model
 * the catalogue does not have, then the banners other features add (`children`, each a `<section>`:
 * subscribing to the search).
 */
export async function ListingBanners({ children }: { children?: ReactNode }) {
  const [t, locale] = await Promise.all([getTranslations('catalog.ListingBanners'), getLocale()]);
  return (
    <aside className={styles.banners} aria-label={t('label')}>
      <section className={styles.hire} aria-labelledby="listing-hire-title">
        <h2 id="listing-hire-title">{t('hireTitle')}</h2>
        <p>{t('hireText')}</p>
        <a className="button" href={localizedHref(locale as Locale, '/3d-modeling-jobs')}>
          {t('hireButton')}
        </a>
      </section>
      {children}
    </aside>
  );
}
