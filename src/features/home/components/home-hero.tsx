import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

import styles from './home-hero.module.css';

export async function HomeHero() {
  const t = await getTranslations('home.HomePage');
  return (
    <section className={styles.hero}>
      <div className="container">
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
        <div className={styles.actions}>
          <Link className="button" href="/3d-models">
            {t('browseAll')}
          </Link>
          <Link className="button button-secondary" href="/3d-print-models">
            {t('browsePrint')}
          </Link>
        </div>
      </div>
    </section>
  );
}
