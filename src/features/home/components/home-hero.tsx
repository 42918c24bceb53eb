import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { marketingFigures } from '@/lib/site';

import { heroBreakpoints, heroImages, heroTrendingSearches } from '../home-config';
import styles from './home-hero.module.css';

/**
 * Spec §1 hero: title, the search box, trending searches (English only), the artwork's credit, and a
 * responsive background loaded eagerly (it is the largest paint).
 */
export async function HomeHero({
  locale,
  search,
  artistUsername,
}: {
  locale: Locale;
  search: ReactNode;
  artistUsername: string | null;
}) {
  const t = await getTranslations('home.Hero');
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <HeroImagePreloads />
      <picture className={styles.background}>
        <source
          media={`(min-width: ${heroBreakpoints.desktop}px)`}
          srcSet={heroImages.desktop.src}
          width={heroImages.desktop.width}
          height={heroImages.desktop.height}
        />
        <source
          media={`(min-width: ${heroBreakpoints.desktopSmall}px)`}
          srcSet={heroImages.desktopSmall.src}
          width={heroImages.desktopSmall.width}
          height={heroImages.desktopSmall.height}
        />
        <source
          media={`(min-width: ${heroBreakpoints.tablet}px)`}
          srcSet={heroImages.tablet.src}
          width={heroImages.tablet.width}
          height={heroImages.tablet.height}
        />
        <img
          src={heroImages.mobile.src}
          width={heroImages.mobile.width}
          height={heroImages.mobile.height}
          alt=""
          loading="eager"
          fetchPriority="high"
          // Decoded with the frame that shows it: async decoding lets the first paint go without it.
          decoding="sync"
        />
      </picture>
      <div className={`container ${styles.content}`}>
        <h1 id="hero-title" className={styles.title}>
          {t('title')}
        </h1>
        <p className={styles.subtitle}>{t('subtitle', { models: marketingFigures.models })}</p>
        <div className={styles.search}>{search}</div>
        {locale === 'en' && (
          <nav className={styles.trending} aria-label={t('trendingSearches')}>
            <span className={styles.trendingLabel}>{t('trendingSearches')}</span>
            <ul>
              {heroTrendingSearches.map((keywords) => (
                <li key={keywords}>
                  <a className={styles.chip} href={localizedHref(locale, '/search', { keywords })}>
                    {keywords}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {artistUsername && (
          <p className={styles.credit}>
            {t.rich('artworkCredit', {
              artist: () => (
                <a
                  href={localizedHref(locale, {
                    pathname: '/designers/[username]',
                    params: { username: artistUsername },
                  })}
                >
                  {artistUsername}
                </a>
              ),
            })}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * The <picture> is the largest paint, but the browser finds it only after the inlined CSS. One preload
 * per source, with mutually exclusive media queries, starts the right file from the <head>: React
 * places a rendered <link> there. (`preload()` from react-dom only reached the browser as a hint in the
 * RSC payload, acted on after hydration.)
 */
function HeroImagePreloads() {
  const { desktop, desktopSmall, tablet } = heroBreakpoints;
  const below = (px: number) => `(max-width: ${px - 0.02}px)`;
  const sources = [
    { src: heroImages.desktop.src, media: `(min-width: ${desktop}px)` },
    { src: heroImages.desktopSmall.src, media: `(min-width: ${desktopSmall}px) and ${below(desktop)}` },
    { src: heroImages.tablet.src, media: `(min-width: ${tablet}px) and ${below(desktopSmall)}` },
    { src: heroImages.mobile.src, media: below(tablet) },
  ];
  return sources.map(({ src, media }) => (
    <link key={src} rel="preload" as="image" href={src} media={media} fetchPriority="high" />
  ));
}
