import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import styles from './seller-stats.module.css';

/** What a signed-in user without the seller role sees on the sales and analytics pages. */
export async function BecomeSeller({ locale }: { locale: Locale }) {
  const t = await getTranslations('sellerStats.Common');
  return (
    <div className={styles.becomeSeller} data-testid="become-seller">
      <p>{t('notSeller')}</p>
      <a className="button" href={localizedHref(locale, '/studio/new')}>
        {t('startSelling')}
      </a>
    </div>
  );
}
