import { getTranslations } from 'next-intl/server';

import { brandLogos } from '../home-config';
import styles from './brand-strip.module.css';

/** Spec §1/§9: the trusted-brand strip, 11 logos of 100×48. */
export async function BrandStrip() {
  const t = await getTranslations('home.Brands');
  return (
    <section className={`container ${styles.section}`} aria-labelledby="brands-title">
      <h2 id="brands-title" className={styles.title}>
        {t('title')}
      </h2>
      <ul className={styles.logos}>
        {brandLogos.map((logo) => (
          <li key={logo.src}>
            <img src={logo.src} width={100} height={48} alt={logo.name} loading="lazy" decoding="async" />
          </li>
        ))}
      </ul>
    </section>
  );
}
