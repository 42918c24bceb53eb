import { getTranslations } from 'next-intl/server';

import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import { routing, type Locale } from '@/i18n/routing';
import { buildHref } from '@/lib/query-string';

import { imageBreakpoints, promoBannerImages } from '../home-config';
import styles from './promo-banner.module.css';

type StaticPathname = Exclude<keyof typeof routing.pathnames, `${string}[${string}`>;
const staticPathnames = new Set(Object.keys(routing.pathnames).filter((p) => !p.includes('[')));

/** The banner's configured path (`PROMO_BANNER_PATH`), localized when it is one of the app's pages. */
function bannerHref(locale: Locale): string {
  const url = new URL(env.PROMO_BANNER_PATH, 'http://localhost');
  const path = staticPathnames.has(url.pathname)
    ? getPathname({ locale, href: url.pathname as StaticPathname })
    : url.pathname;
  return `${buildHref(path)}${url.search}`;
}

/** Spec §2 promotional banner: a configurable path, responsive images for mobile, tablet and desktop. */
export async function PromoBanner({ locale }: { locale: Locale }) {
  const t = await getTranslations('home.PromoBanner');
  const { desktop, tablet, mobile } = promoBannerImages;
  return (
    <section className={`container ${styles.section}`} aria-labelledby="promo-title">
      <a className={styles.banner} href={bannerHref(locale)}>
        <picture className={styles.picture}>
          <source
            media={`(min-width: ${imageBreakpoints.desktop}px)`}
            srcSet={desktop.src}
            width={desktop.width}
            height={desktop.height}
          />
          <source
            media={`(min-width: ${imageBreakpoints.tablet}px)`}
            srcSet={tablet.src}
            width={tablet.width}
            height={tablet.height}
          />
          <img
            src={mobile.src}
            width={mobile.width}
            height={mobile.height}
            alt=""
            loading="lazy"
            decoding="async"
          />
        </picture>
        <span className={styles.text}>
          <h2 id="promo-title" className={styles.title}>
            {t('title')}
          </h2>
          <span className={styles.subtitle}>{t('text')}</span>
          <span className={styles.cta}>{t('cta')}</span>
        </span>
      </a>
    </section>
  );
}
