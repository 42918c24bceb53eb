import { getTranslations } from 'next-intl/server';

import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { marketingFigures } from '@/lib/site';

import { maxQueryLength } from '../schemas';
import styles from './search-box.module.css';

/**
 * The search box (spec §4): a GET form to `/search?keywords=…` (with `print_ready=1` in print-ready
 * mode), so it works before and without scripts. Its placeholder differs on mobile and desktop: both
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
  const t = await getTranslations('search.SearchBox');
  const id = `search-${variant}`;
  const models = marketingFigures.models;
  return (
    <form
      role="search"
      aria-label={variant === 'hero' ? t('heroLabel') : t('label')}
      action={getPathname({ locale, href: '/search' })}
      method="get"
      className={`${styles.form} ${styles[variant]}`}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('label')}
      </label>
      <span className={styles.field}>
        <input
          id={id}
          className={styles.input}
          type="search"
          name="keywords"
          maxLength={maxQueryLength}
          placeholder=" "
          autoComplete="off"
          enterKeyHint="search"
        />
        <span className={styles.placeholderMobile} aria-hidden="true">
          {t('placeholderMobile', { models })}
        </span>
        <span className={styles.placeholderDesktop} aria-hidden="true">
          {t('placeholderDesktop', { models })}
        </span>
      </span>
      {printReady && <input type="hidden" name="print_ready" value="1" />}
      <button type="submit" className={styles.submit}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('submit')}</span>
      </button>
    </form>
  );
}
