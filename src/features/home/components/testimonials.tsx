import { getTranslations } from 'next-intl/server';

import { testimonials } from '../home-config';
import styles from './testimonials.module.css';

/** Spec §1 testimonials: four companies, each with a quote and its author. */
export async function Testimonials() {
  const t = await getTranslations('home.Testimonials');
  return (
    <section className={`container ${styles.section}`} aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">{t('title')}</h2>
      <ul className={styles.list}>
        {testimonials.map(({ slug, logo, imageHeight }) => (
          <li key={slug} className={styles.item} data-testimonial={slug}>
            <figure>
              <img
                src={logo}
                width={(imageHeight * 160) / 48}
                height={imageHeight}
                alt={t(`items.${slug}.company`)}
                loading="lazy"
                decoding="async"
              />
              <blockquote>
                <p>{t(`items.${slug}.quote`)}</p>
              </blockquote>
              <figcaption>{t(`items.${slug}.author`)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
