import { getTranslations } from 'next-intl/server';

import { digestHourUtc } from '../server/digest';
import { PostButton } from './post-button';
import styles from './digest-now-panel.module.css';

/**
 * The admin dashboard's control for the saved-search digest (decision 0033): it runs every day by
 * itself; an admin may send it now (after a batch of approvals, or to check the mail setup).
 */
export async function DigestNowPanel() {
  const t = await getTranslations('savedSearches.Admin');
  return (
    <section className={styles.panel} aria-labelledby="search-digest-title">
      <h2 id="search-digest-title">{t('title')}</h2>
      <p>{t('lead', { hour: `${String(digestHourUtc).padStart(2, '0')}:00 UTC` })}</p>
      <PostButton
        className="button button-secondary"
        url="/api/internal/admin/saved-search-digests"
        labels={{ idle: t('button'), busy: t('busy'), failed: t('failed') }}
        outcome={{ field: 'queued', messages: { true: t('queued'), false: t('alreadyQueued') } }}
      />
    </section>
  );
}
