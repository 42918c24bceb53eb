import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';

import styles from './sell-call-to-action.module.css';

/**
 * The "Sell 3D models" page's way on to the studio: a seller opens it; a signed-in buyer goes to the
 * studio, which turns selling on; a guest signs up (or logs in) and lands in the studio.
 */
export async function SellCallToAction({ locale, user }: { locale: Locale; user: SessionUser | null }) {
  const t = await getTranslations('studio.SellCallToAction');
  const studio = localizedHref(locale, '/studio');
  const lead = !user ? t('guestLead') : hasRole(user, 'seller') ? t('sellerLead') : t('buyerLead');
  return (
    <section className={styles.box} aria-labelledby="sell-cta-title" data-testid="sell-call-to-action">
      <h2 id="sell-cta-title">{t('title')}</h2>
      <p>{lead}</p>
      <p className={styles.actions}>
        {!user ? (
          <>
            <a className="button" href={localizedHref(locale, '/signup', { next: studio })}>
              {t('signUp')}
            </a>
            <a className="button button-secondary" href={localizedHref(locale, '/login', { next: studio })}>
              {t('logIn')}
            </a>
          </>
        ) : (
          <a className="button" href={studio}>
            {hasRole(user, 'seller') ? t('openStudio') : t('startSelling')}
          </a>
        )}
      </p>
    </section>
  );
}
