import { getTranslations } from 'next-intl/server';

import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { marketingFigures } from '@/lib/site';

import { maxQueryLength } from '../schemas';
import { ImageSearchTrigger } from './image-search-trigger';
import styles from './search-box.module.css';
import { SearchCombobox } from './search-combobox';

/**
 * The search box (spec §4): a GET form to `/search?keywords=…` (with `print_ready=1` in print-ready
 * mode: `printReady`, or on a 3D-print page), with live suggestions and search by image once scripts run. Its placeholder differs on mobile and desktop: both
 * are drawn over the empty field and CSS shows the one for the screen.
 */
export async function SearchBox({
  locale,
  variant,
  printReady = false,
}: {
  locale: Locale;
  variant: 'hero' | 'header';
  printReady?: boolean;
}) {
  const [t, tPrint, tImage] = await Promise.all([
    getTranslations('search.SearchBox'),
    getTranslations('search.PrintReadySearch'),
    getTranslations('search.ImageSearch'),
  ]);
  const models = marketingFigures.models;
  return (
    <SearchCombobox
      locale={locale}
      action={getPathname({ locale, href: '/search' })}
      variant={variant}
      inputId={`search-${variant}`}
      maxLength={maxQueryLength}
      printReady={printReady}
      printPaths={{
        printListing: getPathname({ locale, href: '/3d-print-models' }),
        search: getPathname({ locale, href: '/search' }),
      }}
      printLabels={{
        form: variant === 'hero' ? tPrint('heroLabel') : tPrint('label'),
        input: tPrint('label'),
      }}
      printPlaceholders={
        <>
          <span className={styles.placeholderMobile} aria-hidden="true">
            {tPrint('placeholderMobile')}
          </span>
          <span className={styles.placeholderDesktop} aria-hidden="true">
            {tPrint('placeholderDesktop')}
          </span>
        </>
      }
      labels={{
        form: variant === 'hero' ? t('heroLabel') : t('label'),
        input: t('label'),
        submit: t('submit'),
        searching: t('searching'),
        suggestions: t('suggestions'),
        categories: t('suggestedCategories'),
        keywords: t('suggestedKeywords'),
        models: t('suggestedModels'),
        keywordInCategory: t('keywordInCategory', { keyword: '{keyword}', category: '{category}' }),
      }}
      imageSearch={
        <ImageSearchTrigger
          listingUrl={getPathname({ locale, href: '/3d-models' })}
          labels={{
            trigger: tImage('trigger'),
            title: tImage('title'),
            drop: tImage('drop'),
            choose: tImage('choose'),
            hint: tImage('hint'),
            uploading: tImage('uploading'),
            failed: tImage('failed'),
          }}
        />
      }
      placeholders={
        <>
          <span className={styles.placeholderMobile} aria-hidden="true">
            {t('placeholderMobile', { models })}
          </span>
          <span className={styles.placeholderDesktop} aria-hidden="true">
            {t('placeholderDesktop', { models })}
          </span>
        </>
      }
    />
  );
}
