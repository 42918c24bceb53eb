import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { findDeals } from '@/features/orders/server/repository';
import { languageTags } from '@/i18n/routing';

import { languageAlternates } from '@/i18n/language-alternates';
import { localeOf } from '../route-params';
import styles from './coupons.module.css';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations('pages.Coupons');
  return {
    title: t('metaTitle'),
    description: t('lead'),
    alternates: languageAlternates(locale, () => '/coupons'),
  };
}

/** Spec §2 `/coupons`: the marketplace's current deals (codes entered in the cart), soonest ending first. */
export default async function CouponsPage({ params }: Props) {
  const locale = await localeOf(params);
  const [t, deals] = await Promise.all([getTranslations('pages.Coupons'), findDeals(new Date())]);
  const dates = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'long' });
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      {deals.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <ul className={styles.deals}>
          {deals.map((deal) => (
            <li key={deal.code}>
              <article className={styles.deal}>
                <h2 className={styles.percent}>{t('deal', { percent: deal.percentOff })}</h2>
                <p className={styles.code}>
                  <span className={styles.codeLabel}>{t('code')}</span>
                  <code>{deal.code}</code>
                </p>
                <p className={styles.expires}>{t('expires', { date: dates.format(deal.expiresAt) })}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
