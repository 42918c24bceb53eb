import { getTranslations } from 'next-intl/server';

import { getPathname } from '@/i18n/navigation';
import { languageTags, locales, type Locale } from '@/i18n/routing';

import { DisclosureMenu } from './disclosure-menu';
import { LocaleLinks } from './locale-links';
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

/**
 * The language switcher: links to the same page in each locale. Without scripts they lead to each
 * locale's home page; `LocaleLinks` points them at the page's hreflang alternates, which know its
 * translated slugs (categories, models).
 */
export async function LocaleSwitcher({ locale }: { locale: Locale }) {
  const t = await getTranslations('layout.LocaleSwitcher');
  return (
    <DisclosureMenu
      className={styles.switcher}
      summaryClassName={styles.button}
      summary={
        <>
          <span className="visually-hidden">{t('label')}: </span>
          {languageNames[locale]}
        </>
      }
    >
      <LocaleLinks>
        <ul className={styles.list} aria-label={t('label')}>
          {locales.map((l) => (
            <li key={l}>
              <a
                href={getPathname({ locale: l, href: '/' })}
                hrefLang={languageTags[l]}
                lang={languageTags[l]}
                aria-current={l === locale ? 'true' : undefined}
              >
                {languageNames[l]}
              </a>
            </li>
          ))}
        </ul>
      </LocaleLinks>
    </DisclosureMenu>
  );
}
