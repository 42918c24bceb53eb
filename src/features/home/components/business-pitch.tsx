import { getTranslations } from 'next-intl/server';

import { Icon } from '@/components/ui/icon';
import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { marketingFigures } from '@/lib/site';

import styles from './business-pitch.module.css';

/** Spec §1 business account pitch: sharing, payments, licensing; shared library; by application. */
export async function BusinessPitch({ locale }: { locale: Locale }) {
  const t = await getTranslations('home.Business');
  const points = [
    ['sharing', t('sharing'), t('sharingText')],
    ['payments', t('payments'), t('paymentsText')],
    ['licensing', t('licensing'), t('licensingText')],
  ] as const;
  return (
    <section className={`container ${styles.section}`} aria-labelledby="business-title">
      <div className={styles.panel}>
        <div className={styles.text}>
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h2 id="business-title">{t('title')}</h2>
          <p className={styles.description}>
            {t('description', { assets: marketingFigures.businessAssets })}
          </p>
          <ul className={styles.points}>
            {points.map(([key, title, text]) => (
              <li key={key}>
                <Icon name="check" size={20} />
                <span>
                  <strong>{title}</strong> {text}
                </span>
              </li>
            ))}
          </ul>
          <p className={styles.access}>{t('access')}</p>
          <a className="button" href={localizedHref(locale, '/business-account')}>
            {t('apply')}
          </a>
        </div>
        <img
          className={styles.picture}
          src="/images/home/business-team.svg"
          width={480}
          height={360}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </div>
    </section>
  );
}
