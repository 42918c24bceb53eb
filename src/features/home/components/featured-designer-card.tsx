import { useLocale, useTranslations } from 'next-intl';

import { Avatar } from '@/components/ui/avatar';
import { ModelCard, type ModelCardData } from '@/components/ui/model-card';
import { Rating } from '@/components/ui/rating';
import { localizedHref } from '@/i18n/navigation';

import type { FeaturedDesignerData } from '../schemas';
import styles from './featured-designer-card.module.css';

/** Spec §9: at most 3 products. */
export const featuredProductsShown = 3;

/**
 * Spec §3 "Featured designer" card: username and avatar (to the profile), rating with one decimal, the
 * total models label only when known, keyword tags (each a search within the designer's models), and
 * up to three products. Renders on the server (no-script fallback) and in the browser.
 */
export function FeaturedDesignerCard({
  designer,
  products,
}: {
  designer: FeaturedDesignerData;
  products: ModelCardData[];
}) {
  const t = useTranslations('home.FeaturedDesigner');
  const locale = useLocale();
  const { username } = designer.user;
  const profileHref = localizedHref(locale, { pathname: '/designers/[username]', params: { username } });
  const rating = designer.user.rating.toFixed(1);
  return (
    <div className={styles.card} data-featured-designer={designer.id}>
      <div className={styles.profile}>
        <a href={profileHref} className={styles.avatarLink} aria-label={t('profile', { username })}>
          <Avatar username={username} image={designer.user.avatar} size={80} />
        </a>
        <div>
          <a href={profileHref} className={styles.username}>
            {username}
          </a>
          <p className={styles.meta}>
            <Rating readonly value={designer.user.rating} label={t('rating', { rating })} />
            <span aria-hidden="true" className={styles.ratingValue}>
              {rating}
            </span>
            {designer.user.totalModels !== null && designer.user.totalModels !== undefined && (
              <span className={styles.total}>{t('totalModels', { count: designer.user.totalModels })}</span>
            )}
          </p>
        </div>
      </div>
      {designer.keywords.length > 0 && (
        <ul className={styles.keywords} aria-label={t('keywords')}>
          {designer.keywords.map((keyword) => (
            <li key={keyword}>
              <a href={localizedHref(locale, '/search', { keywords: keyword, author: username })}>
                {keyword}
              </a>
            </li>
          ))}
        </ul>
      )}
      <ul className={styles.products}>
        {products.slice(0, featuredProductsShown).map((model) => (
          <li key={model.id}>
            <ModelCard
              model={model}
              headingLevel={3}
              sizes="(max-width: 575px) 100vw, (max-width: 963px) 33vw, 300px"
            />
          </li>
        ))}
      </ul>
      <a className={styles.browse} href={localizedHref(locale, '/3d-models', { page: 1, author: username })}>
        {t('browse', { username })}
      </a>
    </div>
  );
}
