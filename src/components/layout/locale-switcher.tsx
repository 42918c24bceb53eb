'use client';

import { useParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition, type ChangeEvent } from 'react';

import { usePathname, useRouter } from '@/i18n/navigation';
import { languageTags, locales, type Locale } from '@/i18n/routing';

import styles from './locale-switcher.module.css';

/** Each language's name in itself, so a visitor finds their own. */
const languageNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  jp: '日本語',
  pt: 'Português',
  ru: 'Русский',
  'zh-CN': '简体中文',
};

export function LocaleSwitcher() {
  const t = useTranslations('layout.LocaleSwitcher');
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const params = useParams();
  const [isPending, startTransition] = useTransition();

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value as Locale;
    // The page's hreflang alternate knows its translated slugs (categories, models).
    const alternate = document.querySelector<HTMLLinkElement>(
      `link[rel="alternate"][hreflang="${languageTags[next]}"]`,
    );
    if (alternate) {
      window.location.assign(alternate.href);
      return;
    }
    startTransition(() => {
      // @ts-expect-error -- params always match the current pathname's template
      router.replace({ pathname, params }, { locale: next });
    });
  }

  return (
    <label className={styles.switcher}>
      <span className="visually-hidden">{t('label')}</span>
      <select value={locale} onChange={onChange} disabled={isPending} aria-label={t('label')}>
        {locales.map((l) => (
          <option key={l} value={l} lang={l === 'jp' ? 'ja' : l}>
            {languageNames[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
