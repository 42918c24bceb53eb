import { getLocale, getTranslations } from 'next-intl/server';

import { GuestPromptButton } from '@/components/ui/guest-prompt-button';
import { localizedHref } from '@/i18n/navigation';
import { siteAnchors } from '@/lib/site-anchors';

import styles from './listing-banners.module.css';

/**
 * The listing's footer banners (spec §2 listing page): hire a designer for a model the catalogue does
 * not have, and subscribe to the search (shown when the listing is a search or is narrowed).
 */
export async function ListingBanners({ searchable }: { searchable: boolean }) {
  const [t, locale] = await Promise.all([getTranslations('catalog.ListingBanners'), getLocale()]);
  return (
    <aside className={styles.banners} aria-label={t('label')}>
      <section className={`${styles.banner} ${styles.hire}`} aria-labelledby="listing-hire-title">
        <h2 id="listing-hire-title">{t('hireTitle')}</h2>
        <p>{t('hireText')}</p>
        <a className="button" href={`${localizedHref(locale, '/')}#${siteAnchors.customSolutions}`}>
          {t('hireButton')}
        </a>
      </section>
      {searchable && (
        <section className={styles.banner} aria-labelledby="listing-subscribe-title">
          <h2 id="listing-subscribe-title">{t('subscribeTitle')}</h2>
          <p>{t('subscribeText')}</p>
          <div className={styles.subscribe}>
            {/* Subscribing needs an account (decision 0015): a guest is asked to log in. */}
            <GuestPromptButton
              className="button button-secondary"
              label={t('subscribeButton')}
              logInFirst={t('subscribeLogIn')}
            />
          </div>
        </section>
      )}
    </aside>
  );
}
