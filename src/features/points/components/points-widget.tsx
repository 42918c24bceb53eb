import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import styles from './points-widget.module.css';

/** The header's credits balance (spec §2 points widget), linking to the points account page. */
export async function PointsWidget({ locale, balanceCents }: { locale: Locale; balanceCents: number }) {
  const t = await getTranslations('points.Widget');
  return (
    <a
      className={styles.widget}
      href={localizedHref(locale, '/points')}
      aria-label={t('label', { balance: formatPrice(balanceCents) })}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M3 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z" />
        <path d="M3 7l12-4v4" />
        <circle cx="16.5" cy="13.5" r="1.2" />
      </svg>
      <span aria-hidden="true">{formatPrice(balanceCents)}</span>
    </a>
  );
}
