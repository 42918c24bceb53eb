import { getTranslations } from 'next-intl/server';

import { languageTags, type Locale } from '@/i18n/routing';

import type { TeamPurchaseWithDownloads } from '../server/queries';
import styles from './orders.module.css';
import { fileSize } from './purchases-view';

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
            {item.files.length === 0 ? (
              <p className={styles.meta}>{t('noFiles')}</p>
            ) : (
              <ul className={styles.files} aria-label={t('downloads', { title: item.title })}>
                {item.files.map((file) => (
                  <li key={file.id}>
                    <a className="button button-secondary" href={file.href} download={file.fileName}>
                      {t('download', { file: file.fileName })} ({fileSize(file.sizeBytes, locale)})
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
