import { getLocale, getTranslations } from 'next-intl/server';

import { Avatar } from '@/components/ui/avatar';
import { localizedHref } from '@/i18n/navigation';

import type { DesignerProfileDto } from '../schemas';
import styles from './designer-card.module.css';

/**
 * The model page's designer card: who made it, their rating and models, and a custom request (a
 * project on the jobs board addressed to them; guests log in first) — or,
 * when they take none, the spec's 'This designer does not accept custom 3D Project requests'.
 */
export async function DesignerCard({ designer }: { designer: DesignerProfileDto }) {
  const t = await getTranslations('catalog.ModelPage');
  const locale = await getLocale();
  const href = localizedHref(locale, {
    pathname: '/designers/[username]',
    params: { username: designer.username },
  });
  return (
    <section className={styles.card} aria-labelledby="designer-card-heading">
      <h2 id="designer-card-heading" className="visually-hidden">
        {t('designerCard')}
      </h2>
      <div className={styles.who}>
        <Avatar username={designer.username} image={designer.avatar} size={48} />
        <div>
          <a className={styles.name} href={href} data-testid="designer-link">
            {designer.displayName ?? designer.username}
          </a>
          <p className={styles.meta}>
            {designer.ratingCount > 0 && (
              <span>★ {t('designerRating', { rating: designer.rating.toFixed(1) })} · </span>
            )}
            {t('designerModels', { count: designer.totalModels })}
          </p>
        </div>
      </div>
      {designer.acceptsCustomRequests ? (
        <a
          className={styles.request}
          href={localizedHref(locale, '/3d-modeling-jobs/new', { designer: designer.username })}
          data-testid="request-custom"
        >
          {t('requestCustom')}
        </a>
      ) : (
        <p className={styles.noRequests} data-testid="no-custom-requests">
          {t('noCustomRequests')}
        </p>
      )}
    </section>
  );
}
