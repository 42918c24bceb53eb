import { getTranslations } from 'next-intl/server';

import { languageTags, type Locale } from '@/i18n/routing';

import type { TeamPurchaseWithDownloads } from '../server/queries';
import styles from './orders.module.css';
import { DownloadList } from './download-list';

/**
 * The shared library of a business team: every model a member bought, who bought it, and its files
 * (links signed for the viewer, 15 minutes).
 */
export async function TeamLibraryView({
  locale,
  library,
}: {
  locale: Locale;
  library: TeamPurchaseWithDownloads[];
}) {
  const t = await getTranslations('business.Library');
  if (library.length === 0) return <p>{t('empty')}</p>;
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium' });
  return (
    <>
      <p className={styles.meta}>{t('linksExpire')}</p>
      <ul className={styles.lines}>
        {library.map((item) => (
          <li key={item.id} className={styles.line} data-testid="team-library-item">
            <div className={styles.lineHead}>
              <h3>{item.title}</h3>
            </div>
            <p className={styles.meta}>
              {t('boughtBy', {
                name: item.buyer.displayName ?? item.buyer.username,
                date: date.format(item.paidAt),
              })}
            </p>
            <DownloadList
              files={item.files}
              locale={locale}
              label={t('downloads', { title: item.title })}
              noFiles={t('noFiles')}
              downloadLabel={(file) => t('download', { file })}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
