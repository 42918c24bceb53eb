import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';
import { siteName } from '@/lib/site';

import { LocaleSwitcher } from './locale-switcher';
import styles from './site-header.module.css';

export async function SiteHeader() {
  const t = await getTranslations('layout.Header');
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <Link href="/" className={styles.logo} aria-label={t('home')}>
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
            <path d="M16 2 29 9v14l-13 7L3 23V9z" fill="#2b50d8" />
            <path d="M16 2 29 9l-13 7L3 9z" fill="#6a8bff" />
            <path d="M16 16v14l13-7V9z" fill="#1d3aa8" />
          </svg>
          <span>{siteName}</span>
        </Link>
        <nav aria-label={t('mainNavigation')} className={styles.nav}>
          <Link href="/3d-models">{t('models')}</Link>
          <Link href="/3d-print-models">{t('printModels')}</Link>
        </nav>
        <LocaleSwitcher />
      </div>
    </header>
  );
}
