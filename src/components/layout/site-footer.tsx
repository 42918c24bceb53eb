import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';
import { siteName } from '@/lib/site';

import styles from './site-footer.module.css';

export async function SiteFooter() {
  const t = await getTranslations('layout');
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div>
          <p className={styles.brand}>{siteName}</p>
          <p>{t('Footer.tagline')}</p>
          <p className={styles.muted}>{t('Footer.openSource')}</p>
        </div>
        <nav aria-label={t('Footer.catalogue')}>
          <p className={styles.heading}>{t('Footer.catalogue')}</p>
          <ul>
            <li>
              <Link href="/3d-models">{t('Header.models')}</Link>
            </li>
            <li>
              <Link href="/3d-print-models">{t('Header.printModels')}</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.muted}>{t('Footer.pricesNote')}</p>
      </div>
    </footer>
  );
}
