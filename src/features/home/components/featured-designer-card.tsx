import { Avatar } from '@/components/ui/avatar';
import { ModelCard, type ModelCardData, type ModelCardLabels } from '@/components/ui/model-card';
import { Rating } from '@/components/ui/rating';
import { buildHref } from '@/lib/query-string';
import { fillTemplate } from '@/lib/template';

import type { FeaturedDesignerData } from '../schemas';
import styles from './featured-designer-card.module.css';

/** Spec §9: at most 3 products. */
export const featuredProductsShown = 3;

/** Texts (translated by the server; `{…}` placeholders filled here) and the locale's paths. */
export interface FeaturedDesignerLabels {
  /** "Rated {rating} out of 5" */
  rating: string;
  /** "Models: {count}" */
  totalModels: string;
  keywords: string;
  /** "Browse all models by {username}" */
  browse: string;
  /** "{username}'s profile" */
  profile: string;
  card: ModelCardLabels;
  paths: { designers: string; search: string; models: string };
}

/**
 * Spec §3 "Featured designer" card: username and avatar (to the profile), rating with one decimal, the
 * total models label only when known, keyword tags (each a search within the designer's models), and
 * up to three products. Renders on the server (no-script fallback) and in the browser.
 */
export function FeaturedDesignerCard({
  designer,
  products,
  labels,
}: {
  designer: FeaturedDesignerData;
  products: ModelCardData[];
  labels: FeaturedDesignerLabels;
}) {
  const { username } = designer.user;
  const profileHref = `${labels.paths.designers}/${encodeURIComponent(username)}`;
  const rating = designer.user.rating.toFixed(1);
  const totalModels = designer.user.totalModels;
  return (
    <div className={styles.card} data-featured-designer={designer.id}>
      <div className={styles.profile}>
        <a
          href={profileHref}
          className={styles.avatarLink}
          aria-label={fillTemplate(labels.profile, { username })}
        >
          <Avatar username={username} image={designer.user.avatar} size={80} />
        </a>
        <div>
          <a href={profileHref} className={styles.username}>
            {username}
          </a>
          <p className={styles.meta}>
            <Rating readonly value={designer.user.rating} label={fillTemplate(labels.rating, { rating })} />
            <span aria-hidden="true" className={styles.ratingValue}>
              {rating}
            </span>
            {totalModels !== null && totalModels !== undefined && (
              <span className={styles.total} data-total-models="">
                {fillTemplate(labels.totalModels, { count: totalModels })}
              </span>
            )}
          </p>
        </div>
      </div>
      {designer.keywords.length > 0 && (
        <ul className={styles.keywords} aria-label={labels.keywords}>
          {designer.keywords.map((keyword) => (
            <li key={keyword}>
              <a href={buildHref(labels.paths.search, { keywords: keyword, author: username })}>{keyword}</a>
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
              labels={labels.card}
              sizes="(max-width: 575px) 100vw, (max-width: 1255px) 33vw, 320px"
            />
          </li>
        ))}
      </ul>
      <a className={styles.browse} href={buildHref(labels.paths.models, { page: 1, author: username })}>
        {fillTemplate(labels.browse, { username })}
      </a>
    </div>
  );
}
